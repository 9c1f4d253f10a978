/**
 * The inbox's names and their order. A spooled event is `<host>.<pid>` (or `<host>.<pid>.<k>`,
 * k = 1..7, when that name was taken), written by the sh hook (spool-command.ts), or
 * `<host>.<pid>.<n>` with n a per-process sequence of up to 9 digits, written by an in-process
 * host plugin (host-plugin/append-event.ts says why it needs more than 8 names); inside tmux the
 * hook adds `.t<pane number>.<tmux server pid>` (TMUX_PANE and TMUX), which the drain stamps on
 * the journal line as the Node hook stamps its own (notify/session-place.ts reads it).
 * Order: by when the file was claimed, then by pid. The claim is the spool's O_EXCL create, so the
 * file's birth time is that moment; its mtime is when the writer last wrote, and a host that sends
 * one payload slowly would put its event after the ones spooled meanwhile. Sequential hooks start
 * one after another (and the later pid is larger unless pids wrapped); parallel hooks have no
 * order to keep.
 */
import { parseFeedHost, type FeedHost } from '../hosts/host-id.js';

export const INBOX_DIR = 'inbox';
/** Files that never became a whole event: kept here, never deleted silently. */
export const DAMAGED_DIR = 'damaged';

/** `<host>.<pid>[.<k>]` (k: the spool's 1..7 or a plugin's sequence); the host part is a built-in id or a user's (parseFeedHost), so a new host needs no change here. */
const SPOOL_NAME = /^([a-z][a-z0-9-]{0,15})\.(\d+)(?:\.([1-9]\d{0,8}))?(?:\.t(\d+)\.(\d+))?$/;
/** Longer pane numbers or pids are no tmux's: the event is drained, its place left out. */
const PLACE_NUMBER = /^\d{1,9}$/;

export interface InboxName {
  name: string;
  host: FeedHost;
  pid: number;
  /** 0 for `<host>.<pid>`, else the retry number (a plugin's sequence number). */
  k: number;
  /** The hook's tmux pane (`%N`) and its server's pid, when it ran inside tmux. */
  tmuxPane?: string;
  tmuxServerPid?: number;
}

/** The parts of a spooled file's name; undefined for anything else in the inbox. */
export function parseInboxName(name: string): InboxName | undefined {
  const match = SPOOL_NAME.exec(name);
  const host = match ? parseFeedHost(match[1]) : undefined;
  if (!match || !host) return undefined;
  const place =
    match[4] && match[5] && PLACE_NUMBER.test(match[4]) && PLACE_NUMBER.test(match[5])
      ? { tmuxPane: `%${Number(match[4])}`, tmuxServerPid: Number(match[5]) }
      : {};
  return { name, host, pid: Number(match[2]), k: match[3] ? Number(match[3]) : 0, ...place };
}

export interface InboxFile extends InboxName {
  /** When the spool claimed the file (claimedAtMs): the order. */
  claimedMs: number;
  /** When it was last written: with the name, the journal line's exactly-once key. */
  mtimeMs: number;
  size: number;
}

/**
 * The file's birth time (statx on Linux, st_birthtime on macOS). Node gives 0 where the file
 * system keeps none (older kernels' tmpfs, some network file systems): there the mtime is all
 * there is, and a file written slowly sorts by when it was finished.
 */
export function claimedAtMs(stats: { birthtimeMs: number; mtimeMs: number }): number {
  return stats.birthtimeMs > 0 ? stats.birthtimeMs : stats.mtimeMs;
}

/** Oldest first: claim time, then pid, then the retry number (a reused pid's later file). */
export function compareInboxFiles(a: InboxFile, b: InboxFile): number {
  return a.claimedMs - b.claimedMs || a.pid - b.pid || a.k - b.k;
}
