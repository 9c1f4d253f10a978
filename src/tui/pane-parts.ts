/**
 * The steps startTui (start-tui.ts) takes, each over explicit objects: open the state root,
 * start the pane's work (services, resident statuslines, watcher, notifier, tick) within the
 * pane's lifetime. What each part must undo it registers on that lifetime (src/process/lifetime.ts).
 */
import { onAbort, onEnded } from '../process/lifetime.js';
import { retentionMsFromSettings } from '../config/retention-setting.js';
import { pruneSessions } from '../state/retention.js';
import { ensurePrivateDir } from '../state/state-root.js';
import { createBuddyStore, type BuddyStore } from './store/index.js';
import { startResidentStatuslines } from '../statusline/resident-lines.js';
import { createNotifier, type Notifier } from '../notify/notifier.js';
import { acquireRunnerLock, type RunnerLock } from './runner-lock.js';
import { startSessionWatcher, type SessionWatcher } from './watch/session-watcher.js';
import { createSessionEventsFeed, type SessionEventsFeed } from './watch/session-events-feed.js';
import { startTick } from './tick.js';
import { BUSY_TICK_MS, EARLY_TICK_MS, tickDelay } from './tick-pace.js';
import { createTuiLog, type TuiLog } from './tui-log.js';
import { startTuiServices, type TuiServices } from './tui-services.js';
import { startVoiceSwitch } from './services/voice-switch.js';
import { configFilePath } from '../config/paths.js';

export interface StartTuiOptions {
  stateRoot: string;
  /** Extra species folder (--species-dir). */
  speciesDir?: string;
  /** Draw this species instead of the pet's. */
  speciesId?: string;
  /** Run configured plugins (default true); the buddy's own quips run regardless. */
  plugins?: boolean;
  configFile?: string;
  petFile?: string;
  /** Also show Foundry task-log.js sessions (default true). */
  foundry?: boolean;
  env?: NodeJS.ProcessEnv;
  clock?: () => number;
  stdout?: NodeJS.WriteStream;
  stdin?: NodeJS.ReadStream;
  stderr?: NodeJS.WriteStream;
  /** Draw on the terminal's alternate screen (default: only when stdout is a TTY). */
  alternateScreen?: boolean;
  /** Handle SIGINT/SIGTERM/SIGHUP by closing (default true). */
  handleSignals?: boolean;
  /** Local minutes since midnight at a time (notify.quietHours); tests pin it. */
  minutesOfDay?: (now: number) => number;
}

/** What every part of the pane shares. */
export interface PaneBase {
  root: string;
  env: NodeJS.ProcessEnv;
  clock: () => number;
  log: TuiLog;
  store: BuddyStore;
  lock: RunnerLock;
  stdout: NodeJS.WriteStream;
  /** The pane's lifetime. */
  signal: AbortSignal;
}

/** The state root made private and pruned, the log, the store and the runner lock (released last). */
export function openPane(
  options: StartTuiOptions,
  env: NodeJS.ProcessEnv,
  clock: () => number,
  signal: AbortSignal,
): PaneBase {
  const root = options.stateRoot;
  ensurePrivateDir(root);
  const log = createTuiLog(root, clock);
  // The pane is the other one who notices expired sessions (the hook does on SessionStart).
  const pruned = pruneSessions(root, { now: clock(), retentionMs: retentionMsFromSettings(env) });
  if (pruned.length) log.info(`removed ${pruned.length} expired session(s)`);
  const stdout = options.stdout ?? process.stdout;
  // Piped (no TTY), Ink asks `tput` for the width on every frame (a process spawn per frame):
  // give the stream a fixed size instead.
  if (!stdout.columns) Object.assign(stdout, { columns: Number(env.COLUMNS) || 80, rows: Number(env.LINES) || 24 });
  const store = createBuddyStore({ now: clock(), columns: stdout.columns || 80, rows: stdout.rows || 24 });

  const lock = acquireRunnerLock(root);
  store.getState().setRole(lock.held() ? 'runner' : 'viewer', lock.holderPid());
  log.info(`start: ${lock.held() ? 'runner' : `viewer of pid ${lock.holderPid()}`}, root ${root}`);
  // Held until the services (and their plugins) have stopped.
  onEnded(signal, () => lock.release());
  return { root, env, clock, log, store, lock, stdout, signal };
}

export interface PaneWork {
  services: TuiServices;
  watcher: SessionWatcher;
  notifier: Notifier;
}

/**
 * The statusline's fast path: this process keeps each session's statusline current
 * (resident-lines.ts), told of each session the watcher read new events of. The pane and the
 * headless runner (start-runner.ts) both do.
 */
