/**
 * Reads a session's state: start from its checkpoint, fold only the journal bytes added since,
 * and save the new checkpoint atomically. The statusline and the TUI both read through here.
 * A journal with more unread bytes than TAIL_FOLD_ABOVE_BYTES (no checkpoint, or an old one)
 * is folded from its end instead (tail-fold.ts): a cold read of a 150 MB journal stays fast.
 *
 * Checkpoint `<session>/state.json` = { version, reducerVersion, journal: {ino, offset}, state,
 * partial? }. It is only a cache: when it is missing, damaged, folded by another reducer
 * version, or the journal shrank or was replaced, the fold starts over.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { readSmallFile } from '../files/read-small-file.js';
import { atomicWriteFileSync } from './atomic-write.js';
import { checkedSessionState } from './checkpoint-check.js';
import { readFoundrySession, foundryRoot, FOUNDRY_DIR_PREFIX } from './foundry.js';
import { readJournalFrom } from './journal.js';
import { foldEvents } from './reducer.js';
import { REDUCER_VERSION } from './reducer-version.js';
import type { SessionState } from './session-state.js';
import { CHECKPOINT_FILE, JOURNAL_FILE, SESSION_ID_PATTERN, isPrivateDir, isSessionDirName } from './state-root.js';
import { foldJournalTail, type FoldedJournal } from './tail-fold.js';

export const CHECKPOINT_VERSION = 2;
/** Unread journal bytes past which a reader folds from the journal's end (~40 ms of folding). */
export const TAIL_FOLD_ABOVE_BYTES = 4 * 1024 * 1024;

/** Journal bytes folded at a time by a read from the checkpoint: their events die young. */
export const FOLD_SLICE_BYTES = 256 * 1024;
const MAX_FOLD_SLICES = Math.ceil(TAIL_FOLD_ABOVE_BYTES / FOLD_SLICE_BYTES) + 4;

export interface Checkpoint extends FoldedJournal {
  version: number;
  reducerVersion: number;
}

/** A checkpoint is a few KB (the state is bounded); anything far larger is not one we wrote. */
const CHECKPOINT_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The session's checkpoint when it is one this reader can trust: read through the small-file
 * read (a FIFO or a folder in its place is refused, not waited on), and every field checked
 * (checkpoint-check.ts). Anything else is undefined: the journal is folded again.
 */
export function readCheckpoint(sessionDir: string): Checkpoint | undefined {
  try {
    const parsed = JSON.parse(
      readSmallFile(join(sessionDir, CHECKPOINT_FILE), { maxBytes: CHECKPOINT_MAX_BYTES }),
    ) as Partial<Checkpoint> | null;
    const journal = parsed?.journal;
    if (
      parsed?.version === CHECKPOINT_VERSION &&
      parsed.reducerVersion === REDUCER_VERSION &&
      // An inode past 2^53 is not exact as a number, but it is the same inexact number each time.
      Number.isFinite(journal?.ino) &&
      Number.isSafeInteger(journal?.offset) &&
      journal!.offset >= 0 &&
      (parsed.partial === undefined || typeof parsed.partial === 'boolean')
    ) {
      const state = checkedSessionState(parsed.state);
      if (state)
        return {
          version: parsed.version,
          reducerVersion: parsed.reducerVersion,
          journal: { ino: journal!.ino, offset: journal!.offset },
          state,
          ...(parsed.partial ? { partial: true } : {}),
        };
    }
  } catch {
    // Missing, damaged or not a regular file: fold from the start.
  }
  return undefined;
}

/** Saves a fold as the session's checkpoint. Failing to save is never an error (it is a cache). */
export function writeCheckpoint(sessionDir: string, folded: FoldedJournal): void {
  try {
    const next: Checkpoint = {
      version: CHECKPOINT_VERSION,
      reducerVersion: REDUCER_VERSION,
      journal: folded.journal,
      state: folded.state,
    };
    if (folded.partial) next.partial = true;
    atomicWriteFileSync(join(sessionDir, CHECKPOINT_FILE), JSON.stringify(next), 0o600, { durable: false });
  } catch {
    // A read-only or full disk only costs the next reader some folding.
  }
}

export interface ReadSessionOptions {
  /** Save the advanced checkpoint (default true). */
  writeCheckpoint?: boolean;
  /** How far back a fold from the end reaches (default TAIL_WINDOW_MS, the pane's). */
  tailWindowMs?: number;
}

/** A session read, and whether it was folded from the journal's end (tail-fold.ts). */
export interface SessionRead extends FoldedJournal {
  fromEnd?: boolean;
  /** The fold went past the saved checkpoint (or there was none): a new one is worth saving. */
  advanced?: boolean;
}

