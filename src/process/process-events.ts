/**
 * The process's own events (terminating signals, an uncaught exception, an unhandled rejection)
 * listened to for a lifetime (lifetime.ts): the listener is taken off once the lifetime has
 * ended and its teardowns have settled, not when it begins ending. While a signal handler is
 * installed, Ink's signal-exit handler leaves that signal to us instead of raising it again
 * (which killed the pane mid-close).
 */
import { onEnded } from './lifetime.js';

export const TERMINATING_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

type ProcessListener = (...args: never[]) => void;

export function onProcessEvent(
  signal: AbortSignal,
  event: NodeJS.Signals | 'uncaughtException' | 'unhandledRejection',
  listener: ProcessListener,
): void {
  const on = listener as (...args: unknown[]) => void;
  process.on(event, on);
  onEnded(signal, () => process.off(event, on));
}
