/**
 * Reads a session's state: start from its checkpoint, fold only the journal bytes added since,
 * and save the new checkpoint atomically. The statusline and the TUI both read through here.
 *
 * Checkpoint `<session>/state.json` = { version, journal: {ino, offset}, state }. It is only a
 * cache: when it is missing, damaged, or the journal shrank or was replaced, the fold starts over.
 */
import { readFileSync, readdirSync, lstatSync } from 'node:fs';
import { basename, join } from 'node:path';
import { atomicWriteFileSync } from './atomic-write.js';
import { readFoundrySession, foundryRoot, FOUNDRY_DIR_PREFIX } from './foundry.js';
import { readJournalFrom, type JournalPosition } from './journal.js';
import { foldEvents } from './reducer.js';
import type { SessionState } from './session-state.js';
import { CHECKPOINT_FILE, JOURNAL_FILE, SESSION_ID_PATTERN, isPrivateDir } from './state-root.js';

/** Bumped when the reducer learns something a checkpoint lacks (2: the waiting state), so old checkpoints refold. */
export const CHECKPOINT_VERSION = 2;

export interface Checkpoint {
  version: number;
  journal: JournalPosition;
  state: SessionState;
}

export function readCheckpoint(sessionDir: string): Checkpoint | undefined {
  try {
    const parsed = JSON.parse(readFileSync(join(sessionDir, CHECKPOINT_FILE), 'utf8')) as Checkpoint;
    if (
      parsed?.version === CHECKPOINT_VERSION &&
      typeof parsed.journal?.ino === 'number' &&
      typeof parsed.journal?.offset === 'number' &&
      parsed.state?.version === 1
    ) {
      return parsed;
    }
  } catch {
    // Missing or damaged: fold from the start.
  }
  return undefined;
}

export interface ReadSessionOptions {
  /** Save the advanced checkpoint (default true). Failing to save is never an error. */
  writeCheckpoint?: boolean;
}

/** The session's current state, or undefined when it has no journal. */
export function readSession(sessionDir: string, options: ReadSessionOptions = {}): SessionState | undefined {
  const checkpoint = readCheckpoint(sessionDir);
  const chunk = readJournalFrom(join(sessionDir, JOURNAL_FILE), checkpoint?.journal);
  if (!chunk) return undefined;
  const base = chunk.reset ? undefined : checkpoint?.state;
  const state = foldEvents(base, chunk.events, basename(sessionDir));
  const advanced = !checkpoint || chunk.reset || chunk.position.offset !== checkpoint.journal.offset;
  if (advanced && options.writeCheckpoint !== false) {
    try {
      const next: Checkpoint = { version: CHECKPOINT_VERSION, journal: chunk.position, state };
      atomicWriteFileSync(join(sessionDir, CHECKPOINT_FILE), JSON.stringify(next), 0o600, { durable: false });
    } catch {
      // A read-only or full disk only costs the next reader some folding.
    }
  }
  return state;
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
        if (!SESSION_ID_PATTERN.test(name)) continue;
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
export function readAnySession(entry: SessionEntry, now: number, options?: ReadSessionOptions): SessionState | undefined {
  return entry.origin === 'foundry' ? readFoundrySession(entry.dir, now) : readSession(entry.dir, options);
}
