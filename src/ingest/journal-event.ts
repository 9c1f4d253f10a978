/**
 * Appending one spooled event to its session's journal, exactly once: the line carries
 * `"inbox":"<name>@<mtimeMs>"`, and a key already among the journal's recent lines (a drain that
 * died between append and unlink, or two drainers that both broke a stale lock) is not appended
 * again. Used for the inbox's files and for set-aside files that became whole later.
 */
import { closeSync, fstatSync } from 'node:fs';
import { join } from 'node:path';
import type { FeedHost } from '../hosts/host-id.js';
import { stampEvent } from '../protocol/stamped-fields.js';
import { appendAt, endsWithNewlineAt, openForAppend, serializeEventLine } from '../state/journal.js';
import { scanLinesFromEnd } from '../state/lines-from-end.js';
import {
  JOURNAL_FILE,
  UnsafePathError,
  ensurePrivateDir,
  ensureSessionDir,
  sessionDirName,
} from '../state/state-root.js';

/** The journal's recent `inbox` keys: enough lines to cover a drain that raced this one. */
const KEY_SCAN_BYTES = 256 * 1024;
const KEY_MARK = '"inbox":"';

/** The line's own `inbox` key: top level only, since a tool's input may hold a key of that name too. */
function inboxKeyOf(line: string): string | undefined {
  try {
    const key = (JSON.parse(line) as { inbox?: unknown } | null)?.inbox;
    return typeof key === 'string' ? key : undefined;
  } catch {
    return undefined; // a damaged line: it names no key
  }
}

export interface RecentKeys {
  keys: Set<string>;
  size: number;
  /** `size` is where this drainer's own last line ended (so the file ends in a newline there). */
  ownEnd?: boolean;
}

/** Journal path -> its recent keys, and its size when they were read. */
export type KeyMemory = Map<string, RecentKeys>;

/** The keys among the journal's last lines, read through the append descriptor up to `size`. */
function recentInboxKeys(fd: number, size: number): Set<string> {
  const keys = new Set<string>();
  let lines = 0;
  scanLinesFromEnd(fd, { maxBytes: KEY_SCAN_BYTES, chunkBytes: 16 * 1024, end: size }, (line) => {
    // Only a line that mentions the key is parsed (the Node hook's lines have none).
    const key = line.includes(KEY_MARK) ? inboxKeyOf(line) : undefined;
    if (key) keys.add(key);
    return (lines += 1) < 64;
  });
  return keys;
}

/** A kept memory stays small: a drainer that raced this one did so within the last few keys. */
const MAX_KEPT_KEYS = 256;
const MAX_KEPT_JOURNALS = 256;

/** The journal's recent keys: the remembered ones while only this drainer appended, else read again. */
function recentKeysOf(journal: string, fd: number, size: number, memory: KeyMemory): RecentKeys {
  let recent = memory.get(journal);
  if (!recent || recent.size !== size) {
    if (!recent && memory.size >= MAX_KEPT_JOURNALS) memory.clear();
    memory.set(journal, (recent = { keys: recentInboxKeys(fd, size), size }));
  }
  return recent;
}

/** Notes a key appended (the oldest forgotten past MAX_KEPT_KEYS: a Set keeps insertion order). */
function remember(recent: RecentKeys, key: string): void {
  recent.keys.add(key);
  if (recent.keys.size > MAX_KEPT_KEYS) recent.keys.delete(recent.keys.values().next().value as string);
}

export interface SpooledEvent {
  /** The spooled file's name in the inbox (`<host>.<pid>[.<k>]`). */
  name: string;
  host: FeedHost;
  mtimeMs: number;
  /** Where its hook ran in tmux (from the inbox name); always stamped, so a payload's own keys never pass for it. */
  tmuxPane?: string;
  tmuxServerPid?: number;
  /** The host translator's internal event (normalizeHostEvent), checked to name a safe session. */
  payload: Record<string, unknown> & { session_id: string; hook_event_name: string };
}

/**
 * The journals one drain appends to: each session's folder checked and its journal opened once
 * per drain (as appendLine opens and checks it), however many of its events the drain carries,
 * and closed at the drain's end. The drain checked the root itself (drain-inbox.ts's soundInbox).
 */
export class DrainJournals {
  private readonly open = new Map<string, number>();

  constructor(private readonly root: string) {}

  /** The session's journal and its descriptor and size now; throws UnsafePathError. */
  journalOf(sessionId: string): { journal: string; fd: number; size: number } {
    const name = sessionDirName(sessionId);
    if (!name) throw new UnsafePathError(String(sessionId).slice(0, 80), 'is not a valid session id');
    const journal = join(this.root, name, JOURNAL_FILE);
    const fd = this.open.get(journal);
    // Another appender (the Node hook) may have written since: the size is looked at every time.
    if (fd !== undefined) return { journal, fd, size: fstatSync(fd).size };
    ensurePrivateDir(join(this.root, name));
    const opened = openForAppend(journal);
    this.open.set(journal, opened.fd);
    return { journal, ...opened };
  }

  close(): void {
    for (const fd of this.open.values()) closeSync(fd);
    this.open.clear();
  }
}

/** One event appended (ONE write) unless its key is among the journal's recent ones. */
function appendSpooled(
  spooled: SpooledEvent,
  target: { journal: string; fd: number; size: number },
  memory: KeyMemory,
): void {
  const key = `${spooled.name}@${spooled.mtimeMs}`;
  const { journal, fd, size } = target;
  const recent = recentKeysOf(journal, fd, size, memory);
  if (recent.keys.has(key)) return;
  // The place comes from the inbox name only: the sh spool knows no socket.
  const stamps = { tmux_pane: spooled.tmuxPane, tmux_server_pid: spooled.tmuxServerPid };
  const line = serializeEventLine(
    stampEvent(spooled.payload, { ...stamps, ts: Math.floor(spooled.mtimeMs), inbox: key }),
  );
  // Right after this drainer's own line the file ends in a newline: no read to find out.
  const cut = size > 0 && !(recent.ownEnd && recent.size === size) && !endsWithNewlineAt(fd, size);
  const written = appendAt(fd, journal, line, cut);
  remember(recent, key);
  // Another appender between the size and the write makes the file longer than this: read again next time.
  recent.size = size + written;
  recent.ownEnd = true;
}

/**
 * Appends the event unless its key is already journaled. Throws what appendLine throws. With a
 * drain's `journals`, the journal stays open for the drain's next events; without, it is opened
 * (the root checked too) and closed here.
 */
export function journalSpooledEvent(
  root: string,
  spooled: SpooledEvent,
  memory: KeyMemory,
  journals?: DrainJournals,
): void {
  if (journals) return appendSpooled(spooled, journals.journalOf(spooled.payload.session_id), memory);
  ensureSessionDir(root, spooled.payload.session_id);
  const own = new DrainJournals(root);
  try {
    appendSpooled(spooled, own.journalOf(spooled.payload.session_id), memory);
  } finally {
    own.close();
  }
}