export function startResidentLines(
  base: Pick<PaneBase, 'root' | 'env' | 'log' | 'signal'>,
  events: SessionEventsFeed,
): void {
  const { root, env, log, signal } = base;
  try {
    const lines = startResidentStatuslines({
      root,
      env,
      signal,
      report: (error) => log.report({ level: 'error', where: 'resident statusline', error }),
    });
    events.subscribe((batch) => lines.sessionsRead(batch), signal);
  } catch (error) {
    log.report({ level: 'error', where: 'resident statusline', error });
  }
}

/** Opt-in (config `notify`): the runner tells the user when a session needs them (src/notify/). */
function startNotifier(base: PaneBase, services: TuiServices, options: StartTuiOptions): Notifier {
  const { root, env, log, store, lock, stdout, signal } = base;
  const notifier = createNotifier({
    root,
    env,
    config: () => services.config().notify,
    isSender: () => lock.held(),
    muted: () => store.getState().muted,
    writeTerminal: (bytes) => stdout.write(bytes),
    report: log.report,
    minutesOfDay: options.minutesOfDay,
    signal,
  });
  onAbort(
    signal,
    store.subscribe((state, previous) => {
      if (state.sessions !== previous.sessions) notifier.check(state.sessions, state.now);
    }),
  );
  // A stage the runner's buddy reaches is the notifier's `stage` moment.
  onAbort(
    signal,
    services.onStageReached((line, now) => notifier.stageReached(line, now)),
  );
  return notifier;
}

/**
 * The tick; something started while the pane was breathing slowly brings the steady tick back at
 * once, and a read the pane draws at once within EARLY_TICK_MS of the tick takes the tick with it.
 */
function startPaneTick(base: PaneBase, services: TuiServices): void {
  const { store, clock, signal } = base;
  const tick = startTick({
    firstMs: BUSY_TICK_MS,
    signal,
    step: () => {
      const now = clock();
      store.getState().advance(now, services.tick(now));
      return tickDelay(store.getState());
    },
  });
  store.getState().setEarlyTick((now) => {
    if (!tick.dueWithin(EARLY_TICK_MS)) return undefined;
    tick.reschedule(BUSY_TICK_MS);
    return services.tick(now);
  });
  onAbort(signal, () => store.getState().setEarlyTick(undefined));
  onAbort(
    signal,
    store.subscribe((state) => {
      if (tick.dueLaterThan(BUSY_TICK_MS) && tickDelay(state) === BUSY_TICK_MS) tick.reschedule(BUSY_TICK_MS);
    }),
  );
}

/** A viewer re-tries the lock this often: a runner killed without a word changes no file. */
export const RUNNER_LOCK_RECHECK_MS = 1_000;

/**
 * The runner writes its lock again if it went (with a removed root); when the runner went away
 * (or its lock names no live buddy-tui), the first viewer to notice takes over the plugins.
 */
function checkRunnerLock(base: PaneBase, services: TuiServices): void {
  const { lock, store, log } = base;
  try {
    if (lock.held()) lock.retry();
    else if (lock.retry()) {
      log.info('runner lock taken over: this pane runs the plugins');
      services.becomeRunner();
    } else if (store.getState().runnerPid !== lock.holderPid()) store.getState().setRole('viewer', lock.holderPid());
  } catch (error) {
    log.report({ level: 'error', where: 'runner lock', error });
  }
}

/** Re-checks the lock on a timer too, within the pane's lifetime. */
function startRunnerLockRecheck(base: PaneBase, services: TuiServices): void {
  const timer = setInterval(() => checkRunnerLock(base, services), RUNNER_LOCK_RECHECK_MS);
  timer.unref();
  onAbort(base.signal, () => clearInterval(timer));
}

export function startPaneWork(base: PaneBase, options: StartTuiOptions): PaneWork {
  const { root, env, clock, log, store, signal } = base;
  // The watcher's batches go here; each part that needs them subscribes itself.
  const events = createSessionEventsFeed(signal);
  const services = startTuiServices({
    root,
    store,
    log,
    env,
    clock,
    signal,
    plugins: options.plugins,
    configFile: options.configFile,
    speciesDir: options.speciesDir,
    speciesId: options.speciesId,
    petFile: options.petFile,
    events,
  });
  startVoiceSwitch({ store, configFile: options.configFile ?? configFilePath(env), clock, signal });
  startResidentLines(base, events);
  const watcher = startSessionWatcher({
    root,
    store,
    env,
    clock,
    signal,
    foundry: options.foundry,
    onEvents: events.publish,
    onLockChange: () => checkRunnerLock(base, services),
    onReactions: (sessionId) => services.reactionsChanged(sessionId),
    report: log.report,
  });
  startRunnerLockRecheck(base, services);
  startPaneTick(base, services);
  const notifier = startNotifier(base, services, options);
  return { services, watcher, notifier };
}
