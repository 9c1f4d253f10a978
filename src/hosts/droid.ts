/**
 * Factory Droid (0.215.0) as a host. Its hooks are Claude Code's (names, nesting, snake_case
 * payloads, exit 2 blocks), with Droid's tool names (Execute, Create, Edit, Task) and no
 * `tool_use_id` (../shared/droid-0.215.0/RECIPE.md). What differs, and what this translator makes
 * up for:
 * - a tool that failed (a command's non-zero exit, an edit that found no match) fires no hook at
 *   all: its PreToolUse has no PostToolUse. The session's transcript has the result (`is_error`,
 *   "[Process exited with code N]"), so at the turn's end a Stop whose turn had failed calls
 *   becomes StopFailure naming the failed tool, "Exit code N\n<output>" for a command: the
 *   failure shows at the turn's end, never as a success;
 * - PostToolUse's `tool_response` is a string ending "[Process exited with code 0]";
 * - `exec` fires no UserPromptSubmit; SessionEnd's reason is `other`.
 */
import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { InternalEvent, ToolRole } from '../protocol/internal-event.js';
import { scanLinesFromEnd } from '../state/lines-from-end.js';
import type { HostWithHookFile } from './host-spec.js';
import { isEventShaped, type HostEvent, type HostPayload, type HostTranslator } from './translator-contract.js';

const TOOL_ROLES: Readonly<Record<string, ToolRole>> = {
  Execute: 'shell',
  Edit: 'edit',
  Create: 'write',
  Task: 'subagent',
};

/** A failed call of the turn, as the transcript records it. */
interface FailedCall {
  id: string;
  text: string;
  name?: string;
  input?: unknown;
}

/** How much of the transcript one turn's end may read: its newest part, briefly. */
const SCAN = { maxBytes: 4 * 1024 * 1024, chunkBytes: 64 * 1024, budgetMs: 300 };
const EXITED = /\[Process exited with code (-?\d+)\]\s*$/;
const FAILED_PREFIX = /^Error: Command failed \(exit code: -?\d+\)\n?/;

function openTranscript(path: unknown): number | undefined {
  if (typeof path !== 'string' || !isAbsolute(path) || !path.endsWith('.jsonl')) return undefined;
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stats = fstatSync(fd);
    if (stats.isFile() && (typeof process.getuid !== 'function' || stats.uid === process.getuid())) return fd;
  } catch {
    // Missing, a symlink, unreadable: nothing to recover.
  }
  if (fd !== undefined) closeSync(fd);
  return undefined;
}

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('')
      : '';

/** What one turn's scan has found; `until`: the turn's last message, not reached yet (what follows it is later). */
interface TurnScan {
  until?: string;
  failed: FailedCall[];
  calls: Map<string, { name?: unknown; input?: unknown }>;
}

/** One transcript line's part in the turn: failed results, calls, or the prompt that began it (false: stop). */
function visitLine(line: string, turn: TurnScan): boolean {
  // biome-ignore lint/suspicious/noExplicitAny: a host's JSON line, every field checked by hand below
  let entry: any;
  try {
    entry = JSON.parse(line);
  } catch {
    return true;
  }
  // Droid writes its Stop hook's record, SessionEnd's and maybe later turns after the turn's last message.
  if (turn.until !== undefined) {
    if (entry?.id !== turn.until) return true;
    turn.until = undefined;
  }
  const message = entry?.type === 'message' ? entry.message : undefined;
  if (!message || !Array.isArray(message.content)) return true;
  if (message.hookEventName === 'Stop') return false;
  for (const part of message.content) {
    if (part?.type === 'tool_result' && part.is_error === true && typeof part.tool_use_id === 'string')
      turn.failed.unshift({ id: part.tool_use_id, text: textOf(part.content) });
    else if (part?.type === 'tool_use' && typeof part.id === 'string') turn.calls.set(part.id, part);
    else if (message.role === 'user' && part?.type === 'text' && !textOf([part]).startsWith('<system-reminder>'))
      return false;
  }
  return true;
}

/**
 * The turn's failed calls, oldest first: read back from the turn's last message (the Stop's
 * `message_id`; without one, the transcript's end) to the turn's prompt.
 */
export function turnFailures(transcriptPath: unknown, lastMessageId?: unknown): FailedCall[] {
  const fd = openTranscript(transcriptPath);
  if (fd === undefined) return [];
  const turn: TurnScan = {
    until: typeof lastMessageId === 'string' && lastMessageId ? lastMessageId : undefined,
    failed: [],
    calls: new Map(),
  };
  try {
    const deadline = performance.now() + SCAN.budgetMs;
    scanLinesFromEnd(fd, { ...SCAN, deadline }, (line) => visitLine(line, turn));
    // A last message never found (another Droid's records, out of reach): the turn nearest the end.
    if (turn.until !== undefined) {
      turn.until = undefined;
      scanLinesFromEnd(fd, { ...SCAN, deadline }, (line) => visitLine(line, turn));
    }
  } catch {
    return [];
  } finally {
    closeSync(fd);
  }
  const { failed, calls } = turn;
  return failed.map((call) => {
    const made = calls.get(call.id);
    return { ...call, name: typeof made?.name === 'string' ? made.name : undefined, input: made?.input };
  });
}

