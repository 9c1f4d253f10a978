/**
 * Starts the pane on a state root: store, runner lock, services, watcher, tick and the Ink app;
 * `close()` undoes all of it so the process can exit at once. `buddy-tui` (src/cli/tui.ts) and
 * `buddy-tui demo` both start the pane through here.
 */
import type { Instance } from 'ink';
import { retentionMsFromSettings } from '../config/retention-setting.js';
import { pruneSessions } from '../state/retention.js';
import { ensurePrivateDir } from '../state/state-root.js';
import { colorAllowed } from '../text/color-allowed.js';
import { sanitizeText } from '../text/sanitize.js';
import { createBuddyStore, type BuddyStore } from './store/index.js';
import { acquireRunnerLock, type RunnerLock } from './runner-lock.js';
import { createSessionWatcher, type SessionWatcher } from './session-watcher.js';
import { BUSY_TICK_MS, tickDelay } from './tick-pace.js';
import { createTuiLog, type TuiLog } from './tui-log.js';
import { startTuiServices, type TuiServices } from './tui-services.js';
import { shareInkOutputCaches } from './ink-output-cache.js';
import { startResidentStatuslines, type ResidentStatuslines } from '../statusline/resident-lines.js';
import { withUiImportEnv } from './ui-import-env.js';
import { createNotifier, type Notifier } from '../notify/notifier.js';

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

export interface TuiHandle {
  store: BuddyStore;
  watcher: SessionWatcher;
  services: TuiServices;
  lock: RunnerLock;
  log: TuiLog;
  /** Sends the notifications (only while this pane holds the runner lock). */
  notifier: Notifier;
  /** Resolves when the pane is closed (q, Ctrl+C, a signal, or close()), with the signal if one closed it. */
  closed: Promise<NodeJS.Signals | undefined>;
  close(): Promise<void>;
}

const ENTER_ALT_SCREEN = '\x1b[?1049h';
const LEAVE_ALT_SCREEN = '\x1b[?1049l';

