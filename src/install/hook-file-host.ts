/**
 * What buddy-tui puts into a hook-file host's file (src/hosts/host-spec.ts), and where that
 * file is: one tagged group per event, no matcher (every tool), the silent command that always
 * exits 0 (hosts deny a tool or show stdout on a hook's exit or output: silent-hook-command.ts).
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { HostWithHookFile } from '../hosts/host-spec.js';
import { BUDDY_TAG } from '../protocol/buddy-tag.js';
import { buddyCommands, type BuddyCommands, type HookPath } from './buddy-entries.js';
import type { JsonObject } from './settings-json.js';
import { silentHookCommand } from './silent-hook-command.js';

/** The host's config folder: the spec's flag (`given`), else its variable, else in the user's home. */
export function hookFileFolder(
  spec: HostWithHookFile,
  given: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): string {
  const named = given || (spec.hookFile.folder.env ? env[spec.hookFile.folder.env] : undefined);
  const home = env.HOME || homedir();
  if (spec.hookFile.folder.names === 'folder')
    return named ? resolve(cwd, named) : join(home, spec.hookFile.folder.name);
  return join(named ? resolve(cwd, named) : home, spec.hookFile.folder.name);
}

export const hookFilePath = (spec: HostWithHookFile, folder: string): string => join(folder, spec.hookFile.file);

/** buddy-tui's group for each of the spec's events. */
export function hookFileGroups(
  spec: HostWithHookFile,
  commands: BuddyCommands = buddyCommands(),
  path: HookPath = 'spool',
): Record<string, JsonObject> {
  const { name, commandKey, timeoutKey, timeout } = spec.hookFile.entry;
  const command = silentHookCommand(spec.id, commands, path);
  const hook = { type: 'command', ...(name ? { name } : {}), [commandKey]: command, [timeoutKey]: timeout };
  return Object.fromEntries(spec.hookFile.events.map((event) => [event, { _tag: BUDDY_TAG, hooks: [{ ...hook }] }]));
}
