/**
 * config.json's `reactions.voice` as `buddy-tui voice on|off`, `/buddy voice on|off` and the pane's
 * `v` set it: the file is edited as JSON, every other key kept; a file that is not a JSON object
 * is left alone. Zod-free: the mod's command reads it on each /buddy card.
 */
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { readJsonFile } from '../config/config-lite.js';
import { atomicWriteJsonSync } from '../state/atomic-write.js';
import type { ConfigError } from '../text/json-path-errors.js';
import { voiceModeOf, voiceNotice, type VoiceConfig } from './voice-settings.js';

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export type VoiceConfigRead = { config: JsonObject; reactions: VoiceConfig; exists: boolean } | { error: string };

/** The file's object and its `reactions` section (empty when the file is missing). */
export function readVoiceConfig(file: string): VoiceConfigRead {
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
