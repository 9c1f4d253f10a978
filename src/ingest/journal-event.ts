/**
 * Appending one spooled event to its session's journal, exactly once: the line carries
 * `"inbox":"<name>@<mtimeMs>"`, and a key already among the journal's recent lines (a drain that
 * died between append and unlink, or two drainers that both broke a stale lock) is not appended
 * again. Used for the inbox's files and for set-aside files that became whole later.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { FeedHost } from '../hosts/host-id.js';
import { stampEvent } from '../protocol/stamped-fields.js';
import { appendLine, serializeEventLine } from '../state/journal.js';
import { scanLinesFromEnd } from '../state/lines-from-end.js';
import { JOURNAL_FILE, ensureSessionDir } from '../state/state-root.js';

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
}

/** Journal path -> its recent keys, and its size when they were read. */
export type KeyMemory = Map<string, RecentKeys>;

/**
 * The journal opened for reading only when it is a regular file: never through a symlink, and
 * never blocking on a FIFO planted under its name (appendLine refuses those with a message).
 */
function openJournal(path: string): number | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  if (fstatSync(fd).isFile()) return fd;
  closeSync(fd);
  return undefined;
}

function recentInboxKeys(journal: string): Set<string> {
  const keys = new Set<string>();
  const fd = openJournal(journal);
  if (fd === undefined) return keys;
  try {
    let lines = 0;
    scanLinesFromEnd(fd, { maxBytes: KEY_SCAN_BYTES, chunkBytes: 16 * 1024 }, (line) => {
      // Only a line that mentions the key is parsed (the Node hook's lines have none).
      const key = line.includes(KEY_MARK) ? inboxKeyOf(line) : undefined;
      if (key) keys.add(key);
      return (lines += 1) < 64;
    });
  } finally {
    closeSync(fd);
  }
  return keys;
}

const sizeOf = (path: string): number => {
  try {
    return lstatSync(path).size;
  } catch {
    return 0;
  }
};

/** A kept memory stays small: a drainer that raced this one did so within the last few keys. */
const MAX_KEPT_KEYS = 256;
const MAX_KEPT_JOURNALS = 256;

/** The journal's recent keys: the remembered ones while only this drainer appended, else read again. */
function recentKeysOf(journal: string, memory: KeyMemory): RecentKeys {
  const size = sizeOf(journal);
  let recent = memory.get(journal);
  if (!recent || recent.size !== size) {
    if (!recent && memory.size >= MAX_KEPT_JOURNALS) memory.clear();
    memory.set(journal, (recent = { keys: recentInboxKeys(journal), size }));
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

/** Appends the event unless its key is already journaled. Throws what appendLine throws. */
export function journalSpooledEvent(root: string, spooled: SpooledEvent, memory: KeyMemory): void {
  const key = `${spooled.name}@${spooled.mtimeMs}`;
  const event = spooled.payload;
  const journal = join(ensureSessionDir(root, event.session_id), JOURNAL_FILE);
  const recent = recentKeysOf(journal, memory);
  if (recent.keys.has(key)) return;
  // The place comes from the inbox name only: the sh spool knows no socket.
  const stamps = { tmux_pane: spooled.tmuxPane, tmux_server_pid: spooled.tmuxServerPid };
  appendLine(
    journal,
    serializeEventLine(stampEvent(event, { ...stamps, ts: Math.floor(spooled.mtimeMs), inbox: key })),
  );
  remember(recent, key);
  recent.size = sizeOf(journal);
}
