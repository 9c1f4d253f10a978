/**
 * `buddy-tui hook`: Claude Code runs this for every hook event. It appends the event to the
 * session's journal and gets out of the way: it prints nothing (stdout would become Claude's
 * context on some events) and exits 0 on every path.
 */
import { join } from 'node:path';
import { DEFAULT_HOST, GENERIC_HOST, parseFeedHost, type FeedHost } from '../hosts/host-id.js';
import { hookHost } from '../hosts/hook-env.js';
import { normalizeFedEvent } from '../ingest/user-host-maps.js';
import { hookPayloadSchema } from '../protocol/hook-event.js';
import { errorLogReporter } from '../state/error-log.js';
import { appendLine, serializeEventLine } from '../state/journal.js';
import { retentionMsFromSettings } from '../config/retention-setting.js';
import { pruneSessions } from '../state/retention.js';
import {
  JOURNAL_FILE,
  UnsafePathError,
  ensurePrivateDir,
  ensureSessionDir,
  isPrivateDir,
  sessionDirName,
  stateRootPath,
} from '../state/state-root.js';
import { sanitizeText } from '../text/sanitize.js';
import { UNKNOWN_SESSION, drainInbox, type DrainOptions } from '../ingest/drain-inbox.js';
import type { Reporter } from '../report/reporter.js';
import { spoolEvent } from '../ingest/spool-event.js';
import { markRootRefused } from '../ingest/root-refusal.js';
import { INBOX_DIR } from '../ingest/inbox-order.js';
import { MAX_PAYLOAD_BYTES } from '../ingest/payload-edges.js';
import { oversizeMarker, readHookInput } from './hook-input.js';
import { placeFromEnv } from '../notify/session-place.js';
import { stampEvent } from '../protocol/stamped-fields.js';

/**
 * Stdin silent this long (no byte, no end): the hook gives up and exits 0 (override:
 * BUDDY_TUI_HOOK_DEADLINE_MS). Reading stdin is the hook's only wait; the rest is quick local
 * work. Generous on purpose: Claude Code itself stops a hook after its `timeout` (5 s as
 * installed), and on a starved machine the writer itself can take seconds to write.
 */
const DEFAULT_IDLE_MS = 60_000;

function idleMs(env: NodeJS.ProcessEnv): number {
  const ms = Number(env.BUDDY_TUI_HOOK_DEADLINE_MS);
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 600_000) : DEFAULT_IDLE_MS;
}

function soundRoot(root: string): boolean {
  try {
    return isPrivateDir(root);
  } catch {
    return false;
  }
}

/**
 * The event to journal (the parsed payload through the host's translator, or a marker for one over
 * the cap) and the payload as the host sent it (what goes to the inbox, whose drain runs the
 * translator itself); undefined when dropped.
 */
function eventFrom(
  input: Awaited<ReturnType<typeof readHookInput>>,
  host: FeedHost,
  dropped: (message: string) => void,
): { event: Record<string, unknown>; received: unknown } | undefined {
  if (input.totalBytes === 0) return void dropped('empty stdin');
  let payload: unknown;
  if (input.data) {
    try {
      payload = JSON.parse(input.data.toString('utf8'));
    } catch {
      return void dropped(`malformed JSON (${input.totalBytes} bytes)`);
    }
  } else {
    payload = oversizeMarker(input);
    dropped(`payload of ${input.totalBytes} bytes over the ${MAX_PAYLOAD_BYTES}-byte cap: journaled as a marker`);
  }
  const checked = hookPayloadSchema.safeParse(normalizeFedEvent(host, payload));
  if (!checked.success) return void dropped('payload without session_id/hook_event_name');
  return { event: checked.data, received: payload };
}

/** How long the hook waits for older spooled events of its session still being written. */
const HELD_WAIT_MS = 3_000;
const HELD_POLL_MS = 20;

interface SoundInbox {
  path: string;
  /** Sessions whose spooled files wait (UNKNOWN_SESSION: any session's may). */
  held: Set<string>;
}

/** Drains the inbox once; the sessions it left waiting, or undefined when the inbox is refused. */
function drainFirst(root: string, options: DrainOptions & { report: Reporter }): SoundInbox | undefined {
  try {
    const path = join(root, INBOX_DIR);
    ensurePrivateDir(path);
    const held = new Set<string>();
    if (drainInbox(root, { ...options, heldSessions: held }).busy) held.add(UNKNOWN_SESSION);
    return { path, held };
  } catch (error) {
    options.report({ level: 'error', where: 'hook', message: 'inbox refused', error });
    return undefined;
  }
}

/**
 * True once no older spooled file of the session waits: then the event may be appended directly.
 * While one is still being written (a slow host, a parallel event), drains again until it is
 * journaled, for at most HELD_WAIT_MS; false after that (the event is spooled behind it).
 */
