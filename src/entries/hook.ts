/**
 * `buddy-tui hook`: Claude Code runs this for every hook event. It appends the event to the
 * session's journal and gets out of the way: it prints nothing (stdout would become Claude's
 * context on some events) and exits 0 on every path.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hookPayloadSchema } from '../protocol/hook-event.js';
import { errorLogReporter } from '../state/error-log.js';
import { appendLine, serializeEventLine } from '../state/journal.js';
import { pruneSessions, retentionMsFromSettings } from '../state/retention.js';
import { JOURNAL_FILE, UnsafePathError, ensurePrivateDir, ensureSessionDir, sessionDirName, stateRootPath } from '../state/state-root.js';
import { sanitizeText } from '../text/sanitize.js';

/** Payloads beyond this are not parsed at all (a runaway tool output must not cost seconds). */
const MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;

function readStdin(): Buffer {
  try {
    return readFileSync(0);
  } catch (error) {
    // EAGAIN on a non-blocking pipe, or no stdin at all: nothing to record.
    if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return Buffer.alloc(0);
    throw error;
  }
}


export function runHook(env: NodeJS.ProcessEnv = process.env): void {
  // buddy-tui's own `claude -p` children must never feed the buddy.
  if (env.BUDDY_TUI_CHILD === '1') return;
  const receivedAt = Date.now();
  let root: string | undefined;
  try {
    root = stateRootPath(env);
    const input = readStdin();
    ensurePrivateDir(root);
    const report = errorLogReporter(root, env);
    /** Input the hook cannot use: dropped, and said where to find. */
    const dropped = (message: string) => report({ level: 'warning', where: 'hook', message });
    if (input.length === 0) return dropped('empty stdin');
    if (input.length > MAX_PAYLOAD_BYTES) return dropped(`payload of ${input.length} bytes dropped`);
    let payload: unknown;
    try {
      payload = JSON.parse(input.toString('utf8'));
    } catch {
      return dropped(`malformed JSON (${input.length} bytes)`);
    }
    const checked = hookPayloadSchema.safeParse(payload);
    if (!checked.success) return dropped('payload without session_id/hook_event_name');
    const sessionId = checked.data.session_id;
    if (!sessionDirName(sessionId)) {
      return dropped(`event dropped: unsafe session_id ${JSON.stringify(sessionId.slice(0, 80))}`);
    }
    const dir = ensureSessionDir(root, sessionId);
    appendLine(join(dir, JOURNAL_FILE), serializeEventLine({ ...checked.data, ts: receivedAt }));
    // A new session is the moment to clear out expired ones: rare, and after our line is safe.
    if (checked.data.hook_event_name === 'SessionStart') {
      pruneSessions(root, { now: receivedAt, retentionMs: retentionMsFromSettings(env) });
    }
  } catch (error) {
    // Unsafe root (symlink, someone else's), full disk, unwritable directory: log where we can.
    // An unsafe session directory inside a sound root is logged in the root.
    const unsafeRoot = error instanceof UnsafePathError && error.path === root;
    if (unsafeRoot && !env.BUDDY_TUI_DEBUG) {
      // The error log lives in the refused root, so stderr is the only place left to say it.
      // Claude Code keeps a hook's stderr out of the conversation on exit 0.
      process.stderr.write(`buddy-tui hook: state root refused: ${sanitizeText((error as Error).message)}\n`);
    }
    errorLogReporter(unsafeRoot ? undefined : root, env)({ level: 'error', where: 'hook', error });
  }
}

runHook();
