/**
 * Which host runs a hook installed for Claude Code, told by a variable only that host sets in its
 * hooks' environment. Droid, Copilot, Qwen and Gemini all export CLAUDE_PROJECT_DIR to their hooks,
 * and a user may copy Claude Code's hooks into their settings (Droid's and Qwen's take Claude's
 * shape as is): their events must never be taken for Claude Code's. Each variable is one the
 * recordings show in that host's hook environment (../shared/<host>/hook-events.jsonl) and not in
 * Claude Code's, nor in the host's own shell tool (checked with Droid 0.215.0's Execute, Copilot
 * 1.0.102's bash, Qwen 0.24.4's and Gemini 0.61.0's run_shell_command: Gemini's shell has
 * GEMINI_CLI, Qwen's QWEN_CODE_PROJECT_DIR), so a Claude Code started from such a session is still
 * Claude Code. The sh spool (spool-command.ts) and the Node hook both read
 * this table. Zod-free and dependency-free: the statusline's bundle holds the spool's text.
 */
import type { HostId } from './host-id.js';

/** In this order: Qwen sets GEMINI_PROJECT_DIR too, but not GEMINI_CWD. */
export const HOOK_ENV_OF_HOST: ReadonlyArray<readonly [variable: string, host: HostId]> = [
  ['DROID_PROJECT_DIR', 'droid'],
  ['COPILOT_PROJECT_DIR', 'copilot'],
  ['QWEN_PROJECT_DIR', 'qwen'],
  ['GEMINI_CWD', 'gemini'],
];

/** The host that really runs a hook given as `host`: another host's for Claude Code's hook when its variable is set. */
export function hookHost<H extends string>(host: H, env: NodeJS.ProcessEnv): H | HostId {
  if (host !== 'claude') return host;
  return HOOK_ENV_OF_HOST.find(([variable]) => env[variable])?.[1] ?? host;
}

/** The same rule in sh, for the spool: `$1` (the host) becomes the one whose variable is set. Builtins only. */
export const HOOK_HOST_SCRIPT = `[ "$1" != claude ] || ${HOOK_ENV_OF_HOST.map(
  ([variable, host]) => `if [ -n "$${variable}" ]; then set -- ${host} "$2" "$3" "$4"; `,
).join('el')}fi`;
