/**
 * The status segment for bars (`status --tmux`, `status --format`): how the live sessions are
 * read for it, and the command as `status` runs it from the main bundle. tmux and other bars run
 * it through the light dist/status-segment.js (src/entries/status-segment.ts), which shares this
 * module; so it imports nothing heavy (no zod, React or Ink: test/hook/hot-path-bundles.test.ts).
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { drainBeforeRead } from '../ingest/drain-inbox.js';
import { listSessions, readAnySession } from '../state/reader.js';
import type { SessionState } from '../state/session-state.js';
import { visibleSessions } from '../state/session-visibility.js';
import { CHECKPOINT_FILE, JOURNAL_FILE, isPrivateDir, stateRootPath } from '../state/state-root.js';
import { SEGMENT_USAGE, parseSegmentArgs, renderSegment } from '../statusline/segment-run.js';
import { term, termLines } from '../text/terminal-text.js';
import type { CliIo } from './cli-io.js';

/** The whole read stops after this long and the last good segment is printed: tmux must get an answer within 2 s. */
export const SEGMENT_READ_BUDGET_MS = 1500;

/** Missing or a regular file: anything else (a FIFO would block the open, a symlink may lead anywhere) is skipped. */
function regularOrAbsent(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/**
 * Drains the inbox, then reads every live session as `status` does; undefined when the state
 * root exists but is refused (a symlink, another user's, not a folder) or the read ran past its
 * budget. Sessions whose journal or checkpoint is no regular file are skipped: reading them could block.
 */
export function readSegmentSessions(
  env: NodeJS.ProcessEnv,
  now: number,
  clock: () => number = Date.now,
): SessionState[] | undefined {
  const started = clock();
  const root = stateRootPath(env);
  try {
    isPrivateDir(root);
  } catch {
    return undefined;
  }
  drainBeforeRead(env, now);
  const states: Record<string, SessionState> = Object.create(null);
  for (const entry of listSessions(root, env)) {
    if (clock() - started > SEGMENT_READ_BUDGET_MS) return undefined;
    if (
      entry.origin === 'journal' &&
      !(regularOrAbsent(join(entry.dir, JOURNAL_FILE)) && regularOrAbsent(join(entry.dir, CHECKPOINT_FILE)))
    )
      continue;
    const state = readAnySession(entry, now);
    if (state) states[entry.id] = state;
  }
  return visibleSessions(states, now);
}

export function isSegmentRequest(args: readonly string[]): boolean {
  return args.some((arg) => arg === '--tmux' || arg === '--format' || arg.startsWith('--format='));
}

/** `status --tmux | --format` from the main bundle; exit 2 on a usage error (an unknown field). */
export function runSegmentCommand(args: readonly string[], io: CliIo, now: number): number {
  const parsed = parseSegmentArgs(args, io.env);
  if (parsed.ok === 'help') {
    io.stdout(termLines(SEGMENT_USAGE));
    return 0;
  }
  if (!parsed.ok) {
    io.stderr(term`buddy-tui status: ${parsed.message}\n`);
    return 2;
  }
  io.stdout(
    termLines(
      renderSegment({ request: parsed.request, read: () => readSegmentSessions(io.env, now), now, env: io.env }),
    ),
  );
  return 0;
}
