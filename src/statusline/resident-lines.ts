/**
 * The resident side of the statusline's fast path (fast-command.ts): any long-lived buddy-tui
 * process (the pane, a headless runner) starts this to keep, for every session whose statusLine
 * command handed over a payload, the line the Node statusline would print, in
 * `<root>/statusline/<session>.line`. Each line file is written atomically and starts with what
 * it reflects: the journal's size when it was rendered and the settings key it was rendered
 * for; the sh script prints it only while both still hold and the inbox is empty.
 *
 * A line is rendered again when its session's payload arrives (the sh script wrote it, seen
 * with fs.watch), when the host says the session's journal changed (sessionsChanged, or
 * sessionsRead with the state it folded), and, every line, when the pet file changes (a re-hatch,
 * a feed, a stage reached) or the mute does (pane-prefs.json, beside it): the next refresh then
 * prints the new pet, not the one of the line rendered after the refresh before.
 *
 * Cost (issue 50): a host that hands over its folded state spares each render the journal read
 * and the checkpoint write, while the journal is still where that state was folded to (its size
 * and inode); a line rendered as it already is on disk is not written again.
 */
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  watch,
  type FSWatcher,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { panePrefsPath, petFilePath } from '../config/paths.js';
import { atomicWriteFileSync } from '../state/atomic-write.js';
import { lifetimeWithin, onAbort } from '../process/lifetime.js';
import { ensurePrivateDir } from '../state/state-root.js';
import { JOURNAL_FILE, sessionDirName } from '../state/state-root.js';
import {
  RESIDENT_DIR,
  RESIDENT_PID_FILE,
  lineFileName,
  payloadFileName,
  settingsFileName,
  settingsFromKey,
} from './fast-command.js';
import { heldAt, journalNow, type ReadSession } from './held-session.js';
import { runStatusline } from './render.js';

/** A payload is a few KB; anything past this is not one. */
const MAX_PAYLOAD_BYTES = 256 * 1024;
/** Writes of one payload arrive as several watch events: render once they settle. */
const SETTLE_MS = 15;

export interface ResidentStatuslines {
  /** The host saw these sessions' journals change: their lines are rendered again. */
  sessionsChanged(sessionIds: Iterable<string>): void;
  /** As sessionsChanged, with the host's folded state: rendered from it while the journal is where it was folded to. */
  sessionsRead(sessions: Iterable<ReadSession>): void;
  /** Renders the pending lines now (tests); resolves when they are written. */
  flush(): Promise<void>;
  close(): void;
}

export interface ResidentOptions {
  root: string;
  env?: NodeJS.ProcessEnv;
  report?: (error: unknown) => void;
  /** The owner's lifetime: the lines stop being kept when it ends. */
  signal?: AbortSignal;
}

/** A regular file's text, or undefined: never follows a symlink, never waits on a FIFO. */
function readSmallFile(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > MAX_PAYLOAD_BYTES) return undefined;
    const buffer = Buffer.alloc(stats.size);
    const read = readSync(fd, buffer, 0, stats.size, 0);
    return buffer.subarray(0, read).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The environment of one render: the resident's, on its root, with the run's settings. */
function renderEnv(
  base: NodeJS.ProcessEnv,
  root: string,
  settings: Record<string, string | undefined>,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base, BUDDY_TUI_STATE_DIR: root };
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** Calls `arrived` with the session of each payload the sh script writes into `dir`. */
function watchPayloads(dir: string, arrived: (id: string) => void, report: (error: unknown) => void) {
  try {
    const watcher = watch(dir, { persistent: false }, (_type, name) => {
      const file = typeof name === 'string' ? name : undefined;
      if (file?.endsWith('.json')) arrived(file.slice(0, -'.json'.length));
    });
    watcher.on('error', report);
    return watcher;
  } catch (error) {
    report(error);
    return undefined;
  }
}

/** Calls `changed` when the pet file or the mute (pane-prefs.json, in the same folder) is written (atomically: a rename there); none without the folder. */
export function watchPet(
  env: NodeJS.ProcessEnv,
  changed: () => void,
  report: (error: unknown) => void,
): FSWatcher | undefined {
  const pet = petFilePath(env);
  const names = new Set([basename(pet), basename(panePrefsPath(env))]);
  try {
    const watcher = watch(dirname(pet), { persistent: false }, (_type, name) => {
      if (typeof name === 'string' && names.has(name)) changed();
    });
    watcher.on('error', report);
    return watcher;
  } catch {
    return undefined; // no pet folder yet: a pet hatched later shows at the next payload
  }
}

