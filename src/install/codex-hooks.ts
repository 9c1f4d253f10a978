/**
 * What buddy-tui puts into Codex's `$CODEX_HOME/hooks.json` (Claude Code's hooks shape): one
 * group per Codex event, tagged with the same `_tag` as in Claude Code settings (Codex 0.169.0
 * ignores the extra field and still runs the group, checked), so install and uninstall find
 * exactly their own groups. Removal and presence reuse merge-settings.ts, which go by the tag.
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { BUDDY_TAG } from '../protocol/buddy-tag.js';
import { spoolCommandLine } from '../ingest/spool-command.js';
import { buddyCommands, isBuddyGroup, type BuddyCommands, type HookPath } from './buddy-entries.js';
import type { JsonObject } from './settings-json.js';

/** Every hook event Codex 0.169.0 has (it has no Notification and no StopFailure). */
export const CODEX_HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PermissionRequest',
  'PreCompact',
  'PostCompact',
  'SubagentStart',
  'SubagentStop',
  'Stop',
  'Interrupt',
  'SessionEnd',
] as const;

export type CodexHookEvent = (typeof CODEX_HOOK_EVENTS)[number];

/** Seconds Codex waits; it clamps SessionEnd and Interrupt to 3 s (and warns above that). */
export function codexHookTimeout(event: CodexHookEvent): number {
  return event === 'SessionEnd' || event === 'Interrupt' ? 3 : 5;
}

/**
 * The one command every buddy-tui Codex hook runs. Codex runs it as `$SHELL -lc "<command>"`
 * (a login shell on every event), so it stays one plain command line: the spool (`/bin/sh`
 * writing the event into the inbox, src/ingest/spool-command.ts), or the Node hook where there is
 * no `/bin/sh` or the user asked for it.
 */
export function codexHookCommand(commands: BuddyCommands = buddyCommands(), path: HookPath = 'spool'): string {
  if (path === 'node') return `${commands.hook} --host codex`;
  return spoolCommandLine('codex', { node: commands.node, hookScript: commands.hookScript });
}

export function codexHookGroup(event: CodexHookEvent, command: string): JsonObject {
  return { _tag: BUDDY_TAG, hooks: [{ type: 'command', command, timeout: codexHookTimeout(event) }] };
}

/** Adds (or replaces in place) buddy-tui's group for every Codex event; never mutates its input. */
export function addCodexBuddy(input: JsonObject, command: string): JsonObject {
  const settings = structuredClone(input);
  const hooks = (settings.hooks ??= {}) as Record<string, unknown[]>;
  for (const event of CODEX_HOOK_EVENTS) {
    const groups = hooks[event] ?? [];
    const group = codexHookGroup(event, command);
    const first = groups.findIndex(isBuddyGroup);
    hooks[event] =
      first < 0 ? [...groups, group] : groups.flatMap((g, i) => (i === first ? [group] : isBuddyGroup(g) ? [] : [g]));
  }
  return settings;
}

/** `snake_case` of an event, as in Codex's hook keys (`PreToolUse` -> `pre_tool_use`). */
export const snakeEvent = (event: string): string =>
  event.replace(/[A-Z]/g, (c, i: number) => (i ? '_' : '') + c.toLowerCase());

/**
 * Codex's trust keys of buddy-tui's handlers in a hooks.json: `<file>:<event>:<group>:<handler>`,
 * the key hooks/list reports and `hooks.state` is indexed by.
 */
export function codexBuddyKeys(settings: JsonObject, hooksPath: string): string[] {
  const keys: string[] = [];
  for (const [event, groups] of Object.entries((settings.hooks ?? {}) as Record<string, unknown>)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group, index) => {
      if (!isBuddyGroup(group)) return;
      const handlers = (group as { hooks?: unknown[] }).hooks ?? [];
      handlers.forEach((_, handler) => keys.push(`${hooksPath}:${snakeEvent(event)}:${index}:${handler}`));
    });
  }
  return keys;
}

/** `--codex-home DIR`, else `$CODEX_HOME`, else `~/.codex`. */
export function resolveCodexHome(
  opts: { 'codex-home'?: string },
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): string {
  if (opts['codex-home']) return resolve(cwd, opts['codex-home']);
  if (env.CODEX_HOME) return resolve(cwd, env.CODEX_HOME);
  return join(env.HOME || homedir(), '.codex');
}

export const codexHooksPath = (codexHome: string): string => join(codexHome, 'hooks.json');
