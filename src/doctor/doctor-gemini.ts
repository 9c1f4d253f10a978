/**
 * Doctor checks of the Gemini CLI side, when `<home>/.gemini` exists: buddy-tui's hooks in
 * settings.json for every event, hooks not switched off (`hooksConfig.enabled: false`, or
 * buddy-tui's hook named in `hooksConfig.disabled`), and this folder trusted: Gemini runs no hook
 * at all in an untrusted folder, headless included (trustedFolders.json, longest rule wins, as
 * Gemini 0.61.0 reads it; `--skip-trust` / GEMINI_CLI_TRUST_WORKSPACE=true trust one run).
 */
import { existsSync } from 'node:fs';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { dirname, join, relative, resolve, isAbsolute } from 'node:path';
import type { DoctorCheck } from './doctor-check.js';
import { GEMINI_HOOK_EVENTS, geminiSettingsPath, resolveGeminiDir } from '../install/gemini-hooks.js';
import { buddyPresence } from '../install/merge-settings.js';
import { parseSettings, type JsonObject } from '../install/settings-json.js';

const INSTALL = 'buddy-tui install --host gemini';

function readJson(path: string): JsonObject | undefined {
  return existsSync(path)
    ? parseSettings(path, readSmallFile(path, { maxBytes: SMALL_FILE_LIMITS.config, followSymlinks: true }))
    : undefined;
}

export function geminiHooksWired(env: NodeJS.ProcessEnv, cwd: string): boolean {
  try {
    const events = new Set(buddyPresence(readJson(geminiSettingsPath(resolveGeminiDir({}, env, cwd))) ?? {}).events);
    return GEMINI_HOOK_EVENTS.every((event) => events.has(event));
  } catch {
    return false;
  }
}

const within = (parent: string, child: string): boolean => {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** Gemini's own answer for `cwd`: true, false (DO_NOT_TRUST) or undefined (no rule). */
export function geminiTrusts(rules: JsonObject, cwd: string): boolean | undefined {
  let best: { length: number; level: unknown } | undefined;
  for (const [rule, level] of Object.entries(rules)) {
    const base = level === 'TRUST_PARENT' ? dirname(rule) : rule;
    if (within(resolve(base), resolve(cwd)) && (!best || rule.length > best.length))
      best = { length: rule.length, level };
  }
  if (best?.level === 'DO_NOT_TRUST') return false;
  return best?.level === 'TRUST_FOLDER' || best?.level === 'TRUST_PARENT' ? true : undefined;
}

export async function geminiChecks(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): Promise<DoctorCheck[]> {
  const dir = resolveGeminiDir({}, env, cwd);
  if (!existsSync(dir)) return [];
  const checks: DoctorCheck[] = [];
  const path = geminiSettingsPath(dir);
  let settings: JsonObject = {};
  try {
    settings = readJson(path) ?? {};
    const events = new Set(buddyPresence(settings).events);
    const missing = GEMINI_HOOK_EVENTS.filter((event) => !events.has(event));
    if (missing.length === GEMINI_HOOK_EVENTS.length)
      checks.push({
        status: 'warn',
        title: `buddy-tui's Gemini hooks are not in ${path}`,
        fix: `run \`${INSTALL}\``,
        notWired: true,
      });
    else if (missing.length)
      checks.push({
        status: 'warn',
        title: `buddy-tui's Gemini hooks miss ${missing.length} event(s)`,
        detail: `${path}: ${missing.join(', ')}`,
        fix: `run \`${INSTALL}\``,
      });
    else
      checks.push({
        status: 'ok',
        title: `buddy-tui's Gemini hooks are registered for all ${GEMINI_HOOK_EVENTS.length} events it needs`,
        detail: path,
      });
  } catch (error) {
    checks.push({ status: 'fail', title: (error as Error).message, fix: `fix the file, then run \`${INSTALL}\`` });
  }
  const hooksConfig = (settings.hooksConfig ?? {}) as { enabled?: unknown; disabled?: unknown };
  if (hooksConfig.enabled === false || settings.enableHooks === false) {
    checks.push({
      status: 'fail',
      title: `Gemini hooks are switched off in ${path} (${hooksConfig.enabled === false ? '"hooksConfig": {"enabled": false}' : '"enableHooks": false'})`,
      fix: 'remove that setting (hooks are on by default)',
    });
  }
  if (Array.isArray(hooksConfig.disabled) && hooksConfig.disabled.includes('buddy-tui')) {
    checks.push({
      status: 'fail',
      title: `buddy-tui's Gemini hook is listed in "hooksConfig.disabled" in ${path}`,
      fix: 'take "buddy-tui" out of that list',
    });
  }
  const folderTrust = ((settings.security as JsonObject | undefined)?.folderTrust as JsonObject | undefined)?.enabled;
  if (folderTrust !== false && env.GEMINI_CLI_TRUST_WORKSPACE !== 'true') {
    let trusted: boolean | undefined;
    try {
      trusted = geminiTrusts(readJson(join(dir, 'trustedFolders.json')) ?? {}, cwd);
    } catch {
      trusted = undefined;
    }
    if (trusted !== true) {
      checks.push({
        status: 'warn',
        title:
          trusted === false
            ? 'this folder is marked "do not trust" in Gemini: it runs no hooks here'
            : "this folder is not trusted in Gemini yet: it runs no hooks (buddy-tui's included) until it is",
        detail: cwd,
        fix: 'start `gemini` here and trust the folder (headless runs: --skip-trust or GEMINI_CLI_TRUST_WORKSPACE=true)',
      });
    }
  }
  return checks;
}
