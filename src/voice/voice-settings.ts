/**
 * Consent and cost of the buddy's voice, from config.json's `reactions` section:
 * - `voice` unset: on only where it needs no key and no extra process, i.e. while the buddy mod
 *   answers through the Claude Code session ("session"); `true`: through the delegate path's
 *   own choice (the session first, then the host's CLI); `false`: off, the quips alone.
 * - `voiceDailyBudget`: its calls per UTC day (default 100), the delegate policy of the
 *   built-in plugin `buddy`, with the voice's small token cap; `delegate.plugins.buddy` still wins.
 * Zod-free: doctor and the CLI read it.
 */
import type { DelegateConfig } from '../delegate/delegate-config.js';
import { utcDay, type DelegateUsage } from '../delegate/delegate-usage.js';

export type VoiceMode = 'off' | 'session' | 'on';

/** The name the voice's calls are admitted and counted under (the built-in plugin's). */
export const VOICE_PLUGIN_NAME = 'buddy';
export const DEFAULT_VOICE_DAILY_BUDGET = 100;

export interface VoiceConfig {
  voice?: boolean;
  voiceDailyBudget?: number;
}

export function voiceModeOf(reactions: VoiceConfig | undefined): VoiceMode {
  const voice = reactions?.voice;
  return voice === true ? 'on' : voice === false ? 'off' : 'session';
}

const budgetValue = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

/**
 * The voice's calls per UTC day as withVoicePolicy sets them (0: no limit), from values not yet
 * checked (the statusline reads config.json without zod): the user's `delegate.plugins.buddy.dailyBudget`,
 * else `reactions.voiceDailyBudget`, else the default.
 */
export function voiceDailyBudgetOf(reactions: VoiceConfig | undefined, ownBudget: unknown): number {
  return budgetValue(ownBudget) ?? budgetValue(reactions?.voiceDailyBudget) ?? DEFAULT_VOICE_DAILY_BUDGET;
}

/** The voice's calls today (UTC) as the delegate's ledger counts them. */
export const voiceCallsToday = (usage: DelegateUsage, now: number): number =>
  usage.plugins[VOICE_PLUGIN_NAME]?.days[utcDay(now)] ?? 0;

/** The delegate config with the voice's policy under `plugins.buddy` (the user's own keys there win). */
export function withVoicePolicy(
  delegate: DelegateConfig | undefined,
  reactions: VoiceConfig | undefined,
): DelegateConfig {
  const own = delegate?.plugins?.[VOICE_PLUGIN_NAME];
  return {
    ...delegate,
    plugins: {
      ...delegate?.plugins,
      [VOICE_PLUGIN_NAME]: {
        dailyBudget: reactions?.voiceDailyBudget ?? DEFAULT_VOICE_DAILY_BUDGET,
        maxTokensCap: 80,
        ...own,
      },
    },
  };
}

/** The voice's consent in a few words, for doctor and `buddy-tui voice`. */
export function describeVoiceMode(mode: VoiceMode): string {
  if (mode === 'off') return 'off (reactions.voice is false): the canned quips speak';
  if (mode === 'on') return "on (reactions.voice is true): through the buddy mod's session, else your host's CLI";
  return 'on while the buddy mod answers through your Claude Code session (no key, no extra process); set reactions.voice to true for the CLI too';
}

/** Today's calls against the budget, and the tokens so far: "12 of 100 calls today; 4,210 tokens in, 380 out". */
export function voiceUsageLine(usage: DelegateUsage, budget: number, now: number): string {
  const own = usage.plugins[VOICE_PLUGIN_NAME];
  const today = own?.days[utcDay(now)] ?? 0;
  const limit = budget > 0 ? `${today} of ${budget} calls today` : `${today} calls today (no daily limit)`;
  if (!own) return limit;
  return `${limit}; ${own.inputTokens.toLocaleString('en')} tokens in, ${own.outputTokens.toLocaleString('en')} out over ${own.calls} calls`;
}

/** One line for install and the first /buddy card: who speaks, and how to turn it off. */
export function voiceNotice(mode: VoiceMode, budget = DEFAULT_VOICE_DAILY_BUDGET): string {
  if (mode === 'off')
    return 'The buddy speaks in canned quips (its voice is off): `buddy-tui voice on` lets it speak with your own model.';
  return `The buddy speaks with your own model (your login, at most ${budget} short calls a day): \`buddy-tui voice off\` turns it off.`;
}