async function nothingAhead(
  root: string,
  inbox: SoundInbox,
  sessionId: string,
  options: DrainOptions & { report: Reporter },
): Promise<boolean> {
  const ahead = (held: Set<string>) => held.has(sessionId) || held.has(UNKNOWN_SESSION);
  let held = inbox.held;
  for (let waited = 0; ahead(held); waited += HELD_POLL_MS) {
    if (waited >= HELD_WAIT_MS) return false;
    await new Promise((resolve) => setTimeout(resolve, HELD_POLL_MS));
    held = drainFirst(root, options)?.held ?? new Set();
  }
  return true;
}

/**
 * `--host <id>` names the host that runs this hook; Claude Code when absent. A name buddy-tui has no
 * translator for is a user's host (generic, or mapped in config.json), and a name that cannot be a
 * host id is `generic`: another agent's events are never taken for Claude Code's.
 */
export function hostFromArgs(argv: readonly string[]): FeedHost {
  const at = argv.indexOf('--host');
  if (at < 0) return DEFAULT_HOST;
  return parseFeedHost(argv[at + 1]) ?? GENERIC_HOST;
}

export async function runHook(
  env: NodeJS.ProcessEnv = process.env,
  given: FeedHost = hostFromArgs(process.argv),
): Promise<void> {
  // buddy-tui's own `claude -p` children must never feed the buddy.
  if (env.BUDDY_TUI_CHILD === '1') return;
  // Claude Code's hook run by another host (its own variable is set) feeds that host's events.
  const host = hookHost(given, env);
  const receivedAt = Date.now();
  let root: string | undefined;
  try {
    root = stateRootPath(env);
    const input = await readHookInput({ maxBytes: MAX_PAYLOAD_BYTES, idleMs: idleMs(env) });
    if (input.timedOut) {
      // Nothing is created for an event that never arrived; a sound existing root gets the note.
      const message = `stdin silent for ${idleMs(env)} ms after ${input.totalBytes} bytes: gave up`;
      return errorLogReporter(soundRoot(root) ? root : undefined, env)({ level: 'warning', where: 'hook', message });
    }
    ensurePrivateDir(root);
    const report = errorLogReporter(root, env);
    // The spool's fast path starts from the next event (the sh hook falls back here while the
    // inbox is missing); what it spooled before goes to the journals before this event, so the
    // order holds. An inbox that is not ours (a symlink, another user's) is reported and left
    // alone; this event is still journaled.
    const inbox = drainFirst(root, { now: receivedAt, report, env });
    /** Input the hook cannot use: dropped, and said where to find. */
    const dropped = (message: string) => report({ level: 'warning', where: 'hook', message });
    const from = eventFrom(input, host, dropped);
    if (!from) return;
    const { event, received } = from;
    const sessionId = event.session_id as string;
    if (!sessionDirName(sessionId)) {
      return dropped(`event dropped: unsafe session_id ${JSON.stringify(sessionId.slice(0, 80))}`);
    }
    if (inbox && !(await nothingAhead(root, inbox, sessionId, { now: receivedAt, report, env }))) {
      // Older events of its session are still being written: it joins them in the inbox.
      spoolEvent(inbox.path, host, Buffer.from(JSON.stringify(received)));
      return;
    }
    const dir = ensureSessionDir(root, sessionId);
    // Where the agent runs in tmux, so notifications can skip the pane the user looks at.
    appendLine(
      join(dir, JOURNAL_FILE),
      serializeEventLine(stampEvent(event, { ...placeFromEnv(env), ts: receivedAt })),
    );
    // A new session is the moment to clear out expired ones: rare, and after our line is safe.
    if (event.hook_event_name === 'SessionStart') {
      pruneSessions(root, { now: receivedAt, retentionMs: retentionMsFromSettings(env) });
    }
  } catch (error) {
    // Unsafe root (symlink, someone else's, open to others), full disk, unwritable directory:
    // log where we can. An unsafe session directory inside a sound root is logged in the root.
    const unsafeRoot = error instanceof UnsafePathError && error.path === root;
    if (unsafeRoot && !env.BUDDY_TUI_DEBUG) {
      // The error log lives in the refused root, so stderr is the only place left to say it.
      // Claude Code keeps a hook's stderr out of the conversation on exit 0.
      process.stderr.write(`buddy-tui hook: state root refused: ${sanitizeText((error as Error).message)}\n`);
    }
    // The spool cannot see a folder's mode: from the next event it hands events here too.
    if (unsafeRoot) markRootRefused(root as string, join(root as string, INBOX_DIR), (error as Error).message);
    errorLogReporter(unsafeRoot ? undefined : root, env)({ level: 'error', where: 'hook', error });
  }
}

// Whatever happens, the exit code is 0 (a rejected promise would otherwise make it 1).
process.exitCode = 0;
runHook()
  .catch(() => undefined)
  // A stdin given up on would keep the process waiting for it.
  .finally(() => process.exit(0));
