/**
 * The retention period the user chose, for the callers of pruneSessions (src/state/retention.ts),
 * which reads no config itself. Zod-free: the hook and the drain read it on their hot paths.
 */
import { readConfigObject } from './config-lite.js';
import { configFilePath } from './paths.js';

/**
 * `BUDDY_TUI_RETENTION_HOURS`, else the config file's `retentionHours` (read without zod: hot
 * path). A missing or broken config, or a bad value, gives the default (doctor reports it).
 */
export function retentionMsFromSettings(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const fromEnv = Number(env.BUDDY_TUI_RETENTION_HOURS);
  if (fromEnv > 0) return fromEnv * 3600_000;
  const hours = readConfigObject(configFilePath(env))?.retentionHours;
  return typeof hours === 'number' && hours > 0 && hours <= 24 * 365 ? hours * 3600_000 : undefined;
}
