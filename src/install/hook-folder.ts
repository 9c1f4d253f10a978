/**
 * A hooks-folder host (Cline, src/hosts/host-spec.ts `hookFolder`): one executable sh file per
 * event, named after the event, that runs the spool with the host's id. The file prints nothing
 * and exits 0 whatever happens (Cline aborts the whole run on a hook's `{"cancel":true}`). A
 * file of that name that buddy-tui did not write is the user's own hook: never overwritten nor
 * removed, only named. Install remembers the folders it created (install-record.ts), so
 * uninstall leaves the tree as it was.
 */
import {
  chmodSync,
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmdirSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import type { HostWithHookFolder } from '../hosts/host-spec.js';
import type { BuddyCommands, HookPath } from './buddy-entries.js';
import { deleteInstallRecord, readInstallRecord, writeInstallRecord } from './install-record.js';
import { spoolCommandLine } from '../ingest/spool-command.js';
import { silentHookCommand } from './silent-hook-command.js';

/** The second line of every hook file buddy-tui writes: how its own files are told from the user's. */
export const HOOK_FOLDER_MARK = '# buddy-tui: ';

/** The host's config folder (`--<flag>`, else its variable, else in the home) and its hooks folder. */
export function hookFolderPath(
  spec: HostWithHookFolder,
  given: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): { config: string; hooks: string } {
  const { folder, dir } = spec.hookFolder;
  const named = given || (folder.env ? env[folder.env]?.trim() : undefined);
  const config = named ? resolve(cwd, named) : join(env.HOME || homedir(), folder.name);
  return { config, hooks: join(config, dir) };
}

/** The whole text of the hook file for `event`. */
export function hookFileText(spec: HostWithHookFolder, event: string, commands: BuddyCommands, path: HookPath): string {
  return [
    '#!/bin/sh',
    `${HOOK_FOLDER_MARK}hands ${spec.label}'s ${event} event to buddy-tui (\`buddy-tui install --host ${spec.id}\` wrote this file; \`buddy-tui uninstall --host ${spec.id}\` removes it).`,
    '# Prints nothing and always exits 0: a hook that prints {"cancel":true} aborts the run.',
    // The spool's own process (exec, `$0` buddy-tui-ingest): the drain knows its file is still being
    // written while that pid runs (spool-writer.ts); a subshell of this file's sh would not say so.
    path === 'spool'
      ? `${spoolCommandLine(spec.id, { node: commands.node, hookScript: commands.hookScript })} >/dev/null 2>&1`
      : silentHookCommand(spec.id, commands, path),
    '',
  ].join('\n');
}

/** What is at a hook file's place: nothing, buddy-tui's file (with its text), or something else. */
export type HookFileState =
  | { kind: 'missing' }
  | { kind: 'ours'; text: string; executable: boolean }
  | { kind: 'foreign'; what: string };

export function hookFileState(path: string): HookFileState {
  let stats;
  try {
    stats = lstatSync(path);
  } catch {
    return { kind: 'missing' };
  }
  if (!stats.isFile()) return { kind: 'foreign', what: stats.isSymbolicLink() ? 'a symlink' : 'not a regular file' };
  try {
    const text = readSmallFile(path, { maxBytes: SMALL_FILE_LIMITS.config });
    if (text.split('\n', 2)[1]?.startsWith(HOOK_FOLDER_MARK))
      return { kind: 'ours', text, executable: (stats.mode & 0o111) === 0o111 };
  } catch {
    // Unreadable or huge: not a file buddy-tui wrote.
  }
  return { kind: 'foreign', what: 'a hook of your own' };
}

export interface HookFolderPlan {
  hooks: string;
  /** Files to write (new, or buddy-tui's own with other text or mode). */
  write: Array<{ event: string; path: string; text: string }>;
  /** Files of the user's own under an event's name: left alone. */
  foreign: Array<{ event: string; path: string; what: string }>;
  /** buddy-tui's files already as they should be. */
  current: string[];
}

export function planHookFolder(
  spec: HostWithHookFolder,
  hooks: string,
  commands: BuddyCommands,
  path: HookPath,
): HookFolderPlan {
  const plan: HookFolderPlan = { hooks, write: [], foreign: [], current: [] };
  for (const event of spec.hookFolder.events) {
    const file = join(hooks, event);
    const text = hookFileText(spec, event, commands, path);
    const state = hookFileState(file);
    if (state.kind === 'foreign') plan.foreign.push({ event, path: file, what: state.what });
    else if (state.kind === 'ours' && state.text === text && state.executable) plan.current.push(file);
    else plan.write.push({ event, path: file, text });
  }
  return plan;
}

/** The folders from `folder` up that do not exist yet, deepest last. */
function missingFolders(folder: string): string[] {
  const missing: string[] = [];
  for (let dir = folder; dirname(dir) !== dir; dir = dirname(dir)) {
    try {
      lstatSync(dir);
      break;
    } catch {
      missing.unshift(dir);
    }
  }
  return missing;
}

/** Writes `text` under a dot name (which the host ignores) and renames it into place, mode 755. */
function writeHookFile(path: string, text: string): void {
  const part = join(dirname(path), `.${process.pid}.buddy-tui.part`);
  const fd = openSync(part, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o755);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  chmodSync(part, 0o755);
  // Looked at again just before: a file of the user's that appeared since the plan is never replaced.
  if (hookFileState(path).kind === 'foreign') {
    unlinkSync(part);
    throw new Error(`${path} appeared meanwhile and is not buddy-tui's: left alone`);
  }
  renameSync(part, path);
}

/** Carries out the plan; the folders it created are remembered for uninstall. */
export function applyHookFolderPlan(plan: HookFolderPlan, env: NodeJS.ProcessEnv, now = new Date()): void {
  const made = missingFolders(plan.hooks);
  const record = readInstallRecord(plan.hooks, env);
  mkdirSync(plan.hooks, { recursive: true, mode: 0o700 });
  for (const file of plan.write) writeHookFile(file.path, file.text);
  const madeFolders = [...(record?.madeFolders ?? []), ...made];
  writeInstallRecord(
    {
      version: 1,
      settingsPath: plan.hooks,
      installedAt: now.toISOString(),
      originalText: null,
      installedText: '',
      ...(madeFolders.length ? { madeFolders } : {}),
    },
    env,
  );
}

/** buddy-tui's files in the hooks folder (the user's are never among them). */
export function ourHookFiles(spec: HostWithHookFolder, hooks: string): string[] {
  return spec.hookFolder.events.map((event) => join(hooks, event)).filter((p) => hookFileState(p).kind === 'ours');
}

/** Removes buddy-tui's files, then the folders install created once they are empty. */
export function removeHookFolderFiles(spec: HostWithHookFolder, hooks: string, env: NodeJS.ProcessEnv): string[] {
  const removed = ourHookFiles(spec, hooks);
  for (const path of removed) unlinkSync(path);
  const record = readInstallRecord(hooks, env);
  for (const folder of [...(record?.madeFolders ?? [])].reverse()) {
    try {
      rmdirSync(folder);
    } catch {
      // Not empty (the user's own files), or gone: it stays as it is.
    }
  }
  deleteInstallRecord(hooks, env);
  return removed;
}
