/**
 * `buddy-tui hook`: Claude Code runs this for every hook event. It appends the event to the
 * session's journal and gets out of the way: it prints nothing (stdout would become Claude's
 * context on some events) and exits 0 on every path.
 */
import { join } from 'node:path';
import { normalizeHostEvent } from '../hosts/host-adapter.js';
import { DEFAULT_HOST, parseHostId, type HostId } from '../hosts/host-id.js';
import { hookPayloadSchema } from '../protocol/hook-event.js';
import { errorLogReporter } from '../state/error-log.js';
import { appendLine, serializeEventLine } from '../state/journal.js';
import { pruneSessions, retentionMsFromSettings } from '../state/retention.js';
import { JOURNAL_FILE, UnsafePathError, ensurePrivateDir, ensureSessionDir, isPrivateDir, sessionDirName, stateRootPath } from '../state/state-root.js';
import { sanitizeText } from '../text/sanitize.js';
import { drainInbox } from '../ingest/drain-inbox.js';
import { INBOX_DIR } from '../ingest/inbox-order.js';
import { MAX_PAYLOAD_BYTES } from '../ingest/payload-edges.js';
import { oversizeMarker, readHookInput } from './hook-input.js';

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

/** The event to journal: the parsed payload through the host's adapter, or a marker for one over the cap; undefined when dropped. */
function eventFrom(input: Awaited<ReturnType<typeof readHookInput>>, host: HostId, dropped: (message: string) => void): Record<string, unknown> | undefined {
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
  const checked = hookPayloadSchema.safeParse(normalizeHostEvent(host, payload));
  if (!checked.success) return void dropped('payload without session_id/hook_event_name');
  return checked.data;
}

/** `--host <id>` names the host that runs this hook; Claude Code when absent or unknown. */
export function hostFromArgs(argv: readonly string[]): HostId {
  const at = argv.indexOf('--host');
  return (at >= 0 ? parseHostId(argv[at + 1]) : undefined) ?? DEFAULT_HOST;
}

export async function runHook(env: NodeJS.ProcessEnv = process.env, host: HostId = hostFromArgs(process.argv)): Promise<void> {
  // buddy-tui's own `claude -p` children must never feed the buddy.
  if (env.BUDDY_TUI_CHILD === '1') return;
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
    // order holds.
    // An inbox that is not ours (a symlink, another user's) is reported and left alone; this
    // event is still journaled.
    try {
      ensurePrivateDir(join(root, INBOX_DIR));
      drainInbox(root, { now: receivedAt, report, env });
    } catch (error) {
      report({ level: 'error', where: 'hook', message: 'inbox refused', error });
    }
    /** Input the hook cannot use: dropped, and said where to find. */
    const dropped = (message: string) => report({ level: 'warning', where: 'hook', message });
    const event = eventFrom(input, host, dropped);
    if (!event) return;
    const sessionId = event.session_id as string;
    if (!sessionDirName(sessionId)) {
      return dropped(`event dropped: unsafe session_id ${JSON.stringify(sessionId.slice(0, 80))}`);
    }
    const dir = ensureSessionDir(root, sessionId);
    appendLine(join(dir, JOURNAL_FILE), serializeEventLine({ ...event, ts: receivedAt }));
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
    errorLogReporter(unsafeRoot ? undefined : root, env)({ level: 'error', where: 'hook', error });
  }
}

// Whatever happens, the exit code is 0 (a rejected promise would otherwise make it 1).
process.exitCode = 0;
runHook()
  .catch(() => undefined)
  // A stdin given up on would keep the process waiting for it.
  .finally(() => process.exit(0));
