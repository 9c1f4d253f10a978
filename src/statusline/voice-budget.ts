/**
 * Whether the buddy's voice has used its daily budget (src/voice/voice-settings.ts), so its lines
 * are the canned quips until the UTC day ends: the statusline says so instead of leaving the user
 * to wonder. Hot path: config.json's object as the statusline already read it (no zod), and the
 * delegate's small ledger file in the state root, read only while the voice is not off.
 */
import type { ConfigObject } from '../config/config-migrations.js';
import { readDelegateUsage } from '../delegate/delegate-usage.js';
import {
  VOICE_PLUGIN_NAME,
  voiceCallsToday,
  voiceDailyBudgetOf,
  voiceModeOf,
  type VoiceConfig,
} from '../voice/voice-settings.js';

export interface VoiceSpent {
  calls: number;
  budget: number;
}

const objectOr = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** Today's calls and the budget when the voice is on and has used it all; undefined otherwise. */
export function voiceSpentOf(config: ConfigObject | undefined, root: string, now: number): VoiceSpent | undefined {
  const reactions = objectOr(config?.reactions) as VoiceConfig | undefined;
  if (voiceModeOf(reactions) === 'off') return undefined;
  const own = objectOr(objectOr(objectOr(config?.delegate)?.plugins)?.[VOICE_PLUGIN_NAME]);
  const budget = voiceDailyBudgetOf(reactions, own?.dailyBudget);
  if (budget === 0) return undefined;
  const calls = voiceCallsToday(readDelegateUsage(root), now);
  return calls >= budget ? { calls, budget } : undefined;
}
