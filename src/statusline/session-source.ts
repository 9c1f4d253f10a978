/**
 * Finds the state of the session a payload names: buddy-tui's own journal (through the
 * checkpointed reader), else a Foundry task-log.js directory. Only private directories of
 * ours are read; an unsafe id or path just means "no state".
 */
import { join } from 'node:path';
import { foundryDirFor, readFoundrySession } from '../state/foundry.js';
import { readSession } from '../state/reader.js';
import type { SessionState } from '../state/session-state.js';
import { SUBAGENT_WINDOW_MS } from '../state/tail-fold.js';
import { isPrivateDir, sessionDirName, stateRootPath } from '../state/state-root.js';

export interface SessionSource {
  /** Our session directory (it may not exist yet); undefined for an id that is not a safe name. */
  dir?: string;
  /** True when `dir` exists and is a private directory of ours. */
  dirReady: boolean;
  root: string;
  state?: SessionState;
}

function privateDir(path: string): boolean {
  try {
    return isPrivateDir(path);
  } catch {
    return false;
  }
}

export function locateSession(
  sessionId: string | undefined,
  env: NodeJS.ProcessEnv,
): Pick<SessionSource, 'dir' | 'dirReady' | 'root'> {
  const root = stateRootPath(env);
  const name = sessionDirName(sessionId);
  if (!name) return { root, dirReady: false };
  const dir = join(root, name);
  return { root, dir, dirReady: privateDir(root) && privateDir(dir) };
}

/** `held`: the state a resident caller already folded to the journal's current end (resident-lines.ts), not read again. */
export function readSessionSource(
  sessionId: string | undefined,
  env: NodeJS.ProcessEnv,
  now: number,
  held?: SessionState,
): SessionSource {
  const source: SessionSource = locateSession(sessionId, env);
  if (held && source.dirReady) return { ...source, state: held };
  // A cold read of a long journal folds only what the statusline shows (Claude Code cancels a slow run).
  if (source.dir && source.dirReady) source.state = readSession(source.dir, { tailWindowMs: SUBAGENT_WINDOW_MS });
  if (!source.state && sessionId) source.state = readFoundrySession(foundryDirFor(sessionId, env), now);
  return source;
}
