/**
 * What buddy-tui puts into GitHub Copilot CLI's user-level hooks folder: its own file,
 * `$COPILOT_HOME/hooks/buddy-tui.json` (default ~/.copilot), which Copilot loads without folder
 * trust (repo hooks in .github/hooks/ load only in a trusted folder). PascalCase event keys, so
 * Copilot sends Claude-shaped payloads (src/hosts/copilot.ts). Traps (../shared/copilot-1.0.102):
 * - `"matcher": ""` matches nothing and `"*"` stops SubagentStart: the groups have no matcher;
 * - preToolUse and permissionRequest fail closed (a non-zero exit or, for permissionRequest, any
 *   stdout denies the tool): the command sends everything to /dev/null and always exits 0, and
 *   PermissionRequest is not registered at all (it fires even under --allow-all, so it does not
 *   mean the user is asked; the TUI's Notification `permission_prompt` does);
 * - hooks are synchronous: the spool costs one bash, one subshell and `cat`.
 * (Hence the command sends everything to /dev/null and exits 0: silent-hook-command.ts.)
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { BUDDY_TAG } from '../protocol/buddy-tag.js';
import { buddyCommands, type BuddyCommands, type HookPath } from './buddy-entries.js';
import type { JsonObject } from './settings-json.js';
import { silentHookCommand } from './silent-hook-command.js';

/** The PascalCase events buddy-tui registers (every one Copilot 1.0.102 fires that the buddy reads). */
export const COPILOT_HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'Notification',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'Stop',
  'ErrorOccurred',
  'SessionEnd',
] as const;

/** Seconds Copilot waits before it kills a hook (and lets the tool go on). */
export const COPILOT_HOOK_TIMEOUT_S = 5;

/** The command every buddy-tui Copilot hook runs (`bash -c`): silent, always exit 0 (silent-hook-command.ts). */
export function copilotHookCommand(commands: BuddyCommands = buddyCommands(), path: HookPath = 'spool'): string {
  return silentHookCommand('copilot', commands, path);
}

export function copilotHookGroups(command: string): Record<string, JsonObject> {
  const group = { _tag: BUDDY_TAG, hooks: [{ type: 'command', bash: command, timeoutSec: COPILOT_HOOK_TIMEOUT_S }] };
  return Object.fromEntries(COPILOT_HOOK_EVENTS.map((event) => [event, structuredClone(group)]));
}

/** Copilot reads a hooks file only with `version: 1`. */
export const COPILOT_HOOKS_REQUIRED: JsonObject = { version: 1 };

/** `--copilot-home DIR`, else `$COPILOT_HOME`, else `~/.copilot`. */
export function resolveCopilotHome(
  opts: { 'copilot-home'?: string },
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): string {
  if (opts['copilot-home']) return resolve(cwd, opts['copilot-home']);
  if (env.COPILOT_HOME) return resolve(cwd, env.COPILOT_HOME);
  return join(env.HOME || homedir(), '.copilot');
}

export const copilotHooksPath = (copilotHome: string): string => join(copilotHome, 'hooks', 'buddy-tui.json');
