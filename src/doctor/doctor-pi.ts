/**
 * Doctor checks of the Pi coding agent, when its agent folder exists: buddy-tui's extension there
 * and current (the text install would write now), the version floor, and what silently keeps Pi
 * from loading it (../shared/pi-0.73.1/RECIPE.md): an exclusion in the `extensions` list of
 * Pi's settings.json (what `pi config` writes), an ignore file in the extensions folder, and
 * `--no-extensions` / `-ne` on Pi's command line, which doctor cannot see and so names.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { readSmallFileIfExists, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { buddyCommands, packageRoot } from '../install/buddy-entries.js';
import { isOlder } from '../install/mod-version.js';
import { piExtensionText } from '../install/pi-extension-file.js';
import { PI_EXTENSION_FILE, piExtensionPath, readPiExtension } from '../install/pi-extension-install.js';
import { findExecutable } from '../process/find-executable.js';
import type { DoctorCheck } from './doctor-check.js';

/** The Pi the extension was written and tested against: its events and their fields. */
export const PI_MIN_VERSION = '0.73.1';
const INSTALL = 'buddy-tui install --host pi';
const IGNORE_FILES = ['.gitignore', '.ignore', '.fdignore'];

export function piExtensionCheck(path: string): DoctorCheck {
  const found = readPiExtension(path);
  if (found.kind === 'absent')
    return {
      status: 'warn',
      title: `buddy-tui's Pi extension is not in ${path}`,
      fix: `run \`${INSTALL}\``,
      notWired: true,
    };
  if (found.kind === 'other')
    return {
      status: 'fail',
      title: `${path} is not buddy-tui's extension (${found.why})`,
      fix: `move it away, then run \`${INSTALL}\``,
    };
  let current: string | undefined;
  try {
    current = piExtensionText(join(packageRoot(), 'dist'), buddyCommands());
  } catch {
    // No build to compare with: the file is there, which is what matters to Pi.
  }
  if (current !== undefined && found.text !== current)
    return {
      status: 'warn',
      title: "buddy-tui's Pi extension is not this buddy-tui's (an older install, or another copy)",
      detail: path,
      fix: `run \`${INSTALL}\``,
    };
  return {
    status: 'ok',
    title: "buddy-tui's Pi extension is installed and current",
    detail: `${path} (a Pi started with \`--no-extensions\` or \`-ne\` loads no extension and feeds nothing)`,
  };
}

/** `extensions` entries of Pi's settings.json that may exclude the file (`!pattern`, `-path`), unless `+path` brings it back. */
function excludingEntries(agentDir: string, path: string): string[] {
  let settings: { extensions?: unknown };
  try {
    settings = JSON.parse(
      readSmallFileIfExists(join(agentDir, 'settings.json'), { maxBytes: SMALL_FILE_LIMITS.config }) ?? '{}',
    );
  } catch {
    return [];
  }
  const entries = Array.isArray(settings?.extensions) ? settings.extensions.filter((e) => typeof e === 'string') : [];
  const exact = (entry: string) => resolve(agentDir, entry.slice(1)) === path;
  if (entries.some((entry) => entry.startsWith('+') && exact(entry))) return [];
  return entries.filter(
    (entry) =>
      (entry.startsWith('-') && exact(entry)) ||
      (entry.startsWith('!') && (/[*?[]/.test(entry) || entry.includes(PI_EXTENSION_FILE))),
  );
}

/** Ignore files in the extensions folder with any rule: Pi's discovery skips what they match. */
function ignoreFiles(folder: string): string[] {
  return IGNORE_FILES.map((name) => join(folder, name)).filter((file) => {
    try {
      const text = readSmallFileIfExists(file, { maxBytes: SMALL_FILE_LIMITS.config }) ?? '';
      return text.split(/\r?\n/).some((line) => line.trim() && !line.trim().startsWith('#'));
    } catch {
      return true;
    }
  });
}

export function piGateChecks(agentDir: string, path: string): DoctorCheck[] {
  const checks: DoctorCheck[] = [];
  const excluded = excludingEntries(agentDir, path);
  if (excluded.length)
    checks.push({
      status: 'warn',
      title: `Pi's settings.json may exclude buddy-tui's extension: "extensions" has ${excluded.map((e) => JSON.stringify(e)).join(', ')}`,
      detail: join(agentDir, 'settings.json'),
      fix: `remove that entry (or enable buddy-tui.js in \`pi config\`)`,
    });
  const ignores = ignoreFiles(join(agentDir, 'extensions'));
  if (ignores.length)
    checks.push({
      status: 'warn',
      title: "an ignore file in Pi's extensions folder may hide buddy-tui's extension",
      detail: ignores.join(', '),
      fix: `make sure no rule there matches ${PI_EXTENSION_FILE}`,
    });
  return checks;
}

/** `pi --version` (Pi prints it on stderr), or undefined when it does not run. */
async function piVersion(binary: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  try {
    const run = await execa(binary, ['--version'], {
      env: { ...env, PI_OFFLINE: '1', PI_SKIP_VERSION_CHECK: '1', BUDDY_TUI_CHILD: '1' },
      extendEnv: false,
      reject: false,
      timeout: 30_000,
      stdin: 'ignore',
    });
    return run.exitCode === 0 ? /\b\d+\.\d+\.\d+\b/.exec(`${run.stdout}\n${run.stderr}`)?.[0] : undefined;
  } catch {
    return undefined;
  }
}

export async function piVersionCheck(env: NodeJS.ProcessEnv): Promise<DoctorCheck[]> {
  const binary = findExecutable('pi', env);
  const version = binary ? await piVersion(binary, env) : undefined;
  if (!binary || !version) return [];
  if (isOlder(version, PI_MIN_VERSION))
    return [
      {
        status: 'warn',
        title: `Pi ${version} is older than ${PI_MIN_VERSION}, the first buddy-tui's extension was checked with`,
        detail: binary,
        fix: 'update Pi (npm i -g @mariozechner/pi-coding-agent)',
      },
    ];
  return [{ status: 'ok', title: `Pi ${version} (at least ${PI_MIN_VERSION})`, detail: binary }];
}

export async function piChecks(agentDir: string, env: NodeJS.ProcessEnv): Promise<DoctorCheck[]> {
  const path = piExtensionPath(agentDir);
  if (!existsSync(agentDir) && readPiExtension(path).kind === 'absent') return [];
  return [piExtensionCheck(path), ...piGateChecks(agentDir, path), ...(await piVersionCheck(env))];
}
