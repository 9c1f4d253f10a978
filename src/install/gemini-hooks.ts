/**
 * What buddy-tui puts into Gemini CLI's user settings, `<home>/.gemini/settings.json` (home:
 * `$GEMINI_CLI_HOME`, else the user's), key `hooks`, Claude Code's nesting
 * (../shared/gemini-cli-0.61.0/RECIPE.md). Only the events the buddy reads: not BeforeModel,
 * AfterModel, BeforeToolSelection, nor PreCompress (it fires before every model call; a manual
 * /compress is all it would tell). Timeouts are MILLISECONDS there. `name` is what Gemini shows
 * ("Executing Hook: buddy-tui") and names in its warnings. No matcher: every tool.
 * Gemini runs hooks only in a trusted folder (doctor says so) and BeforeTool's exit 2 blocks the
 * tool, any stdout is shown to the user: the command is silent and exits 0 (silent-hook-command.ts).
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { BUDDY_TAG } from '../protocol/buddy-tag.js';
import { buddyCommands, type BuddyCommands, type HookPath } from './buddy-entries.js';
import type { JsonObject } from './settings-json.js';
import { silentHookCommand } from './silent-hook-command.js';

export const GEMINI_HOOK_EVENTS = [
  'SessionStart',
  'BeforeAgent',
  'BeforeTool',
  'AfterTool',
  'Notification',
  'AfterAgent',
  'SessionEnd',
] as const;

/** Milliseconds (Gemini's unit) before Gemini kills the hook and goes on. */
export const GEMINI_HOOK_TIMEOUT_MS = 5000;

export function geminiHookGroups(
  commands: BuddyCommands = buddyCommands(),
  path: HookPath = 'spool',
): Record<string, JsonObject> {
  const command = silentHookCommand('gemini', commands, path);
  return Object.fromEntries(
    GEMINI_HOOK_EVENTS.map((event) => [
      event,
      { _tag: BUDDY_TAG, hooks: [{ type: 'command', name: 'buddy-tui', command, timeout: GEMINI_HOOK_TIMEOUT_MS }] },
    ]),
  );
}

/** `--gemini-home DIR`, else `$GEMINI_CLI_HOME`, else the user's home: Gemini's files are in its `.gemini`. */
export function resolveGeminiDir(
  opts: { 'gemini-home'?: string },
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): string {
  const home = opts['gemini-home']
    ? resolve(cwd, opts['gemini-home'])
    : env.GEMINI_CLI_HOME
      ? resolve(cwd, env.GEMINI_CLI_HOME)
      : env.HOME || homedir();
  return join(home, '.gemini');
}

export const geminiSettingsPath = (geminiDir: string): string => join(geminiDir, 'settings.json');
