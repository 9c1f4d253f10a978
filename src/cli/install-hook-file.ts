/**
 * `buddy-tui install --host <id>` and `uninstall --host <id>` for a host whose hooks live in one
 * JSON file of Claude Code's hooks shape (Copilot, Gemini, ...): the file edit is
 * src/install/hook-file-install.ts; this says what happened, the way every host's install does.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buddyCommands, packageRoot, type BuddyCommands, type HookPath } from '../install/buddy-entries.js';
import { chooseHookPath, createInbox } from '../install/hook-path.js';
import { installHookFile, uninstallHookFile } from '../install/hook-file-install.js';
import type { JsonObject } from '../install/settings-json.js';
import { term, termLines } from '../text/terminal-text.js';
import type { CliIo } from './cli-io.js';
import { reportSettingsError } from './install-errors.js';

export interface HookFileHost {
  /** As users name it: "Copilot CLI". */
  name: string;
  path: string;
  groups(commands: BuddyCommands, path: HookPath): Record<string, JsonObject>;
  required?: JsonObject;
  /** What to know after a change (trust, restarts). */
  afterInstall: string;
}

export async function runHookFileInstall(
  host: HookFileHost,
  values: { 'dry-run'?: boolean; 'node-hook'?: boolean },
  io: CliIo,
): Promise<number> {
  const dist = join(packageRoot(), 'dist');
  if (!existsSync(join(dist, 'hook.js'))) {
    io.stderr(term`buddy-tui: ${dist} has no hook.js; run \`npm run build\` in ${packageRoot()} first.\n`);
    return 1;
  }
  try {
    const hookPath = chooseHookPath(values['node-hook']).path;
    const groups = host.groups(buddyCommands({ distDir: dist }), hookPath);
    const result = installHookFile({
      path: host.path,
      groups,
      required: host.required,
      dryRun: values['dry-run'],
      env: io.env,
    });
    if (result.status === 'dry-run') {
      io.stdout(term`${termLines(result.diff)}(dry run: ${host.path} was not changed)\n`);
      return 0;
    }
    if (hookPath === 'spool') createInbox(io.env, (message) => io.stderr(message));
    if (result.status === 'unchanged')
      io.stdout(term`buddy-tui's ${host.name} hooks are already in ${host.path}; nothing changed.\n`);
    else
      io.stdout(
        term`Installed buddy-tui's hooks for ${Object.keys(groups).length} ${host.name} events into ${host.path}.${result.backup ? term`\nBackup of the previous file: ${result.backup}` : ''}\n${host.afterInstall} Check with \`buddy-tui doctor\`.\n`,
      );
    return 0;
  } catch (error) {
    return reportSettingsError(error, io);
  }
}

export async function runHookFileUninstall(
  host: Pick<HookFileHost, 'name' | 'path'>,
  values: { 'dry-run'?: boolean },
  io: CliIo,
): Promise<number> {
  try {
    const result = uninstallHookFile({ path: host.path, dryRun: values['dry-run'], env: io.env });
    if (result.status === 'not-installed')
      io.stdout(term`buddy-tui's ${host.name} hooks are not in ${host.path}; nothing changed.\n`);
    else if (result.status === 'dry-run')
      io.stdout(term`${termLines(result.diff)}(dry run: ${host.path} was not changed)\n`);
    else
      io.stdout(
        term`Removed buddy-tui's ${host.name} hooks from ${host.path}.${result.backup ? term`\nBackup: ${result.backup}` : ''}\n`,
      );
    return 0;
  } catch (error) {
    return reportSettingsError(error, io);
  }
}
