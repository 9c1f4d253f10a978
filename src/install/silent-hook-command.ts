/**
 * The hook command for hosts that run it with `bash -c` and act on its exit status or stdout
 * (Copilot denies a tool on a non-zero preToolUse; Gemini blocks on exit 2 and shows any stdout):
 * the spool script with its words set by `set --` (the first line, as Claude Code's inline form,
 * so doctor recognises it), in a subshell whose output goes nowhere, then `exit 0` whatever
 * happened, even a missing node. One bash, one subshell and `cat` per event.
 */
import type { HostId } from '../hosts/host-id.js';
import { SPOOL_ARGV0, SPOOL_SCRIPT, spoolArgs } from '../ingest/spool-command.js';
import { shellQuote } from '../text/shell-words.js';
import type { BuddyCommands, HookPath } from './buddy-entries.js';

export function silentHookCommand(host: HostId, commands: BuddyCommands, path: HookPath = 'spool'): string {
  if (path === 'node')
    return `${shellQuote(commands.node)} ${shellQuote(commands.hookScript)} --host ${host} >/dev/null 2>&1\nexit 0`;
  const [, , , ...words] = spoolArgs(host, { node: commands.node, hookScript: commands.hookScript });
  return `set -- ${words.map(shellQuote).join(' ')}  # ${SPOOL_ARGV0}\n(\n${SPOOL_SCRIPT}\n) >/dev/null 2>&1\nexit 0`;
}
