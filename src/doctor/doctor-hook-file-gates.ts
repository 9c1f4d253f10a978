/**
 * What can silence a hook-file host's hooks, as doctor checks it: one function per kind of gate of
 * src/hosts/host-spec.ts. A host whose gate is a new kind adds it here.
 */
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import type { HookFileGate, HostWithHookFile } from '../hosts/host-spec.js';
import { readInstallRecord } from '../install/install-record.js';
import { buddyPresence } from '../install/merge-settings.js';
import { parseSettings, type JsonObject } from '../install/settings-json.js';
import type { DoctorCheck } from './doctor-check.js';

export interface GateContext {
  spec: HostWithHookFile;
  /** The host's config folder, and its hooks file in it. */
  folder: string;
  path: string;
  /** The hooks file as read; undefined when it could not be (doctor already failed it). */
  settings: JsonObject | undefined;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

const readText = (path: string): string =>
  readSmallFile(path, { maxBytes: SMALL_FILE_LIMITS.config, followSymlinks: true });

export function readJson(path: string): JsonObject | undefined {
  return existsSync(path) ? parseSettings(path, readText(path)) : undefined;
}

export function gateChecks(gate: HookFileGate, ctx: GateContext): DoctorCheck[] {
  switch (gate.kind) {
    case 'switch-on':
      return switchOn(gate.file, gate.key, ctx);
    case 'gemini-settings-and-trust':
      return geminiGates(ctx);
    case 'repo-hook-files':
      return repoHookFiles(gate.dir, ctx);
    case 'host-rewrites-file':
      return hostRewrites(gate.note, ctx);
    case 'unwrapped-hooks-file':
      return wrappedHooksFiles(gate.file, ctx);
  }
}

/** `a.b`: the value of `b` in `a`; a plain key: its own value. */
function valueAt(settings: JsonObject | undefined, key: string): unknown {
  let value: unknown = settings;
  for (const part of key.split('.'))
    value = value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject)[part] : undefined;
  return value;
}

/**
 * A hooks file (the user's, the project's) wrapped in `{"hooks": ...}`: the host loads nothing of it,
 * silently. One with the events at its top level loads beside the settings: buddy-tui's groups there
 * too would bring each event twice.
 */
function wrappedHooksFiles(file: string, ctx: GateContext): DoctorCheck[] {
  const places = [join(ctx.folder, file), join(ctx.cwd, ctx.spec.hookFile.folder.name, file)];
  return [...new Set(places)].flatMap((path): DoctorCheck[] => {
    let found: JsonObject | undefined;
    try {
      found = readJson(path);
    } catch {
      return [];
    }
    const hooks = found?.hooks;
    if (found && buddyPresence({ hooks: found }).events.length > 0)
      return [
        {
          status: 'warn',
          title: `buddy-tui's hooks are also in ${path}`,
          detail: `${ctx.spec.label} loads that file beside ${ctx.path}: each event reaches the buddy twice`,
          fix: "remove buddy-tui's groups from that file",
        },
      ];
    if (!hooks || typeof hooks !== 'object' || Array.isArray(hooks)) return [];
    return [
      {
        status: 'warn',
        title: `${path} is wrapped in {"hooks": ...}: ${ctx.spec.hookFile.short} loads none of its hooks`,
        detail: `in ${file} the event names are the top-level keys (only settings.json has the "hooks" key)`,
        fix: 'move the events out of "hooks" to the top level of that file',
      },
    ];
  });
}

function switchOn(file: string, key: string, ctx: GateContext): DoctorCheck[] {
  const path = join(ctx.folder, file);
  const found = (settings: JsonObject | undefined): DoctorCheck[] =>
    valueAt(settings, key) === true
      ? [
          {
            status: 'fail',
            title: `"${key}": true in ${path} turns off every ${ctx.spec.hookFile.short} hook`,
            fix: `remove "${key}" from that file`,
          },
        ]
      : [];
  // The hooks file itself was read (or failed) already.
  if (path === ctx.path) return found(ctx.settings);
  try {
    return found(readJson(path));
  } catch (error) {
    return [{ status: 'warn', title: (error as Error).message }];
  }
}

function hostRewrites(note: string, ctx: GateContext): DoctorCheck[] {
  if (ctx.settings === undefined) return [];
  try {
    const record = existsSync(ctx.path) ? readInstallRecord(realpathSync(ctx.path), ctx.env) : undefined;
    if (!record || record.installedText === readText(ctx.path)) return [];
    return [
      {
        status: 'ok',
        title: `${ctx.spec.hookFile.short} rewrote ${ctx.path} since buddy-tui's install (${note})`,
        detail: `uninstall takes out buddy-tui's entries and keeps ${ctx.spec.hookFile.short}'s changes`,
      },
    ];
  } catch (error) {
    return [
      {
        status: 'fail',
        title: (error as Error).message,
        fix: `fix the file, then run \`buddy-tui install --host ${ctx.spec.id}\``,
      },
    ];
  }
}

/** Repo hook files of the working folder that hold buddy-tui's groups: they load only in a trusted folder. */
function repoHookFiles(dir: string, ctx: GateContext): DoctorCheck[] {
  const folder = join(ctx.cwd, dir);
  let found: string[];
  try {
    found = readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => join(folder, name))
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
  if (!found.length) return [];
  return [
    {
      status: 'warn',
      title: `buddy-tui hooks in this repository's ${dir}/ load only in a trusted folder`,
      detail: `${found.join(', ')}: ${ctx.spec.hookFile.short} asks to trust the folder in its TUI; \`${ctx.spec.id} -p\` loads them only with --trust-folder`,
      fix: `prefer \`buddy-tui install --host ${ctx.spec.id}\` (user-level, no trust needed)`,
    },
  ];
}

const within = (parent: string, child: string): boolean => {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** Gemini's own answer for `cwd`: true, false (DO_NOT_TRUST) or undefined (no rule); longest rule wins, as 0.61.0 reads it. */
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

/**
 * Gemini: hooks switched off (`hooksConfig.enabled: false`, `enableHooks: false`), buddy-tui's hook
 * named in `hooksConfig.disabled`, and this folder not trusted: Gemini runs no hook at all in an
 * untrusted folder, headless included (`--skip-trust` / GEMINI_CLI_TRUST_WORKSPACE=true trust one run).
 */
function geminiGates({ folder, path, settings = {}, env, cwd }: GateContext): DoctorCheck[] {
  const checks: DoctorCheck[] = [];
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
  if (folderTrust === false || env.GEMINI_CLI_TRUST_WORKSPACE === 'true') return checks;
  let trusted: boolean | undefined;
  try {
    trusted = geminiTrusts(readJson(join(folder, 'trustedFolders.json')) ?? {}, cwd);
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
  return checks;
}
