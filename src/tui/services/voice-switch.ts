/**
 * `v` in the pane: the buddy's voice on or off, the same setting `buddy-tui voice on|off` writes
 * (config.json's `reactions.voice`, src/voice/voice-config-file.ts). The footer says what the buddy
 * now speaks with; the runner's voice follows the file as every config change (live-config.ts).
 * Any pane may press it: there is one config.json.
 */
import { onAbort } from '../../process/lifetime.js';
import { toSafeText } from '../../text/safe-text.js';
import { readVoiceConfig, setVoice } from '../../voice/voice-config-file.js';
import { DEFAULT_VOICE_DAILY_BUDGET, voiceModeOf } from '../../voice/voice-settings.js';
import type { BuddyStore } from '../store/index.js';

export interface VoiceSwitchOptions {
  store: BuddyStore;
  configFile: string;
  clock: () => number;
  signal: AbortSignal;
}

/** The footer's line after `v`: the new setting and what it means, in the pane's words. */
export function voiceSwitchNotice(on: boolean, budget: number): string {
  return on
    ? `voice on: the buddy speaks with your own model (at most ${budget} short calls a day)`
    : 'voice off: the buddy speaks in canned quips';
}

/** Flips the voice in the file: off when it speaks now (unset speaks through the mod), else on. */
export function switchVoice(configFile: string): { notice: string } | { error: string } {
  const read = readVoiceConfig(configFile);
  if ('error' in read) return read;
  const on = voiceModeOf(read.reactions) === 'off';
  const set = setVoice(configFile, on);
  if ('error' in set) return set;
  return { notice: voiceSwitchNotice(on, read.reactions.voiceDailyBudget ?? DEFAULT_VOICE_DAILY_BUDGET) };
}

/** Gives the store its `v` for the pane's lifetime. */
export function startVoiceSwitch(options: VoiceSwitchOptions): void {
  const { store, configFile, clock } = options;
  store.getState().setVoiceSwitch(() => {
    const done = switchVoice(configFile);
    const text = 'error' in done ? done.error : done.notice;
    store.getState().setNotice(toSafeText(text, { maxLength: 120 }), clock(), 'error' in done ? 'warning' : 'info');
  });
  onAbort(options.signal, () => store.getState().setVoiceSwitch(undefined));
}
