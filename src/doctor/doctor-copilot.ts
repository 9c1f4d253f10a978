/**
 * Doctor checks of the GitHub Copilot CLI side, when a Copilot home exists: buddy-tui's hooks
 * file has every event, `disableAllHooks` is not on in Copilot's settings.json, and buddy-tui
 * hooks found in this repository's .github/hooks/ (which load only in a trusted folder: in
 * `copilot -p` only with --trust-folder) are named as such.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { join } from 'node:path';
import { COPILOT_HOOK_EVENTS, copilotHooksPath, resolveCopilotHome } from '../install/copilot-hooks.js';
import type { DoctorCheck } from './doctor-check.js';
import { buddyPresence } from '../install/merge-settings.js';
import { parseSettings, type JsonObject } from '../install/settings-json.js';

const INSTALL = 'buddy-tui install --host copilot';

function readJson(path: string): JsonObject | undefined {
  return existsSync(path)
    ? parseSettings(path, readSmallFile(path, { maxBytes: SMALL_FILE_LIMITS.config, followSymlinks: true }))
    : undefined;
}

/** The events of buddy-tui's hooks file that carry its group. */
function wiredEvents(home: string): Set<string> {
  return new Set(buddyPresence(readJson(copilotHooksPath(home)) ?? {}).events);
}

export function copilotHooksWired(env: NodeJS.ProcessEnv, cwd: string): boolean {
  try {
    const events = wiredEvents(resolveCopilotHome({}, env, cwd));
    return COPILOT_HOOK_EVENTS.every((event) => events.has(event));
  } catch {
    return false;
  }
}

/** Repo hook files (.github/hooks/*.json) of `cwd` that hold buddy-tui's groups. */
function repoHookFiles(cwd: string): string[] {
  const dir = join(cwd, '.github', 'hooks');
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => join(dir, name))
      .filter((path) => {
        try {
          return buddyPresence(readJson(path) ?? {}).events.length > 0;
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

export async function copilotChecks(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): Promise<DoctorCheck[]> {
  const home = resolveCopilotHome({}, env, cwd);
  if (!existsSync(home)) return [];
  const checks: DoctorCheck[] = [];
  const path = copilotHooksPath(home);
  try {
    const events = wiredEvents(home);
    const missing = COPILOT_HOOK_EVENTS.filter((event) => !events.has(event));
    if (missing.length === COPILOT_HOOK_EVENTS.length)
      checks.push({
        status: 'warn',
        title: `buddy-tui's Copilot hooks are not in ${path}`,
        fix: `run \`${INSTALL}\``,
        notWired: true,
      });
    else if (missing.length)
      checks.push({
        status: 'warn',
        title: `buddy-tui's Copilot hooks miss ${missing.length} event(s)`,
        detail: `${path}: ${missing.join(', ')}`,
        fix: `run \`${INSTALL}\``,
      });
    else
      checks.push({
        status: 'ok',
        title: `buddy-tui's Copilot hooks are registered for all ${COPILOT_HOOK_EVENTS.length} events`,
        detail: `${path} (user-level: no folder trust needed)`,
      });
  } catch (error) {
    checks.push({ status: 'fail', title: (error as Error).message, fix: `fix the file, then run \`${INSTALL}\`` });
  }
  const settingsPath = join(home, 'settings.json');
  try {
    if (readJson(settingsPath)?.disableAllHooks === true) {
      checks.push({
        status: 'fail',
        title: `"disableAllHooks": true in ${settingsPath} turns off every Copilot hook`,
        fix: 'remove "disableAllHooks" from that file',
      });
    }
  } catch (error) {
    checks.push({ status: 'warn', title: (error as Error).message });
  }
  const repo = repoHookFiles(cwd);
  if (repo.length) {
    checks.push({
      status: 'warn',
      title: "buddy-tui hooks in this repository's .github/hooks/ load only in a trusted folder",
      detail: `${repo.join(', ')}: Copilot asks to trust the folder in its TUI; \`copilot -p\` loads them only with --trust-folder`,
      fix: `prefer \`${INSTALL}\` (user-level, no trust needed)`,
    });
  }
  return checks;
}
