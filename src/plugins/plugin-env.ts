/**
 * The environment a plugin gets: an allowlist, never the parent's whole environment, so
 * credentials (ANTHROPIC_API_KEY, CLAUDE_CODE_OAUTH_TOKEN, *_TOKEN, *_SECRET, *_KEY, cloud
 * credentials) reach a plugin only when its manifest names them.
 */
import type { JournalEvent } from '../protocol/hook-event.js';
import type { CommandHandler } from './plugin-config.js';

export const BASE_ENV_ALLOWLIST = ['PATH', 'HOME', 'USER', 'LANG', 'TERM', 'TMPDIR'] as const;

export interface PluginEnvInput {
  parentEnv: NodeJS.ProcessEnv;
  event: JournalEvent;
  /** BUDDY_PLUGIN_ROOT. */
  root: string;
  projectDir: string;
  /** Variable names the plugin's manifest asks for. */
  extra?: readonly string[];
}

/**
 * The allowlist alone: what every child buddy-tui starts for the user gets (plugins, and
 * notify.command / notify-send), plus the `extra` names asked for, plus BUDDY_TUI=1 and SHLVL.
 */
export function allowlistedEnv(parentEnv: NodeJS.ProcessEnv, extra: readonly string[] = []): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of [...BASE_ENV_ALLOWLIST, ...extra]) {
    const value = parentEnv[name];
    if (typeof value === 'string') env[name] = value;
  }
  env.BUDDY_TUI = '1';
  // Node's stdio pipes are sockets; without SHLVL bash takes that for an rsh/ssh session and
  // sources ~/.bashrc (seconds, and noise on stderr) before running the command.
  env.SHLVL ??= '1';
  return env;
}

export function buildPluginEnv({
  parentEnv,
  event,
  root,
  projectDir,
  extra = [],
}: PluginEnvInput): Record<string, string> {
  const env = allowlistedEnv(parentEnv, extra);
  env.CLAUDE_PROJECT_DIR = projectDir;
  env.CLAUDE_HOOK_EVENT = event.hook_event_name;
  env.CLAUDE_SESSION_ID = event.session_id;
  env.BUDDY_PLUGIN_ROOT = root;
  return env;
}

/** `${VAR}` and `$VAR` from `vars` (unknown ones become empty), as Claude Code does for hooks. */
export function interpolateVars(text: string, vars: Record<string, string | undefined>): string {
  return text.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (_, braced: string | undefined, bare: string | undefined) => {
      const name = braced ?? bare!;
      // `${constructor}` names no variable: never Object.prototype's members.
      return (Object.hasOwn(vars, name) ? vars[name] : undefined) ?? '';
    },
  );
}

const PATH_VAR =
  /\$\{(CLAUDE_PROJECT_DIR|BUDDY_PLUGIN_ROOT)\}|\$(CLAUDE_PROJECT_DIR|BUDDY_PLUGIN_ROOT)(?![A-Za-z0-9_])/g;

/**
 * For the exec form only, where no shell parses the result: `$CLAUDE_PROJECT_DIR`,
 * `${CLAUDE_PROJECT_DIR}` and the same for BUDDY_PLUGIN_ROOT become their values in the
 * plugin's environment, as plain strings, as Claude Code does per argument. Never for the
 * shell form: event data pasted into a command line would become shell syntax (a folder named
 * `$(id)` would run `id`), so there the shell reads these variables from the environment.
 */
export function substitutePathVars(word: string, pluginEnv: Record<string, string>): string {
  return word.replace(
    PATH_VAR,
    (_, braced: string | undefined, bare: string | undefined) => pluginEnv[braced ?? bare!] ?? '',
  );
}

/** What runCommand gets: the shell form's command text as written; the exec form's words with their paths in. */
export function commandToRun(
  handler: CommandHandler,
  pluginEnv: Record<string, string>,
): { command: string; args?: string[] } {
  if (!handler.args) return { command: handler.command };
  return {
    command: substitutePathVars(handler.command, pluginEnv),
    args: handler.args.map((arg) => substitutePathVars(arg, pluginEnv)),
  };
}
