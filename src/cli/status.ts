/**
 * `buddy-tui status [--json] [--session ID]`: the reducer's view of each live session, for
 * scripts, tmux status bars and tests. The JSON is a stable, versioned contract (docs/status.md):
 * within `version` 1, fields are only ever added.
 */
import { parseArgs } from 'node:util';
import { toolsByUse } from '../display/tool-order.js';
import { hostCapabilities, type HostCapabilities } from '../hosts/host-capabilities.js';
import { DEFAULT_HOST } from '../hosts/host-id.js';
import { listSessions, readAnySession } from '../state/reader.js';
import { formatElapsed, sessionActivity, subagentGroups, type SessionActivity } from '../state/selectors.js';
import type { SessionState } from '../state/session-state.js';
import { visibleSessions } from '../state/session-visibility.js';
import { sessionDirName, stateRootPath } from '../state/state-root.js';
import { drainBeforeRead } from '../ingest/drain-inbox.js';
import { hostLabel } from '../ingest/user-host-maps.js';
import { resolveNow } from '../statusline/options.js';
import { sanitizeText } from '../text/sanitize.js';
import { joinTerm, term, termJson, type TerminalText } from '../text/terminal-text.js';
import { processIo, type CliIo } from './cli-io.js';
import { isSegmentRequest, runSegmentCommand } from './status-segment.js';

export const STATUS_VERSION = 1;

const HELP = term`usage: buddy-tui status [--json] [--session ID]
       buddy-tui status --tmux | --format '<template>' [--tmux] [--quiet-when-idle]   (a bar's segment: docs/status.md)

The state of each live session (the sessions the pane shows: live ones, and ones that ended in
the last 30 minutes), one line each, or as JSON with --json (the schema: docs/status.md).
  --json        {"version": 1, "sessions": [...]}
  --session ID  only that session; exit 1 when ID is not a session id or names no live session
`;

export interface SessionStatus {
  id: string;
  host: string;
  /** The host's name: a built-in host's ("Claude Code"), the label config.json's `hosts` gives, else the id. */
  label: string;
  /** The folder name of the session's working directory; null before an event named one. */
  project: string | null;
  state: SessionActivity;
  /** Tool name -> calls, of the current turn (or the last one, until the next prompt). */
  tools: Record<string, number>;
  /** Subagent type -> how many of that type are running now; null when the host reports no subagents (Gemini CLI). */
  agents: Record<string, number> | null;
  /** Failed tool calls (interrupts included) and failed turns (StopFailure) over the whole session. */
  failures: number;
  /** The receive time of the session's latest event, in ms since the epoch. */
  lastEventAt: number | null;
  /** What the session's host reports at all (src/hosts/host-capabilities.ts, docs/hosts.md). */
  reports: HostCapabilities;
}

export interface StatusReport {
  version: typeof STATUS_VERSION;
  sessions: SessionStatus[];
}

/** Names from journals become keys: each made safe; two names that sanitise alike add up. */
function countsOf(pairs: ReadonlyArray<readonly [string, number]>): Record<string, number> {
  const counts: Record<string, number> = Object.create(null);
  for (const [name, count] of pairs) {
    const key = sanitizeText(name, { maxLength: 128 });
    counts[key] = (counts[key] ?? 0) + count;
  }
  return counts;
}

export function sessionStatus(state: SessionState, now: number): SessionStatus {
  const reports = hostCapabilities(state.host);
  return {
    id: sanitizeText(state.sessionId, { maxLength: 128 }),
    host: sanitizeText(state.host ?? DEFAULT_HOST, { maxLength: 40 }),
    label: sanitizeText(hostLabel(state.host ?? DEFAULT_HOST), { maxLength: 40 }),
    project: state.projectName === undefined ? null : sanitizeText(state.projectName, { maxLength: 200 }),
    state: sessionActivity(state),
    tools: countsOf(toolsByUse(Object.entries(state.toolsThisTurn))),
    // Not `{}` for a host that cannot say: that would read as "none run".
    agents: reports.subagents
      ? countsOf(subagentGroups(state, now).map((group): [string, number] => [group.agentType, group.count]))
      : null,
    failures: state.toolFailuresTotal,
    lastEventAt: state.lastEventAt ?? null,
    reports: { ...reports },
  };
}

