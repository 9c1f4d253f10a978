/**
 * `buddy-tui voice [on|off]`: the buddy's own voice (src/voice/), set in config.json's
 * `reactions.voice` (src/voice/voice-config-file.ts); with no argument, what it is and today's
 * calls against its budget. A config file that is not a JSON object is left alone (exit 1).
 */
import { parseArgs } from 'node:util';
import { configFilePath } from '../config/paths.js';
import { readDelegateUsage } from '../delegate/delegate-usage.js';
import { stateRootPath } from '../state/state-root.js';
import { term } from '../text/terminal-text.js';
import {
  DEFAULT_VOICE_DAILY_BUDGET,
  describeVoiceMode,
  voiceModeOf,
  voiceNotice,
  voiceUsageLine,
} from '../voice/voice-settings.js';
import { readVoiceConfig, setVoice } from '../voice/voice-config-file.js';
import { processIo } from './cli-io.js';

const USAGE = term`usage: buddy-tui voice [on|off] [--config <file>]

The buddy's own voice: its reactions written by your own model (your Claude Code login through the
buddy mod, else your host's CLI), within a daily budget (reactions.voiceDailyBudget, default 100).
"on" and "off" set reactions.voice in config.json; with neither, says what it is and today's use.`;

export async function run(args: string[]): Promise<number> {
  const io = processIo();
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { config: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [wanted, ...extra] = positionals;
  if (values.help || extra.length > 0 || (wanted !== undefined && wanted !== 'on' && wanted !== 'off')) {
    io.stdout(term`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const file = values.config ?? configFilePath();
  if (wanted === undefined) {
    const read = readVoiceConfig(file);
    if ('error' in read) {
      io.stderr(term`${read.error}\n`);
      return 1;
    }
    const budget = read.reactions.voiceDailyBudget ?? DEFAULT_VOICE_DAILY_BUDGET;
    const usage = voiceUsageLine(readDelegateUsage(stateRootPath()), budget, Date.now());
    io.stdout(term`voice: ${describeVoiceMode(voiceModeOf(read.reactions))}\n${usage}\n`);
    return 0;
  }
  const set = setVoice(file, wanted === 'on');
  if ('error' in set) {
    io.stderr(term`${set.error}\n`);
    return 1;
  }
  io.stdout(term`${set.notice}\n(reactions.voice in ${file})\n`);
  return 0;
}

/**
 * For the mod's /buddy card: what the buddy speaks with and how to turn it off, and today's calls
 * against its budget. Undefined when config.json cannot be read as an object.
 */
export function voiceCardLine(env: NodeJS.ProcessEnv, now: number): string | undefined {
  const read = readVoiceConfig(configFilePath(env));
  if ('error' in read) return undefined;
  const budget = read.reactions.voiceDailyBudget ?? DEFAULT_VOICE_DAILY_BUDGET;
  const mode = voiceModeOf(read.reactions);
  const usage = mode === 'off' ? '' : ` Today: ${voiceUsageLine(readDelegateUsage(stateRootPath(env)), budget, now)}.`;
  return `${voiceNotice(mode, budget).replaceAll('buddy-tui voice', '/buddy voice')}${usage}`;
}