export async function startTui(options: StartTuiOptions): Promise<TuiHandle> {
  const env = options.env ?? process.env;
  const clock = options.clock ?? Date.now;
  // React, Ink and chalk read NODE_ENV, FORCE_COLOR and CI at import, decided from `env` (ui-import-env.ts).
  const [{ default: React }, { render }, { App }] = await withUiImportEnv(env, () => Promise.all([import('react'), import('ink'), import('../../components/App.js')]));

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
  const stdin = options.stdin ?? process.stdin;
  const store = createBuddyStore({ now: clock(), columns: stdout.columns || 80, rows: stdout.rows || 24 });

  const lock = acquireRunnerLock(root);
  store.getState().setRole(lock.held() ? 'runner' : 'viewer', lock.holderPid());
  log.info(`start: ${lock.held() ? 'runner' : `viewer of pid ${lock.holderPid()}`}, root ${root}`);

  let notifier: Notifier | undefined;
  const services = startTuiServices({
    root, store, log, env, clock,
    plugins: options.plugins, configFile: options.configFile, speciesDir: options.speciesDir,
    speciesId: options.speciesId, petFile: options.petFile,
    onStageReached: (line, now) => notifier?.stageReached(line, now),
  });

  // The statusline's fast path: this process keeps each session's statusline current (resident-lines.ts).
  let residentLines: ResidentStatuslines | undefined;
  try {
    residentLines = startResidentStatuslines({ root, env, report: (error) => log.report({ level: 'error', where: 'resident statusline', error }) });
  } catch (error) {
    log.report({ level: 'error', where: 'resident statusline', error });
  }

  const watcher = createSessionWatcher({
    root, store, env, clock,
    foundry: options.foundry,
    onEvents: (batch) => {
      services.handleEvents(batch);
      residentLines?.sessionsChanged(batch.map((item) => item.sessionId));
    },
    onLockChange: () => {
      // The runner writes its lock again if it went (with a removed root); when the runner went
      // away, the first viewer to notice takes over the plugins.
      if (lock.held()) lock.retry();
      else if (lock.retry()) services.becomeRunner();
      else store.getState().setRole('viewer', lock.holderPid());
    },
    report: log.report,
  });

  // The tick: a chain of timeouts whose pace follows what is going on (see tick-pace.ts).
  let ticker: NodeJS.Timeout | undefined;
  let tickDue = 0;
  const scheduleTick = (delay: number) => {
    if (ticker) clearTimeout(ticker);
    tickDue = Date.now() + delay;
    ticker = setTimeout(() => {
      const now = clock();
      store.getState().advance(now, services.tick(now));
      scheduleTick(tickDelay(store.getState()));
    }, delay);
  };
  scheduleTick(BUSY_TICK_MS);
  // Something started while the pane was breathing slowly: back to the steady tick at once.
  const unsubscribePace = store.subscribe((state) => {
    if (ticker && tickDue - Date.now() > BUSY_TICK_MS && tickDelay(state) === BUSY_TICK_MS) scheduleTick(BUSY_TICK_MS);
  });

  // Opt-in (config `notify`): the runner tells the user when a session needs them (src/notify/).
  const sender = createNotifier({
    root, env, config: () => services.config().notify, isSender: () => lock.held(), muted: () => store.getState().muted,
    writeTerminal: (bytes) => stdout.write(bytes), report: log.report, minutesOfDay: options.minutesOfDay,
  });
  notifier = sender;
  const unsubscribeNotify = store.subscribe((state, previous) => {
    if (state.sessions !== previous.sessions) sender.check(state.sessions, state.now);
  });

  const alternate = options.alternateScreen ?? stdout.isTTY === true;
  if (alternate) stdout.write(ENTER_ALT_SCREEN);

  let resolveClosed!: (signal: NodeJS.Signals | undefined) => void;
  const closed = new Promise<NodeJS.Signals | undefined>((resolve) => (resolveClosed = resolve));
  let closedBy: NodeJS.Signals | undefined;
  let closing: Promise<void> | undefined;
  let instance: Instance | undefined;

  const close = (): Promise<void> => {
    closing ??= (async () => {
      if (ticker) clearTimeout(ticker);
      ticker = undefined;
      unsubscribePace();
      unsubscribeNotify();
      sender.close();
      residentLines?.close();
      instance?.unmount();
      await Promise.allSettled([watcher.close(), services.close()]);
      lock.release();
      if (alternate) stdout.write(LEAVE_ALT_SCREEN);
      log.info(closedBy ? `closed (${closedBy})` : 'closed');
      // Our signal handlers stay until here: while one is installed, Ink's signal-exit handler
      // leaves the signal to us instead of raising it again (which killed the pane mid-close).
      for (const signal of SIGNALS) process.off(signal, onSignal);
      process.off('unhandledRejection', onUnhandled);
      if (SIGNALS.length) process.off('uncaughtException', onUncaught);
      resolveClosed(closedBy);
      // Nothing should be left to keep the process alive; if something is, say what (unref'd).
      setTimeout(() => {
        const handles = (process as unknown as { _getActiveHandles?: () => object[] })._getActiveHandles?.() ?? [];
        log.info(`still open after close: ${handles.map((h) => h.constructor?.name).join(', ')}`);
      }, 2000).unref();
    })();
    return closing;
  };
  // Every terminating signal takes the same path as q; another one while closing changes nothing.
  const onSignal = (signal: NodeJS.Signals) => {
    closedBy ??= signal;
    void close();
  };
  // A promise some service forgot to catch must not take the pane down (Node's default): log it.
  const onUnhandled = (reason: unknown) => log.report({ level: 'error', where: 'unhandled rejection', error: reason });
  process.on('unhandledRejection', onUnhandled);
  const SIGNALS: NodeJS.Signals[] = options.handleSignals === false ? [] : ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of SIGNALS) process.on(signal, onSignal);
  // A bug must not leave plugin process groups behind or the terminal in the alternate screen:
  // close everything, say where the details are, and exit non-zero.
  const onUncaught = (error: unknown) => {
    log.report({ level: 'error', where: 'uncaught exception', error });
    void close().finally(() => {
      (options.stderr ?? process.stderr).write(`buddy-tui: stopped by an internal error: ${sanitizeText((error as Error)?.message ?? error, { maxLength: 200 })} (details in tui.log)\n`);
      process.exit(1);
    });
  };
  if (SIGNALS.length) process.on('uncaughtException', onUncaught);

  // Ink re-measures every line on every frame unless its caches outlive the frame (ink-output-cache.ts).
  shareInkOutputCaches();
  instance = render(React.createElement(App, { store, theme: { color: colorAllowed(env) }, onQuit: () => void close() }), {
    stdout,
    stdin,
    stderr: options.stderr ?? process.stderr,
    exitOnCtrlC: false,
    patchConsole: false,
    maxFps: 30,
  });
  instance.waitUntilExit().then(() => void close(), () => void close());

  await watcher.ready;
  // From here on new events reach the plugins (what the first scan found is history).
  log.info(`watching: ${Object.keys(store.getState().sessions).length} session(s)`);
  return { store, watcher, services, lock, log, notifier: sender, closed, close };
}
