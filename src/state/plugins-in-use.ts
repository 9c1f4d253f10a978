/**
 * `<root>/plugins-in-use.json`: what config the runner's plugins run on, written by the runner
 * (a pane or the headless one) at each load it keeps. The runner keeps its last good config in
 * memory when config.json is saved broken; `buddy-tui plugins` reads this file to say so instead
 * of "no plugin handlers configured". Atomic; a reserved name of the root (STATE_ROOT_NAMES).
 */
import { join } from 'node:path';
import { readSmallFileIfExists } from '../files/read-small-file.js';
import { atomicWriteJsonSync } from './atomic-write.js';

export const PLUGINS_IN_USE_FILE = 'plugins-in-use.json';
const MAX_BYTES = 4096;

export interface PluginsInUse {
  pid: number;
  /** The config.json the runner reads (resolved). */
  configFile: string;
  /** Its plugin handlers in use. */
  handlers: number;
  /** When this config was loaded (ms since the epoch). */
  loadedAt: number;
}

export function recordPluginsInUse(root: string, record: PluginsInUse): void {
  atomicWriteJsonSync(join(root, PLUGINS_IN_USE_FILE), record);
}

/** The record, or undefined when there is none or it is not one (a FIFO, a directory, junk). */
export function readPluginsInUse(root: string): PluginsInUse | undefined {
  try {
    const text = readSmallFileIfExists(join(root, PLUGINS_IN_USE_FILE), { maxBytes: MAX_BYTES });
    const value = text === undefined ? undefined : (JSON.parse(text) as Partial<PluginsInUse> | null);
    if (!value || typeof value !== 'object') return undefined;
    const { pid, configFile, handlers, loadedAt } = value;
    if (!Number.isInteger(pid) || typeof configFile !== 'string' || !Number.isInteger(handlers)) return undefined;
    return { pid: pid!, configFile, handlers: handlers!, loadedAt: typeof loadedAt === 'number' ? loadedAt : 0 };
  } catch {
    return undefined;
  }
}
