/**
 * Starts the pane on a state root: store, runner lock, services, watcher, tick and the Ink app;
 * `close()` undoes all of it so the process can exit at once. `buddy-tui` (src/cli/tui.ts) and
 * `buddy-tui demo` both start the pane through here. The steps are in pane-parts.ts; one
 * lifetime (src/process/lifetime.ts) is the pane's: every part registers its teardown on it.
 */
import type { Instance } from 'ink';
import { lifetimeWithin, onAbort, onEnded, type Lifetime } from '../process/lifetime.js';
import { onProcessEvent, TERMINATING_SIGNALS } from '../process/process-events.js';
import { colorAllowed } from '../text/color-allowed.js';
import { sanitizeText } from '../text/sanitize.js';
import type { BuddyStore } from './store/index.js';
import type { RunnerLock } from './runner-lock.js';
import type { SessionWatcher } from './watch/session-watcher.js';
import type { TuiLog } from './tui-log.js';
import type { TuiServices } from './tui-services.js';
import { shareInkOutputCaches } from './ink/ink-output-cache.js';
import { withUiImportEnv } from './ui-import-env.js';
import type { Notifier } from '../notify/notifier.js';
import { openPane, startPaneWork, type PaneBase, type StartTuiOptions } from './pane-parts.js';

export type { StartTuiOptions } from './pane-parts.js';

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

/** How the pane ends: its lifetime ended once, with the signal that ended it (if one did). */
interface PaneEnding {
  closed: Promise<NodeJS.Signals | undefined>;
  close(by?: NodeJS.Signals): Promise<void>;
}

function paneEnding(pane: Lifetime, log: TuiLog): PaneEnding {
  let resolveClosed!: (signal: NodeJS.Signals | undefined) => void;
  const closed = new Promise<NodeJS.Signals | undefined>((resolve) => (resolveClosed = resolve));
  let closedBy: NodeJS.Signals | undefined;
  let closing: Promise<void> | undefined;
  const close = (by?: NodeJS.Signals): Promise<void> => {
    // Another signal while closing changes nothing.
    closedBy ??= by;
    closing ??= pane.end().then(() => {
      log.info(closedBy ? `closed (${closedBy})` : 'closed');
      resolveClosed(closedBy);
      // Nothing should be left to keep the process alive; if something is, say what (unref'd).
      setTimeout(() => {
        const handles = (process as unknown as { _getActiveHandles?: () => object[] })._getActiveHandles?.() ?? [];
        log.info(`still open after close: ${handles.map((h) => h.constructor?.name).join(', ')}`);
      }, 2000).unref();
    });
    return closing;
  };
  return { closed, close };
}

/** Every terminating signal takes the same path as q; a bug closes everything and exits non-zero. */
function handleProcessEvents(base: PaneBase, ending: PaneEnding, options: StartTuiOptions): void {
  const { log, signal } = base;
  // A promise some service forgot to catch must not take the pane down (Node's default): log it.
  onProcessEvent(signal, 'unhandledRejection', (reason: unknown) =>
    log.report({ level: 'error', where: 'unhandled rejection', error: reason }),
  );
  if (options.handleSignals === false) return;
  for (const name of TERMINATING_SIGNALS) onProcessEvent(signal, name, (by: NodeJS.Signals) => void ending.close(by));
  // A bug must not leave plugin process groups behind or the terminal in the alternate screen:
  // close everything, say where the details are, and exit non-zero.
  onProcessEvent(signal, 'uncaughtException', (error: unknown) => {
    // A terminal that is gone (`tmux kill-server`, a closed window) fails the TTY's read with EIO,
    // sometimes before its SIGHUP arrives: that is a hang-up, not a bug.
    if ((error as NodeJS.ErrnoException | undefined)?.code === 'EIO') {
      log.info('the terminal is gone (EIO): closing as on a hang-up');
      void ending.close('SIGHUP');
      return;
    }
    log.report({ level: 'error', where: 'uncaught exception', error });
    void ending.close().finally(() => {
      (options.stderr ?? process.stderr).write(
        `buddy-tui: stopped by an internal error: ${sanitizeText((error as Error)?.message ?? error, { maxLength: 200 })} (details in tui.log)\n`,
      );
      process.exit(1);
    });
  });
}

export async function startTui(options: StartTuiOptions): Promise<TuiHandle> {
  const env = options.env ?? process.env;
  const clock = options.clock ?? Date.now;
  // React, Ink and chalk read NODE_ENV, FORCE_COLOR and CI at import, decided from `env` (ui-import-env.ts).
  const [{ default: React }, { render }, { App }] = await withUiImportEnv(env, () =>
    Promise.all([import('react'), import('ink'), import('../../components/App.js')]),
  );

  // The pane's one lifetime. The screen goes first when it ends, before the services stop.
  const pane = lifetimeWithin();
  const screen: { instance?: Instance } = {};
  onAbort(pane.signal, () => screen.instance?.unmount());
  const base = openPane(options, env, clock, pane.signal);
  const { store, stdout, log } = base;
  const { services, watcher, notifier } = startPaneWork(base, options);

  const alternate = options.alternateScreen ?? stdout.isTTY === true;
  if (alternate) stdout.write(ENTER_ALT_SCREEN);
  if (alternate) onEnded(pane.signal, () => stdout.write(LEAVE_ALT_SCREEN));
  const ending = paneEnding(pane, log);
  handleProcessEvents(base, ending, options);

  // Ink re-measures every line on every frame unless its caches outlive the frame (ink-output-cache.ts).
  shareInkOutputCaches();
  screen.instance = render(
    React.createElement(App, { store, theme: { color: colorAllowed(env) }, onQuit: () => void ending.close() }),
    {
      stdout,
      stdin: options.stdin ?? process.stdin,
      stderr: options.stderr ?? process.stderr,
      exitOnCtrlC: false,
      patchConsole: false,
      maxFps: 30,
    },
  );
  screen.instance.waitUntilExit().then(
    () => void ending.close(),
    () => void ending.close(),
  );

  await watcher.ready;
  // From here on new events reach the plugins (what the first scan found is history).
  log.info(`watching: ${Object.keys(store.getState().sessions).length} session(s)`);
  return {
    store,
    watcher,
    services,
    lock: base.lock,
    log,
    notifier,
    closed: ending.closed,
    close: () => ending.close(),
  };
}
