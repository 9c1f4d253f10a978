/**
 * `buddy-tui voice [on|off]`: the buddy's own voice (src/voice/), set in config.json's
 * `reactions.voice`; with no argument, what it is and today's calls against its budget. The file
 * is edited as JSON, every other key kept; a file that is not a JSON object is left alone (exit 1).
 */
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { readJsonFile } from '../config/config-lite.js';
import type { ConfigError } from '../config/config-errors.js';
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
  const errors: ConfigError[] = [];
  const read = readJsonFile(file, errors);
  if (!read.ok || (read.exists && !isObject(read.value))) {
    io.stderr(term`buddy-tui: ${file} is not a JSON object (${errors[0]?.message ?? 'other JSON'}): left unchanged\n`);
    return 1;
  }
  const config: JsonObject = read.exists ? (read.value as JsonObject) : {};
  const reactions: VoiceConfig = isObject(config.reactions) ? (config.reactions as VoiceConfig) : {};
  if (wanted === undefined) {
    const budget = reactions.voiceDailyBudget ?? DEFAULT_VOICE_DAILY_BUDGET;
    const usage = voiceUsageLine(readDelegateUsage(stateRootPath()), budget, Date.now());
    io.stdout(term`voice: ${describeVoiceMode(voiceModeOf(reactions))}\n${usage}\n`);
    return 0;
  }
  const next = { ...config, reactions: { ...reactions, voice: wanted === 'on' } };
  // A linked config (a dotfiles repo) is written where the link points, the link kept.
  const target = read.exists ? realpathSync(file) : file;
  if (!existsSync(dirname(target))) mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  atomicWriteJsonSync(target, next, 0o644);
  io.stdout(term`${voiceNotice(voiceModeOf(next.reactions))}\n(reactions.voice in ${file})\n`);
  return 0;
}
