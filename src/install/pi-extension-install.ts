/**
 * buddy-tui's extension in Pi's folder of auto-discovered extensions, `<agent dir>/extensions/
 * buddy-tui.js` (the agent dir: `--pi-agent-dir`, else Pi's own `$PI_CODING_AGENT_DIR`, else
 * `~/.pi/agent`), which Pi loads at every start with no trust step (../shared/pi-0.73.1/RECIPE.md).
 * The file is ours when it starts with PI_EXTENSION_MARK: a file of that name that does not is the
 * user's and is never touched. Install records the folders it made, so uninstall leaves the tree
 * as it found it, byte for byte.
 */
import { existsSync, lstatSync, mkdirSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { expandPath } from '../config/paths.js';
import { readSmallFile, readFailure, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { atomicWriteFileSync } from '../state/atomic-write.js';
import { deleteInstallRecord, readInstallRecord, writeInstallRecord } from './install-record.js';
import { SettingsFileError } from './settings-json.js';

/** The first line of the file install writes: what makes it buddy-tui's. */
export const PI_EXTENSION_MARK = "// buddy-tui's Pi extension:";
export const PI_EXTENSION_FILE = 'buddy-tui.js';

/** `--pi-agent-dir`, else `$PI_CODING_AGENT_DIR` (`~` expanded, as Pi does), else `<home>/.pi/agent`. */
export function piAgentDir(given: string | undefined, env: NodeJS.ProcessEnv): string {
  const wanted = given ?? env.PI_CODING_AGENT_DIR;
  if (wanted) return resolve(expandPath(wanted, env));
  return join(env.HOME || homedir(), '.pi', 'agent');
}

export const piExtensionPath = (agentDir: string): string => join(agentDir, 'extensions', PI_EXTENSION_FILE);

export type PiExtensionFile = { kind: 'absent' } | { kind: 'ours'; text: string } | { kind: 'other'; why: string };

/** What is at the extension's path; a symlink, a folder, a FIFO or an unreadable file is not ours. */
export function readPiExtension(path: string): PiExtensionFile {
  let stats;
  try {
    stats = lstatSync(path);
  } catch {
    return { kind: 'absent' };
  }
  if (!stats.isFile()) return { kind: 'other', why: stats.isSymbolicLink() ? 'a symlink' : 'not a regular file' };
  try {
    const text = readSmallFile(path, { maxBytes: SMALL_FILE_LIMITS.config });
    return text.startsWith(PI_EXTENSION_MARK)
      ? { kind: 'ours', text }
      : { kind: 'other', why: 'not written by buddy-tui' };
  } catch (error) {
    return { kind: 'other', why: `unreadable (${readFailure(error)})` };
  }
}

/** The folders missing on the way to `folder`, outermost first; throws when one is there but is no folder. */
function missingFolders(folder: string): string[] {
  const missing: string[] = [];
  for (let dir = folder; !existsSync(dir); dir = dirname(dir)) {
    missing.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  const first = missing.length ? dirname(missing[0]) : folder;
  if (!statSync(first).isDirectory()) throw new SettingsFileError(first, 'is not a folder; nothing was changed.');
  return missing;
}

export interface PiInstallResult {
  status: 'installed' | 'updated' | 'unchanged' | 'dry-run';
  path: string;
  /** What a dry run would do, or did, in words. */
  changes: string[];
}

function refuseOther(path: string, found: PiExtensionFile): void {
  if (found.kind === 'other')
    throw new SettingsFileError(
      path,
      `is ${found.why}, so it is not buddy-tui's extension and was left alone; move it away, then run the command again.`,
    );
}

export function installPiExtension(opts: {
  agentDir: string;
  text: string;
  dryRun?: boolean;
  env: NodeJS.ProcessEnv;
}): PiInstallResult {
  const path = piExtensionPath(opts.agentDir);
  const found = readPiExtension(path);
  refuseOther(path, found);
  if (found.kind === 'ours' && found.text === opts.text) return { status: 'unchanged', path, changes: [] };
  const made = missingFolders(dirname(path));
  const changes = [
    ...made.map((dir) => `create the folder ${dir}`),
    `${found.kind === 'ours' ? 'update' : 'write'} ${path} (${opts.text.split('\n').length} lines)`,
  ];
  if (opts.dryRun) return { status: 'dry-run', path, changes };
  for (const dir of made) mkdirSync(dir);
  atomicWriteFileSync(path, opts.text);
  const record = readInstallRecord(path, opts.env);
  writeInstallRecord(
    {
      version: 1,
      settingsPath: path,
      installedAt: new Date().toISOString(),
      originalText: null,
      installedText: opts.text,
      madeFolders: found.kind === 'ours' ? (record?.madeFolders ?? []) : made,
    },
    opts.env,
  );
  return { status: found.kind === 'ours' ? 'updated' : 'installed', path, changes };
}

export interface PiUninstallResult {
  status: 'removed' | 'not-installed' | 'dry-run';
  path: string;
  changes: string[];
}

/** Removes the file and, innermost first, the folders install made that are empty again. */
export function uninstallPiExtension(opts: {
  agentDir: string;
  dryRun?: boolean;
  env: NodeJS.ProcessEnv;
}): PiUninstallResult {
  const path = piExtensionPath(opts.agentDir);
  const found = readPiExtension(path);
  if (found.kind === 'absent') return { status: 'not-installed', path, changes: [] };
  refuseOther(path, found);
  const made = [...(readInstallRecord(path, opts.env)?.madeFolders ?? [])].reverse();
  const changes = [`remove ${path}`, ...made.map((dir) => `remove the folder ${dir} if nothing else is in it`)];
  if (opts.dryRun) return { status: 'dry-run', path, changes };
  unlinkSync(path);
  for (const dir of made) {
    try {
      rmdirSync(dir);
    } catch {
      // Something else is in it now (Pi's own files): it stays.
      break;
    }
  }
  deleteInstallRecord(path, opts.env);
  return { status: 'removed', path, changes };
}