/** Journal bytes after the checkpoint (all of them without one, or when the journal was replaced). */
function unreadBytes(path: string, checkpoint: Checkpoint | undefined): number {
  try {
    const stats = lstatSync(path);
    const kept = checkpoint && checkpoint.journal.ino === stats.ino && checkpoint.journal.offset <= stats.size;
    return stats.size - (kept ? checkpoint.journal.offset : 0);
  } catch {
    return 0;
  }
}

/**
 * Folds the journal after the checkpoint (all of it when there is none or the journal was
 * replaced) a slice at a time, so only one slice's events are alive at once, not those of up to
 * TAIL_FOLD_ABOVE_BYTES of journal. Undefined when the journal is absent.
 */
function foldJournalFrom(
  path: string,
  checkpoint: Checkpoint | undefined,
  id: string,
): { folded: FoldedJournal; reset: boolean } | undefined {
  let chunk = readJournalFrom(path, checkpoint?.journal, FOLD_SLICE_BYTES);
  if (!chunk) return undefined;
  const reset = chunk.reset;
  const base = reset ? undefined : checkpoint;
  let folded: FoldedJournal = {
    journal: chunk.position,
    state: foldEvents(base?.state, chunk.events, id),
    partial: base?.partial,
  };
  // What was unread when the read began, and a little that came in since: a journal that keeps
  // growing does not keep the reader here (the next read goes on from the position reached).
  for (let slice = 1; chunk.more && slice < MAX_FOLD_SLICES; slice += 1) {
    chunk = readJournalFrom(path, folded.journal, FOLD_SLICE_BYTES);
    // Replaced in between: what was folded stands, and the next read starts over (another inode).
    if (!chunk || chunk.reset) break;
    folded = { journal: chunk.position, state: foldEvents(folded.state, chunk.events, id), partial: folded.partial };
  }
  return { folded, reset };
}

/** The session's state and the journal position it reflects; undefined when it has no journal. */
export function readSessionAt(sessionDir: string, options: ReadSessionOptions = {}): SessionRead | undefined {
  const checkpoint = readCheckpoint(sessionDir);
  const path = join(sessionDir, JOURNAL_FILE);
  const id = basename(sessionDir);
  let folded: SessionRead | undefined;
  let reset = false;
  if (unreadBytes(path, checkpoint) > TAIL_FOLD_ABOVE_BYTES) {
    folded = foldJournalTail(path, id, checkpoint, { windowMs: options.tailWindowMs });
    if (folded) folded.fromEnd = true;
  } else {
    const read = foldJournalFrom(path, checkpoint, id);
    reset = read?.reset === true;
    folded = read?.folded;
  }
  if (!folded) return undefined;
  const advanced =
    !checkpoint ||
    reset ||
    folded.journal.ino !== checkpoint.journal.ino ||
    folded.journal.offset !== checkpoint.journal.offset;
  if (advanced && options.writeCheckpoint !== false) writeCheckpoint(sessionDir, folded);
  folded.advanced = advanced;
  return folded;
}

/** The session's current state, or undefined when it has no journal. */
export function readSession(sessionDir: string, options: ReadSessionOptions = {}): SessionState | undefined {
  return readSessionAt(sessionDir, options)?.state;
}

export interface SessionEntry {
  id: string;
  dir: string;
  origin: SessionState['origin'];
}

/** Every session directory under the root, plus Foundry task-log.js directories. */
export function listSessions(root: string, env: NodeJS.ProcessEnv = process.env): SessionEntry[] {
  const sessions: SessionEntry[] = [];
  try {
    if (isPrivateDir(root)) {
      for (const name of readdirSync(root)) {
        if (!isSessionDirName(name)) continue;
        const dir = join(root, name);
        try {
          if (lstatSync(dir).isDirectory()) sessions.push({ id: name, dir, origin: 'journal' });
        } catch {
          // Removed while listing.
        }
      }
    }
  } catch {
    // An unsafe root (symlink, someone else's) lists nothing.
  }
  const known = new Set(sessions.map((session) => session.id));
  const foundry = foundryRoot(env);
  try {
    for (const name of readdirSync(foundry)) {
      if (!name.startsWith(FOUNDRY_DIR_PREFIX)) continue;
      const id = name.slice(FOUNDRY_DIR_PREFIX.length);
      if (!SESSION_ID_PATTERN.test(id) || known.has(id)) continue;
      sessions.push({ id, dir: join(foundry, name), origin: 'foundry' });
    }
  } catch {
    // No Foundry directories.
  }
  return sessions;
}

/** Reads any listed session, whatever its origin. */
export function readAnySession(
  entry: SessionEntry,
  now: number,
  options?: ReadSessionOptions,
): SessionState | undefined {
  return entry.origin === 'foundry' ? readFoundrySession(entry.dir, now) : readSession(entry.dir, options);
}