/**
 * Where reading starts: every session under the root (and Foundry's), folded by the reader
 * (from its checkpoint), kept when the pane would show it, in the pane's tab order.
 * `only` restricts the read to that one session id (already checked to be one).
 */
export function readLiveSessions(
  env: NodeJS.ProcessEnv,
  now: number,
  only?: string,
  skipped: (message: string) => void = () => {},
): SessionState[] {
  const root = stateRootPath(env);
  // Events still in the inbox (written while no buddy-tui process ran) are journaled first.
  try {
    drainBeforeRead(env, now);
  } catch (error) {
    skipped(`the inbox was not drained: ${(error as Error).message}`);
  }
  const states: Record<string, SessionState> = Object.create(null);
  for (const entry of listSessions(root, env)) {
    if (only !== undefined && entry.id !== only) continue;
    try {
      // A read command: it leaves the checkpoints to the pane and the statusline (docs/status.md).
      const state = readAnySession(entry, now, { writeCheckpoint: false });
      if (state) states[entry.id] = state;
    } catch (error) {
      // One bad session never hides its neighbours.
      skipped(`session ${entry.id} skipped: ${(error as Error).message}`);
    }
  }
  return visibleSessions(states, now);
}

function counted(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
}

/** One session on one line: id, project, [host], state, then what there is of tools, agents, failures, and the age. */
function statusLine(status: SessionStatus, now: number): TerminalText {
  const parts = [term`${status.id}  ${status.project ?? '-'}  [${status.host}]  ${status.state}`];
  if (Object.keys(status.tools).length) parts.push(term`tools: ${counted(status.tools)}`);
  if (status.agents === null) parts.push(term`agents: —`);
  else if (Object.keys(status.agents).length) parts.push(term`agents: ${counted(status.agents)}`);
  if (status.failures) parts.push(term`failures: ${status.failures}`);
  if (status.lastEventAt !== null) parts.push(term`last event ${formatElapsed(now - status.lastEventAt)} ago`);
  return joinTerm(parts, '  ');
}

export async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  // A bar's segment (--tmux, --format): its own flags and module (status-segment.ts).
  if (isSegmentRequest(args)) return runSegmentCommand(args, io, io.env.BUDDY_TUI_NOW ? resolveNow(io.env) : io.now());
  const { values } = parseArgs({
    args,
    options: { json: { type: 'boolean' }, session: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  // BUDDY_TUI_NOW pins the clock for tests, as for the statusline.
  const now = io.env.BUDDY_TUI_NOW ? resolveNow(io.env) : io.now();
  const wanted = values.session;
  const print = (sessions: SessionStatus[]) => {
    const report: StatusReport = { version: STATUS_VERSION, sessions };
    if (values.json) io.stdout(term`${termJson(report)}\n`);
    else if (sessions.length)
      io.stdout(
        term`${joinTerm(
          sessions.map((status) => statusLine(status, now)),
          '\n',
        )}\n`,
      );
    else io.stdout(term`no live sessions\n`);
  };
  const refuse = (message: TerminalText) => {
    // Scripts still get a report to parse: the empty one.
    if (values.json) print([]);
    io.stderr(term`buddy-tui status: ${message}\n`);
    return 1;
  };
  // A session id is never a path until it has passed sessionDirName.
  if (wanted !== undefined && !sessionDirName(wanted)) {
    return refuse(
      term`${JSON.stringify(sanitizeText(wanted, { maxLength: 80 }))} is not a session id (letters, digits, _ and - only)`,
    );
  }
  const skipped = (message: string) =>
    io.stderr(term`buddy-tui status: ${sanitizeText(message, { maxLength: 400 })}\n`);
  let live: SessionState[];
  try {
    live = readLiveSessions(io.env, now, wanted, skipped);
  } catch (error) {
    // Scripts always get a report with its version, whatever broke.
    return refuse(term`${sanitizeText((error as Error).message, { maxLength: 400 })}`);
  }
  if (wanted !== undefined && live.length === 0) return refuse(term`no live session ${wanted}`);
  print(live.map((state) => sessionStatus(state, now)));
  return 0;
}
