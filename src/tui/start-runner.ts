/**
 * The headless runner (`buddy-tui runner`): the pane's runner half with no screen. It holds the
 * runner lock, drains the inbox, runs the user's plugins and writes their reactions (which the
 * statusline and the Claude Code mod show), keeps the statusline lines (the sh fast path), sends
 * the notifications, saves the pet; and exits once nothing happened for
 * `idleMs`. Started on demand by `buddy-tui mod-state --ensure-runner` (the mod asks on every
 * event), so a user who never opens a pane still gets plugin reactions.
 * A pane opened meanwhile finds the lock held and is a viewer of this runner; when this runner
 * exits (idle, or a signal), it releases the lock and the pane's watcher takes the plugins over
 * (the existing takeover in start-tui.ts). Like the pane, it has one lifetime (src/process/lifetime.ts).
 */
import { createNotifier } from '../notify/notifier.js';
import { lifetimeWithin, onEnded } from '../process/lifetime.js';
import { onProcessEvent, TERMINATING_SIGNALS } from '../process/process-events.js';
import { retentionMsFromSettings } from '../config/retention-setting.js';
import { pruneSessions } from '../state/retention.js';
import { ensurePrivateDir } from '../state/state-root.js';
import { createBuddyStore } from './store/index.js';
import { acquireRunnerLock } from './runner-lock.js';
import { startSessionWatcher } from './watch/session-watcher.js';
import { createSessionEventsFeed } from './watch/session-events-feed.js';
import { startTick } from './tick.js';
import { BUSY_TICK_MS, tickDelay } from './tick-pace.js';
import { createTuiLog } from './tui-log.js';
import { startResidentLines } from './pane-parts.js';
import { startTuiServices } from './tui-services.js';

export interface StartRunnerOptions {
  stateRoot: string;
  env?: NodeJS.ProcessEnv;
  clock?: () => number;
  /** Exit after this long with no new event (default 10 minutes). */
  idleMs?: number;
  configFile?: string;
}

export const RUNNER_IDLE_MS = 10 * 60_000;

export type RunnerOutcome = 'held-elsewhere' | 'idle' | 'signal';

/** Runs until idle or a signal. Resolves with why it stopped; 'held-elsewhere' at once when another process runs the plugins. */
export async function runHeadless(options: StartRunnerOptions): Promise<RunnerOutcome> {
  const env = options.env ?? process.env;
  const clock = options.clock ?? Date.now;
  const idleMs = options.idleMs ?? RUNNER_IDLE_MS;
  const root = options.stateRoot;
  ensurePrivateDir(root);
  const lock = acquireRunnerLock(root);
  if (!lock.held()) return 'held-elsewhere';
  const log = createTuiLog(root, clock);
  log.info(`headless runner: start, root ${root}`);
  const pruned = pruneSessions(root, { now: clock(), retentionMs: retentionMsFromSettings(env) });
  if (pruned.length) log.info(`removed ${pruned.length} expired session(s)`);

  // The runner's one lifetime: the services and the watcher stop with it, then the lock goes.
  const runner = lifetimeWithin();
  const { signal } = runner;
  onEnded(signal, () => lock.release());
  const store = createBuddyStore({ now: clock(), columns: 80, rows: 24 });
  store.getState().setRole('runner', process.pid);
  // The watcher's batches go here; the idle clock and the services each subscribe themselves.
  const events = createSessionEventsFeed(signal);
  let lastActivity = clock();
  events.subscribe(() => (lastActivity = clock()), signal);
  const services = startTuiServices({ root, store, log, env, clock, signal, events, configFile: options.configFile });
  // The statusline's sh fast path, as with a pane (and after the services, as there): without it
  // every refresh starts Node.
  startResidentLines({ root, env, log, signal }, events);
  const watcher = startSessionWatcher({
    root,
    store,
    env,
    clock,
    signal,
    onEvents: events.publish,
    // A removed root took the lock file: write it again once the root is back.
    onLockChange: () => void lock.retry(),
    report: log.report,
  });

  // Opt-in (config `notify`): with no pane, the runner is who tells the user (no terminal of its own:
  // the channels that write to one have nowhere to write; the toast, tmux and command ones work).
  const notifier = createNotifier({
    root,
    env,
    config: () => services.config().notify,
    isSender: () => lock.held(),
    // `m` in any pane (pane-prefs.json, followed by the services' tick).
    muted: () => store.getState().muted,
    writeTerminal: () => undefined,
    report: log.report,
    signal,
  });
  const unsubscribeNotify = store.subscribe((state, previous) => {
    if (state.sessions !== previous.sessions) notifier.check(state.sessions, state.now);
  });

  let stop!: (outcome: RunnerOutcome) => void;
  const stopped = new Promise<RunnerOutcome>((resolve) => (stop = resolve));
  startTick({
    firstMs: BUSY_TICK_MS,
    signal,
    step: () => {
      const now = clock();
      store.getState().advance(now, services.tick(now));
      // A delegate still thinking is activity too: do not leave it unanswered.
      if (now - lastActivity < idleMs) return tickDelay(store.getState());
      stop('idle');
      return undefined;
    },
  });
  for (const name of TERMINATING_SIGNALS) onProcessEvent(signal, name, () => stop('signal'));
  onProcessEvent(signal, 'unhandledRejection', (reason: unknown) =>
    log.report({ level: 'error', where: 'unhandled rejection', error: reason }),
  );

  await watcher.ready;
  log.info(`headless runner: watching ${Object.keys(store.getState().sessions).length} session(s)`);
  const outcome = await stopped;
  // What was sent so far goes out before anything stops; then the lifetime ends.
  unsubscribeNotify();
  await notifier.idle();
  await runner.end();
  log.info(`headless runner: stopped (${outcome})`);
  return outcome;
}
