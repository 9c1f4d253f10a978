/**
 * Removes ended sessions after the retention period (default 24 h), by whoever notices first:
 * the hook on SessionStart, the TUI on start. A session a live reader has marked is left alone.
 * Sessions that never saw a SessionEnd (a crashed Claude Code) go after a week of silence.
 * The period is the caller's to give (config/retention-setting.ts reads the user's): state/ reads no config.
 */
import { closeSync, constants, lstatSync, openSync, readdirSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { isPidAlive } from '../process/pid-alive.js';
import { readSession } from './reader.js';
import { JOURNAL_FILE, checkPrivateDir, isSessionDirName, presentPrivateDir } from './state-root.js';

export const DEFAULT_RETENTION_MS = 24 * 3600_000;
export const ABANDONED_AFTER_MS = 7 * 24 * 3600_000;
const READER_MARK = '.reader-';

/** Marks a session as open by this process until `unmarkReader` (or the process dies). */
export function markReader(sessionDir: string, pid = process.pid): void {
  try {
    // Never waits: a FIFO planted under the name would block a plain open for a writer's reader.
    closeSync(
      openSync(
        join(sessionDir, `${READER_MARK}${pid}`),
        constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK,
        0o600,
      ),
    );
  } catch {
    // A session we cannot mark is still readable.
  }
}

export function unmarkReader(sessionDir: string, pid = process.pid): void {
  try {
    unlinkSync(join(sessionDir, `${READER_MARK}${pid}`));
  } catch {
    // Already gone.
  }
}

function hasLiveReader(sessionDir: string): boolean {
  return readdirSync(sessionDir).some(
    (name) => name.startsWith(READER_MARK) && isPidAlive(Number(name.slice(READER_MARK.length))),
  );
}

export interface PruneOptions {
  now: number;
  retentionMs?: number;
  abandonedAfterMs?: number;
}

/** Removes expired session directories; returns the ids removed. Never throws. */
export function pruneSessions(root: string, options: PruneOptions): string[] {
  const { now, retentionMs = DEFAULT_RETENTION_MS, abandonedAfterMs = ABANDONED_AFTER_MS } = options;
  const removed: string[] = [];
  let names: string[];
  try {
    // A root that is a symlink or not ours is never listed: its folders would be the user's.
    names = presentPrivateDir(root) ? readdirSync(root) : [];
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!isSessionDirName(name)) continue;
    const dir = join(root, name);
    try {
      const stats = lstatSync(dir);
      if (!stats.isDirectory()) continue;
      checkPrivateDir(dir, stats);
      // The journal's mtime is the session's last sign of life (reader marks touch only the directory).
      let lastWrite = stats.mtimeMs;
      try {
        lastWrite = lstatSync(join(dir, JOURNAL_FILE)).mtimeMs;
      } catch {
        // No journal yet: the directory's own time.
      }
      const quietFor = now - lastWrite;
      if (quietFor < retentionMs) continue;
      // Caught up past the checkpoint: no statusline runs after SessionEnd, so it is often behind.
      const endedAt = readSession(dir)?.endedAt;
      const expired = endedAt !== undefined ? now - endedAt >= retentionMs : quietFor >= abandonedAfterMs;
      if (!expired || hasLiveReader(dir)) continue;
      // Rename first so no hook appends into a directory half removed.
      const doomed = join(root, `.removing-${name}-${process.pid}`);
      renameSync(dir, doomed);
      rmSync(doomed, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Someone else removed it first, or it is not ours to remove.
    }
  }
  return removed;
}