/** What the resident statuslines hold: the sessions with a payload, those to render, the render under way. */
interface ResidentState {
  readonly root: string;
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
  readonly report: (error: unknown) => void;
  readonly signal: AbortSignal;
  readonly pending: Set<string>;
  /** Sessions whose statusLine command handed over a payload: only these have lines to keep. */
  readonly known: Set<string>;
  /** The host's last folded state of each known session (sessionsRead). */
  readonly held: Map<string, ReadSession>;
  /** What this process last wrote to each line file. */
  readonly written: Map<string, string>;
  timer?: NodeJS.Timeout;
  running: Promise<void>;
}

/** Renders one session's line from its handed-over payload; nothing without one. */
async function renderLine(state: ResidentState, sessionId: string): Promise<void> {
  const { dir, root, env } = state;
  const key = readSmallFile(join(dir, settingsFileName(sessionId)))?.split('\n', 1)[0];
  const settings = key === undefined ? undefined : settingsFromKey(key);
  const payload = readSmallFile(join(dir, payloadFileName(sessionId)));
  const lineFile = join(dir, lineFileName(sessionId));
  if (!settings || !payload) return;
  // The size first: the state read below is at least this fresh.
  const journal = journalNow(join(root, sessionId, JOURNAL_FILE));
  const held = heldAt(state.held.get(sessionId), journal);
  const { output } = await runStatusline(payload, [], renderEnv(env, root, settings), held);
  // Only the plain rows the script can print as they are (not a segment, not a `?`).
  if (!output.endsWith('\n') || output.startsWith('?') || output.includes('\u001b[2m?')) {
    state.written.delete(sessionId);
    rmSync(lineFile, { force: true });
    return;
  }
  const text = `${journal.size}\n${key}\n${output}`;
  if (state.written.get(sessionId) === text && readSmallFile(lineFile) === text) return;
  atomicWriteFileSync(lineFile, text, 0o600, { durable: false });
  state.written.set(sessionId, text);
}

function renderPending(state: ResidentState): Promise<void> {
  state.timer = undefined;
  const ids = [...state.pending];
  state.pending.clear();
  state.running = state.running.then(async () => {
    for (const id of ids) {
      if (state.signal.aborted) return;
      try {
        await renderLine(state, id);
      } catch (error) {
        state.report(error);
      }
    }
  });
  return state.running;
}

/** A payload's writes settle for SETTLE_MS; a journal change (already batched by the host) renders at once. */
function schedule(state: ResidentState, sessionId: string, settleMs = SETTLE_MS): void {
  if (state.signal.aborted || !sessionDirName(sessionId)) return;
  state.pending.add(sessionId);
  state.timer ??= setTimeout(() => void renderPending(state), settleMs);
}

/** The sessions that handed over a payload before this process started. */
function knownSessions(dir: string, report: (error: unknown) => void): Set<string> {
  const known = new Set<string>();
  try {
    for (const name of readdirSync(dir)) if (name.endsWith('.json')) known.add(name.slice(0, -'.json'.length));
  } catch (error) {
    report(error);
  }
  return known;
}

export function startResidentStatuslines(options: ResidentOptions): ResidentStatuslines {
  const { root, env = process.env, report = () => undefined } = options;
  const dir = join(root, RESIDENT_DIR);
  ensurePrivateDir(dir);
  const pidFile = join(dir, RESIDENT_PID_FILE);
  atomicWriteFileSync(pidFile, `${process.pid}\n`, 0o600, { durable: false });
  const life = lifetimeWithin(options.signal);
  const state: ResidentState = {
    root,
    dir,
    env,
    report,
    signal: life.signal,
    pending: new Set(),
    known: knownSessions(dir, report),
    held: new Map(),
    written: new Map(),
    running: Promise.resolve(),
  };
  const arrived = (id: string) => {
    state.known.add(id);
    schedule(state, id);
  };
  const watcher = watchPayloads(dir, arrived, report);
  const petWatcher = watchPet(env, () => state.known.forEach((id) => schedule(state, id)), report);
  onAbort(life.signal, () => {
    if (state.timer) clearTimeout(state.timer);
    watcher?.close();
    petWatcher?.close();
    // Another resident process may have written its pid since: that one stays.
    if (readSmallFile(pidFile)?.trim() === String(process.pid)) rmSync(pidFile, { force: true });
  });
  return {
    sessionsChanged(sessionIds) {
      for (const id of sessionIds) if (state.known.has(id)) schedule(state, id, 0);
    },
    sessionsRead(sessions) {
      for (const session of sessions) {
        if (!state.known.has(session.sessionId)) continue;
        state.held.set(session.sessionId, session);
        schedule(state, session.sessionId, 0);
      }
    },
    async flush() {
      if (state.timer) clearTimeout(state.timer);
      await renderPending(state);
    },
    close: () => void life.end(),
  };
}
