/**
 * The runner's half of the mod's view files (src/mod/mod-views.ts): for every session whose
 * Claude Code mod is loaded (a live heartbeat), the drawing mod-state would print, written again
 * whenever what it is made of changed. The mod reads that file during a turn instead of starting
 * a `buddy-tui mod-state` process per change, so the cost of following a turn moves out of
 * Claude Code's process tree into this resident one. Only the instance that runs the plugins
 * writes (their reactions are part of the drawing); looks are coalesced after store changes.
 */
import { join } from 'node:path';
import { petFilePath } from '../config/paths.js';
import { fileSignature } from '../files/file-signature.js';
import { onAbort } from '../process/lifetime.js';
import type { Reporter } from '../report/reporter.js';
import type { SpeciesRegistry } from '../species/species-registry.js';
import { bridgeDir, liveMods, pendingFor } from './mod-bridge.js';
import { removeOtherModViews, writeModView } from './mod-views.js';
import { JOURNAL_FILE, REACTIONS_FILE, sessionDirName } from '../state/state-root.js';
import { heldAt, journalNow, type ReadSession } from '../statusline/held-session.js';
import { watchPet } from '../statusline/resident-lines.js';

/** A store change is looked at this long after it (changes come in bursts: an event batch, a tick). */
const COALESCE_MS = 25;

export interface ModViewWriterOptions {
  root: string;
  env: NodeJS.ProcessEnv;
  clock: () => number;
  /** The pane's store, as far as the writer needs it: a look is scheduled after each of its changes. */
  store: { subscribe(listener: () => void): () => void };
  /** The sessions the watcher read new events of, with the state it folded (a view is drawn from it, not the journal). */
  events?: { subscribe(listener: (batch: ReadSession[]) => void, until?: AbortSignal): () => void };
  report: Reporter;
  /** The runner's lifetime: the writer stops with it. */
  signal: AbortSignal;
}

const stampOf = (paths: readonly string[]) => paths.map(fileSignature).join('|');

export function startModViewWriter(options: ModViewWriterOptions): { lookNow(): Promise<void> } {
  const { root, env, clock, store, report, signal } = options;
  // Per session: the stamp of the files its view was last made from.
  const written = new Map<string, string>();
  // Per session: the state the watcher last folded, and where in the journal.
  const held = new Map<string, ReadSession>();
  options.events?.subscribe((batch) => {
    for (const session of batch) held.set(session.sessionId, session);
  }, signal);
  let look: typeof import('./mod-look.js') | undefined;
  // The species, validated once and reloaded (a stat a file) before each view: not read again per event.
  let registry: SpeciesRegistry | undefined;
  let timer: NodeJS.Timeout | undefined;
  let lastProblem: string | undefined;

  // The inbox too: a view at least as new as the inbox tells the mod its writer is alive (an
  // event spooled and no view after it means no runner drains: the mod asks mod-state then).
  const inputsOf = (sessionId: string) => [
    join(root, 'inbox'),
    join(root, sessionId, JOURNAL_FILE),
    join(root, sessionId, REACTIONS_FILE),
    petFilePath(env),
    bridgeDir(root, 'requests'),
    bridgeDir(root, 'toasts'),
  ];

  const lookNow = async (): Promise<void> => {
    if (signal.aborted) return;
    const sessions = new Set(
      liveMods(root)
        .map((beat) => sessionDirName(beat.sessionId))
        .filter((id): id is string => id !== undefined),
    );
    removeOtherModViews(root, sessions);
    for (const id of written.keys()) if (!sessions.has(id)) written.delete(id);
    for (const id of held.keys()) if (!sessions.has(id)) held.delete(id);
    if (sessions.size === 0) return;
    // Loaded on the first mod found: a pane with no mod beside it never pays for the drawing's modules.
    look ??= await import('./mod-look.js');
    registry ??= (await import('../pet/load-buddy.js')).openRegistry(env);
    for (const sessionId of sessions) {
      const stamp = stampOf(inputsOf(sessionId));
      if (written.get(sessionId) === stamp) continue;
      const now = clock();
      const folded = heldAt(held.get(sessionId), journalNow(join(root, sessionId, JOURNAL_FILE)))?.state;
      const view = {
        ...look.computeModState(sessionId, env, now, undefined, registry, folded),
        pending: pendingFor(root, sessionId, now),
      };
      writeModView(root, sessionId, `${JSON.stringify(view)}\n`);
      written.set(sessionId, stamp);
    }
  };

  const schedule = () => {
    if (timer || signal.aborted) return;
    timer = setTimeout(() => {
      timer = undefined;
      lookNow().then(
        () => (lastProblem = undefined),
        (error) => {
          // Once per problem: a folder in the way (a symlink, a file) would say it on every look.
          const problem = String((error as Error)?.message ?? error);
          if (problem !== lastProblem) report({ level: 'warning', where: 'mod view', error });
          lastProblem = problem;
        },
      );
    }, COALESCE_MS);
  };
  const unsubscribe = store.subscribe(schedule);
  // The pet's saves (the runner's own, a little after the events that changed it) and the mute
  // change no store: without a look after them, the mod would see pet.json newer than its view
  // for longer than its grace and start a `buddy-tui mod-state` (turn-polling.js).
  const petWatcher = watchPet(env, schedule, (error) => report({ level: 'warning', where: 'mod view', error }));
  onAbort(signal, () => {
    unsubscribe();
    petWatcher?.close();
    if (timer) clearTimeout(timer);
  });
  schedule();
  return { lookNow };
}
