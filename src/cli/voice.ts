/**
 * `buddy-tui voice [on|off]`: the buddy's own voice (src/voice/), set in config.json's
 * `reactions.voice`; with no argument, what it is and today's calls against its budget. The file
 * is edited as JSON, every other key kept; a file that is not a JSON object is left alone (exit 1).
 */
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { readJsonFile } from '../config/config-lite.js';
import type { ConfigError } from '../text/json-path-errors.js';
import { configFilePath } from '../config/paths.js';
import { readDelegateUsage } from '../delegate/delegate-usage.js';
import { atomicWriteJsonSync } from '../state/atomic-write.js';
import { stateRootPath } from '../state/state-root.js';
import { term } from '../text/terminal-text.js';
import {
  DEFAULT_VOICE_DAILY_BUDGET,
  describeVoiceMode,
  voiceModeOf,
  voiceNotice,
  voiceUsageLine,
  type VoiceConfig,
} from '../voice/voice-settings.js';
import { processIo } from './cli-io.js';

const USAGE = term`usage: buddy-tui voice [on|off] [--config <file>]

The buddy's own voice: its reactions written by your own model (your Claude Code login through the
buddy mod, else your host's CLI), within a daily budget (reactions.voiceDailyBudget, default 100).
"on" and "off" set reactions.voice in config.json; with neither, says what it is and today's use.`;

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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

type Read = { config: JsonObject; reactions: VoiceConfig; exists: boolean } | { error: string };

function readVoiceConfig(file: string): Read {
  const errors: ConfigError[] = [];
  const read = readJsonFile(file, errors);
  if (!read.ok || (read.exists && !isObject(read.value)))
    return { error: `buddy-tui: ${file} is not a JSON object (${errors[0]?.message ?? 'other JSON'}): left unchanged` };
  const config: JsonObject = read.exists ? (read.value as JsonObject) : {};
  const reactions: VoiceConfig = isObject(config.reactions) ? (config.reactions as VoiceConfig) : {};
  return { config, reactions, exists: read.exists };
}

/**
 * Sets reactions.voice in the config file, every other key kept (`buddy-tui voice on|off`, and
 * `/buddy voice on|off` in the mod); the one line that says what the buddy now speaks with.
 */
export function setVoice(file: string, on: boolean): { notice: string } | { error: string } {
  const read = readVoiceConfig(file);
  if ('error' in read) return read;
  const next = { ...read.config, reactions: { ...read.reactions, voice: on } };
  // A linked config (a dotfiles repo) is written where the link points, the link kept.
  const target = read.exists ? realpathSync(file) : file;
  if (!existsSync(dirname(target))) mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  atomicWriteJsonSync(target, next, 0o644);
  return { notice: voiceNotice(voiceModeOf(next.reactions)) };
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
