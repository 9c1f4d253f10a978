/**
 * The buddy mod for `buddy-tui install`: a mod-only copy of claude-plugin/ (its module and the
 * files the module imports, a hooks.json with `modules` and NO classic hooks) in Claude Code's
 * skills folder beside the settings file (`~/.claude/skills/buddy-tui-mod/`), which Claude Code
 * 2.1.287+ loads with no setting. The settings hooks stay the only ones that journal, so no event
 * is doubled. `buddy-cli.json` in the copy tells the mod how to run this buddy-tui.
 * The copy is written into a scratch folder and renamed into place; uninstall removes only a
 * folder whose plugin.json names it ours.
 */
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { dirname, join } from 'node:path';
import { isOlder } from './mod-version.js';

export const MOD_NAME = 'buddy-tui-mod';
/** Mods (hooks modules) exist from this Claude Code on (the mod refuses older ones itself too). */
export const MOD_MIN_VERSION = '2.1.287';
/** The module and every sibling it imports (claude-plugin/hooks/register.js's imports). */
export const MOD_FILES = [
  'register.js',
  'ask-answered.js',
  'ask-buddy-tui.js',
  'buddy-command.js',
  'buddy-view.js',
  'delegate-answer.js',
  'mod-memory.js',
  'mod-setup.js',
  'turn-polling.js',
] as const;

/** Where install puts the mod for a settings file: the skills folder beside it. */
export function modFolderFor(settingsPath: string): string {
  return join(dirname(settingsPath), 'skills', MOD_NAME);
}

/** Whether a Claude Code of this version loads mods; undefined version (not found) counts as no. */
export function supportsMods(version: string | undefined): boolean {
  return version !== undefined && !isOlder(version, MOD_MIN_VERSION);
}

function manifest(version: string): string {
  return `${JSON.stringify(
    {
      name: MOD_NAME,
      version,
      description:
        'buddy-tui inside Claude Code: the buddy beside and above the prompt, and /buddy. Written by `buddy-tui install`; removed by `buddy-tui uninstall`.',
      author: { name: 'buddy-tui' },
      license: 'MIT',
    },
    null,
    2,
  )}\n`;
}

/** True when `folder` is a mod folder buddy-tui wrote (its plugin.json names MOD_NAME), not a symlink. */
export function isOurModFolder(folder: string): boolean {
  try {
    if (lstatSync(folder).isSymbolicLink()) return false;
    return (
      JSON.parse(readSmallFile(join(folder, '.claude-plugin', 'plugin.json'), { maxBytes: SMALL_FILE_LIMITS.config }))
        .name === MOD_NAME
    );
  } catch {
    return false;
  }
}

export interface ModInstallInput {
  settingsPath: string;
  packageRoot: string;
  /** The node and cli.js the mod runs for `buddy-tui mod-state`. */
  cliArgv: string[];
  version: string;
}

/** In the mod folder when install created the skills folder too: uninstall removes that, once empty. */
const MADE_SKILLS = '.made-skills-folder';

/** Every regular file under `dir`, relative path to bytes; undefined when something there is not a plain file or folder. */
function treeOf(dir: string, prefix = ''): Map<string, string> | undefined {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = treeOf(path, `${prefix}${entry.name}/`);
      if (!sub) return undefined;
      for (const [name, text] of sub) files.set(name, text);
    } else if (entry.isFile()) files.set(`${prefix}${entry.name}`, readSmallFile(path, { maxBytes: 1 << 20 }));
    else return undefined;
  }
  return files;
}

/** The two folders hold the same files with the same bytes. */
function sameTree(a: string, b: string): boolean {
  try {
    const [left, right] = [treeOf(a), treeOf(b)];
    return !!left && !!right && left.size === right.size && [...left].every(([name, text]) => right.get(name) === text);
  } catch {
    return false;
  }
}

/**
 * Writes (or rewrites) the mod folder. Returns its path, and whether anything changed (a second
 * install finds the same files). Refuses to replace a folder that is not ours.
 */
export function installMod(input: ModInstallInput): { folder: string; changed: boolean } {
  const folder = modFolderFor(input.settingsPath);
  if (existsSync(folder) && !isOurModFolder(folder)) {
    throw new Error(`${folder} exists and is not buddy-tui's mod; move it away, or install with --no-mod`);
  }
  const skills = dirname(folder);
  const madeSkills = !existsSync(skills) || existsSync(join(folder, MADE_SKILLS));
  mkdirSync(skills, { recursive: true, mode: 0o700 });
  const scratch = join(skills, `.${MOD_NAME}.${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(join(scratch, 'hooks'), { recursive: true });
  mkdirSync(join(scratch, '.claude-plugin'));
  for (const file of MOD_FILES)
    cpSync(join(input.packageRoot, 'claude-plugin', 'hooks', file), join(scratch, 'hooks', file));
  writeFileSync(
    join(scratch, 'hooks', 'hooks.json'),
    `${JSON.stringify({ description: 'buddy-tui mod only: the settings hooks of `buddy-tui install` journal the events.', modules: ['./register.js'] }, null, 2)}\n`,
  );
  writeFileSync(join(scratch, '.claude-plugin', 'plugin.json'), manifest(input.version));
  writeFileSync(join(scratch, 'buddy-cli.json'), `${JSON.stringify({ argv: input.cliArgv })}\n`);
  if (madeSkills) writeFileSync(join(scratch, MADE_SKILLS), '');
  if (existsSync(folder) && sameTree(scratch, folder)) {
    rmSync(scratch, { recursive: true, force: true });
    return { folder, changed: false };
  }
  if (existsSync(folder)) rmSync(folder, { recursive: true, force: true });
  renameSync(scratch, folder);
  return { folder, changed: true };
}

/**
 * Removes the mod folder install wrote, and the skills folder when install made it and it is empty
 * now; leaves anything else alone. Returns true when it removed the mod.
 */
export function uninstallMod(settingsPath: string): boolean {
  const folder = modFolderFor(settingsPath);
  if (!isOurModFolder(folder)) return false;
  const madeSkills = existsSync(join(folder, MADE_SKILLS));
  rmSync(folder, { recursive: true, force: true });
  if (madeSkills) {
    try {
      rmdirSync(dirname(folder)); // only an empty folder goes
    } catch {
      // Not empty (the user's own skills), or gone already: it stays as it is.
    }
  }
  return true;
}
