/**
 * Read-only compatibility with the Foundry plugin's `task-log.js` state directories
 * (`<tmp>/claude-state-<sid>/`), so users of that plugin see their sessions too.
 * Layout: agents/<id>.json {id,type,model,color,since}, tools/<Tool>.json {tool,since,count},
 * queue/<ts>.json {since}. Same ownership checks as our own state root; symlinks are skipped.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { readSmallFile } from '../files/read-small-file.js';
import { emptySessionState, type SessionState } from './session-state.js';
import { checkPrivateDir } from './state-root.js';

export const FOUNDRY_DIR_PREFIX = 'claude-state-';
const MAX_FILE_BYTES = 64 * 1024;
const MAX_ENTRIES = 500;

/** Where Foundry keeps its directories; `BUDDY_TUI_FOUNDRY_DIR` overrides it (tests, odd setups). */
export function foundryRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.BUDDY_TUI_FOUNDRY_DIR || tmpdir();
}

/** The Foundry directory for a session id, sanitised the way task-log.js does it. */
export function foundryDirFor(sessionId: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(foundryRoot(env), `${FOUNDRY_DIR_PREFIX}${sessionId.replace(/[^a-zA-Z0-9_-]/g, '_')}`);
}

function isOurDir(path: string): boolean {
  try {
    checkPrivateDir(path, lstatSync(path), false);
    return true;
  } catch {
    return false;
  }
}

/** Parsed JSON files of one subdirectory, with their mtimes; unsafe or broken files skipped. */
function readJsonFiles(dir: string): Array<{ name: string; data: Record<string, unknown>; mtimeMs: number }> {
  if (!isOurDir(dir)) return [];
  const files: Array<{ name: string; data: Record<string, unknown>; mtimeMs: number }> = [];
  for (const name of readdirSync(dir).slice(0, MAX_ENTRIES)) {
    if (!name.endsWith('.json')) continue;
    const path = join(dir, name);
    try {
      const stats = lstatSync(path);
      if (!stats.isFile() || stats.size > MAX_FILE_BYTES) continue;
      const data = JSON.parse(readSmallFile(path, { maxBytes: MAX_FILE_BYTES })) as unknown;
      if (data && typeof data === 'object')
        files.push({ name: name.slice(0, -5), data: data as Record<string, unknown>, mtimeMs: stats.mtimeMs });
    } catch {
      // Caught mid-write or removed: the next read gets it.
    }
  }
  return files;
}

function timeOf(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  return fallback;
}

/** The session state a Foundry directory describes, or undefined when it is missing or unsafe. */
export function readFoundrySession(dir: string, now: number): SessionState | undefined {
  if (!isOurDir(dir)) return undefined;
  const id = basename(dir).slice(FOUNDRY_DIR_PREFIX.length);
  const state = emptySessionState(id, 'foundry');
  let last = 0;
  for (const { name, data, mtimeMs } of readJsonFiles(join(dir, 'agents'))) {
    const agentId = typeof data.id === 'string' ? data.id : name;
    const startedAt = timeOf(data.since, mtimeMs);
    state.subagents[agentId] = { agentId, agentType: typeof data.type === 'string' ? data.type : 'agent', startedAt };
    last = Math.max(last, mtimeMs);
  }
  for (const { name, data, mtimeMs } of readJsonFiles(join(dir, 'tools'))) {
    const tool = typeof data.tool === 'string' ? data.tool : name;
    const count = typeof data.count === 'number' && data.count > 0 ? Math.floor(data.count) : 1;
    state.toolsThisTurn[tool] = (state.toolsThisTurn[tool] ?? 0) + count;
    state.toolRunsTotal += count;
    last = Math.max(last, mtimeMs);
  }
  const queue = readJsonFiles(join(dir, 'queue'));
  state.pendingPrompts = queue.length;
  for (const { mtimeMs } of queue) last = Math.max(last, mtimeMs);
  if (!last) {
    try {
      last = lstatSync(dir).mtimeMs;
    } catch {
      last = now;
    }
  }
  state.lastEventAt = last;
  state.startedAt = last;
  return state;
}