/** A failed call as Claude Code's failure text: "Exit code N\n<output>" for a command, else Droid's error. */
function failureText(call: FailedCall): { error: string; exitCode?: number } {
  const exited = EXITED.exec(call.text);
  if (!exited) return { error: call.text.trim() || 'failed' };
  const exitCode = Number(exited[1]);
  const output = call.text.slice(0, exited.index).replace(FAILED_PREFIX, '').trim();
  return { error: output ? `Exit code ${exitCode}\n${output}` : `Exit code ${exitCode}`, exitCode };
}

/** A Stop after failed calls: StopFailure naming the first failed command (else the first failure). */
function stopWithFailures(event: HostEvent): HostPayload {
  const failed = turnFailures(event.transcript_path, event.message_id);
  if (!failed.length) return event;
  const shown = failed.find((call) => TOOL_ROLES[call.name ?? ''] === 'shell' && EXITED.test(call.text)) ?? failed[0]!;
  const { error } = failureText(shown);
  const others = failed.filter((call) => call !== shown).map((call) => call.name ?? 'a tool');
  return {
    ...event,
    hook_event_name: 'StopFailure',
    droid_event: 'Stop',
    tool_name: shown.name ?? 'Droid',
    ...(shown.input && typeof shown.input === 'object' ? { tool_input: shown.input } : {}),
    error: others.length ? `${error}\n(also failed this turn: ${others.join(', ')})` : error,
  };
}

function withTool(event: HostEvent): HostPayload {
  const role = TOOL_ROLES[event.tool_name as string] ?? 'other';
  const response = event.tool_response;
  const exited = role === 'shell' && typeof response === 'string' ? EXITED.exec(response) : null;
  // Only a successful call fires PostToolUse; its code is 0, said anyway.
  return exited && Number(exited[1]) === 0 && event.hook_event_name === 'PostToolUse'
    ? { ...event, tool_role: role, exit_code: 0 }
    : { ...event, tool_role: role };
}

/**
 * Where buddy-tui's hooks go: Droid's user settings, `<home>/.factory/settings.json`, key `hooks`,
 * Claude Code's nesting (timeouts in seconds). A hook's exit 2 blocks the tool and one that outlives
 * its time-out is killed (fails open): the command is silent and exits 0. `hooks.hooksDisabled`
 * turns every hook off; Droid rewrites this file (it adds an `id` to each custom model), so
 * uninstall takes out buddy-tui's entries and keeps Droid's changes. A `hooks.json` beside it is
 * read too, with the events at its top level: wrapped in `{"hooks": ...}` it loads nothing.
 */
export const droidSpec: HostWithHookFile = {
  id: 'droid',
  label: 'Droid',
  fullLabel: 'Factory Droid',
  capabilities: {
    subagents: false,
    waitingForApproval: 'interactive-only',
    exitCodes: 'transcript',
    toolCallIds: false,
    turnEnd: 'event',
    sessionEnd: 'always',
  },
  how: {
    subagents: 'SubagentStop only, no start (untested: subagents need the daemon)',
    waitingForApproval: 'Notification, in the TUI only (untested: the TUI needs a Factory login)',
    exitCodes:
      "**a failed tool fires no hook**: read from the session's transcript at the turn's end (Stop as StopFailure)",
    toolCallIds: 'none; a start and the next end of its tool are one call',
    turnEnd: 'Stop',
    sessionEnd: 'SessionEnd (`other`)',
  },
  normalize(payload): InternalEvent | undefined {
    if (!isEventShaped(payload)) return undefined;
    let event: HostPayload = payload;
    if (payload.hook_event_name === 'Stop') event = stopWithFailures(payload);
    else if (typeof payload.tool_name === 'string') event = withTool(payload);
    return { ...event, host: 'droid' } as InternalEvent;
  },
  hookFile: {
    short: 'Droid',
    folder: { flag: 'droid-home', names: 'home', name: '.factory' },
    file: 'settings.json',
    events: [
      'SessionStart',
      'UserPromptSubmit',
      'PreToolUse',
      'PostToolUse',
      'Notification',
      'SubagentStop',
      'PreCompact',
      'Stop',
      'SessionEnd',
    ],
    entry: { commandKey: 'command', timeoutKey: 'timeout', timeout: 5 },
    gates: [
      { kind: 'host-rewrites-file', note: 'it adds an "id" to each custom model' },
      { kind: 'switch-on', file: 'settings.json', key: 'hooks.hooksDisabled' },
      { kind: 'unwrapped-hooks-file', file: 'hooks.json' },
    ],
    helpWhere: ['in <home>/.factory/settings.json', '(--droid-home <dir> for another home)'],
    uninstallHelp:
      "removes buddy-tui's hooks from <home>/.factory/settings.json (keeping what Droid itself changed there).",
    afterInstall:
      "Droid sessions started from now on feed the buddy (a failed tool fires no hook: it shows at the turn's end).",
    allEventsNote: '',
    wiredNote: '',
    versionFloor: '0.215.0',
  },
  // No delegate: every `droid exec` is saved as a session the user can resume (docs/delegates.md).
  cli: { binary: 'droid' },
};

export const droidTranslator: HostTranslator = droidSpec;
