/**
 * `<root>/voice-lines.json`: the buddy's voice's last lines (src/voice/), so a runner started
 * again (a new pane, the headless runner after its idle exit) still never repeats one of them.
 * Atomic; a reserved name of the root (STATE_ROOT_NAMES). Whatever is there, a list of at most
 * `max` short strings comes back, or none.
 */
import { join } from 'node:path';
import { readSmallFileIfExists } from '../files/read-small-file.js';
import { atomicWriteJsonSync } from './atomic-write.js';

export const VOICE_LINES_FILE = 'voice-lines.json';
const MAX_BYTES = 64 * 1024;
const MAX_LINE_CHARS = 500;

export function readVoiceLines(root: string, max: number): string[] {
  try {
    const text = readSmallFileIfExists(join(root, VOICE_LINES_FILE), { maxBytes: MAX_BYTES });
    const value = text === undefined ? undefined : (JSON.parse(text) as { lines?: unknown } | null);
    const lines = value && typeof value === 'object' && Array.isArray(value.lines) ? value.lines : [];
    return lines
      .filter((line): line is string => typeof line === 'string' && line.length <= MAX_LINE_CHARS)
      .slice(-max);
  } catch {
    // A FIFO, a directory, junk: the voice starts with no memory.
    return [];
  }
}

export function writeVoiceLines(root: string, lines: readonly string[]): void {
  atomicWriteJsonSync(join(root, VOICE_LINES_FILE), { lines });
}
