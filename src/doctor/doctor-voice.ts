/**
 * Doctor's line on the buddy's own voice (src/voice/): whether it speaks and through what, and
 * today's calls against its daily budget from delegate-usage.json, where it is counted as the
 * built-in plugin `buddy`.
 */
import type { BuddyConfig } from '../config/config-file.js';
import { readDelegateUsage } from '../delegate/delegate-usage.js';
import { utcDay } from '../delegate/delegate-usage.js';
import { stateRootPath } from '../state/state-root.js';
import {
  DEFAULT_VOICE_DAILY_BUDGET,
  describeVoiceMode,
  VOICE_PLUGIN_NAME,
  voiceModeOf,
  voiceUsageLine,
} from '../voice/voice-settings.js';
import type { DoctorCheck } from './doctor-check.js';

export function voiceCheck(env: NodeJS.ProcessEnv, config: BuddyConfig, now: number = Date.now()): DoctorCheck {
  const mode = voiceModeOf(config.reactions);
  const title = `the buddy's voice: ${describeVoiceMode(mode)}`;
  if (mode === 'off') return { status: 'ok', title, detail: '`buddy-tui voice on` turns it on' };
  const budget = config.reactions?.voiceDailyBudget ?? DEFAULT_VOICE_DAILY_BUDGET;
  const usage = readDelegateUsage(stateRootPath(env));
  const detail = `${voiceUsageLine(usage, budget, now)}; \`buddy-tui voice off\` turns it off`;
  const today = usage.plugins[VOICE_PLUGIN_NAME]?.days[utcDay(now)] ?? 0;
  if (budget > 0 && today >= budget)
    return {
      status: 'warn',
      title: `${title}: today's budget of ${budget} calls is spent`,
      detail,
      fix: 'the quips speak until midnight UTC; raise reactions.voiceDailyBudget for more',
    };
  return { status: 'ok', title, detail };
}
