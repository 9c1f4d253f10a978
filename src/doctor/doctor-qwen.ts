/**
 * Doctor checks of the Qwen Code side, when `~/.qwen` exists: buddy-tui's hooks in settings.json
 * for every event, `disableAllHooks` not on, and the note that Qwen rewrites that file (so a
 * hook lost in a rewrite shows here as missing, and uninstall keeps Qwen's own changes).
 */
import { existsSync, realpathSync } from 'node:fs';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import type { DoctorCheck } from './doctor-check.js';
import { readInstallRecord } from '../install/install-record.js';
import { buddyPresence } from '../install/merge-settings.js';
import { QWEN_HOOK_EVENTS, qwenSettingsPath, resolveQwenDir } from '../install/qwen-hooks.js';
import { parseSettings, type JsonObject } from '../install/settings-json.js';

const INSTALL = 'buddy-tui install --host qwen';

function readJson(path: string): JsonObject | undefined {
  return existsSync(path)
    ? parseSettings(path, readSmallFile(path, { maxBytes: SMALL_FILE_LIMITS.config, followSymlinks: true }))
    : undefined;
}

export function qwenHooksWired(env: NodeJS.ProcessEnv, cwd: string): boolean {
  try {
    const events = new Set(buddyPresence(readJson(qwenSettingsPath(resolveQwenDir({}, env, cwd))) ?? {}).events);
    return QWEN_HOOK_EVENTS.every((event) => events.has(event));
  } catch {
    return false;
  }
}

export async function qwenChecks(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): Promise<DoctorCheck[]> {
  const dir = resolveQwenDir({}, env, cwd);
  if (!existsSync(dir)) return [];
  const checks: DoctorCheck[] = [];
  const path = qwenSettingsPath(dir);
  let settings: JsonObject = {};
  try {
    settings = readJson(path) ?? {};
    const events = new Set(buddyPresence(settings).events);
    const missing = QWEN_HOOK_EVENTS.filter((event) => !events.has(event));
    if (missing.length === QWEN_HOOK_EVENTS.length)
      checks.push({
        status: 'warn',
        title: `buddy-tui's Qwen hooks are not in ${path}`,
        fix: `run \`${INSTALL}\``,
        notWired: true,
      });
    else if (missing.length)
      checks.push({
        status: 'warn',
        title: `buddy-tui's Qwen hooks miss ${missing.length} event(s)`,
        detail: `${path}: ${missing.join(', ')}`,
        fix: `run \`${INSTALL}\``,
      });
    else
      checks.push({
        status: 'ok',
        title: `buddy-tui's Qwen hooks are registered for all ${QWEN_HOOK_EVENTS.length} events it needs`,
        detail: path,
      });
    const record = existsSync(path) ? readInstallRecord(realpathSync(path), env) : undefined;
    if (
      record &&
      record.installedText !== readSmallFile(path, { maxBytes: SMALL_FILE_LIMITS.config, followSymlinks: true })
    ) {
      checks.push({
        status: 'ok',
        title: `Qwen rewrote ${path} since buddy-tui's install (it adds "$version" and UI keys)`,
        detail: "uninstall takes out buddy-tui's entries and keeps Qwen's changes",
      });
    }
  } catch (error) {
    checks.push({ status: 'fail', title: (error as Error).message, fix: `fix the file, then run \`${INSTALL}\`` });
  }
  if (settings.disableAllHooks === true)
    checks.push({
      status: 'fail',
      title: `"disableAllHooks": true in ${path} turns off every Qwen hook`,
      fix: 'remove "disableAllHooks" from that file',
    });
  return checks;
}
