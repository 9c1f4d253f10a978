/**
 * What buddy-tui puts into Qwen Code's user settings, `<home>/.qwen/settings.json`, key `hooks`,
 * Claude Code's nesting exactly (../shared/qwen-code-0.24.4/RECIPE.md): timeouts in seconds, no
 * matcher (every tool). Qwen injects a hook's stdout into the conversation (on every continuation
 * for UserPromptSubmit) and blocks a prompt on exit 2: the command is silent and exits 0
 * (silent-hook-command.ts). PostToolBatch is registered for one thing: Esc on a permission prompt
 * fires no Stop, only a batch with a `cancelled` call (src/hosts/qwen.ts). Qwen rewrites its
 * settings.json (it adds "$version" and UI keys): uninstall then takes out buddy-tui's entries and
 * keeps Qwen's own changes, instead of restoring the bytes from before install.
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { BUDDY_TAG } from '../protocol/buddy-tag.js';
import { buddyCommands, type BuddyCommands, type HookPath } from './buddy-entries.js';
import type { JsonObject } from './settings-json.js';
import { silentHookCommand } from './silent-hook-command.js';

export const QWEN_HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PermissionRequest',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'Notification',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'Stop',
  'StopFailure',
  'SessionEnd',
] as const;

export const QWEN_HOOK_TIMEOUT_S = 5;

export function qwenHookGroups(
  commands: BuddyCommands = buddyCommands(),
  path: HookPath = 'spool',
): Record<string, JsonObject> {
  const command = silentHookCommand('qwen', commands, path);
  return Object.fromEntries(
    QWEN_HOOK_EVENTS.map((event) => [
      event,
      { _tag: BUDDY_TAG, hooks: [{ type: 'command', command, timeout: QWEN_HOOK_TIMEOUT_S }] },
    ]),
  );
}

/** `--qwen-home DIR` (the folder holding `.qwen`), else the user's home. */
export function resolveQwenDir(
  opts: { 'qwen-home'?: string },
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): string {
  return join(opts['qwen-home'] ? resolve(cwd, opts['qwen-home']) : env.HOME || homedir(), '.qwen');
}

export const qwenSettingsPath = (qwenDir: string): string => join(qwenDir, 'settings.json');
