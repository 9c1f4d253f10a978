/**
 * The one shape every layer reports problems (and notable decisions) in: a level, where it
 * happened, what happened, the thrown value if any, and machine-readable detail for the
 * consumer. Plugins, delegates, state and the pane take a `Reporter` as a plain callback; the
 * pane writes reports to tui.log, the hook to errors.log, `buddy-tui plugins` to the terminal.
 * Imports nothing, so every room may use it (the hot paths included).
 */
export type ReportLevel = 'info' | 'warning' | 'error';

export interface Report<Detail = unknown> {
  level: ReportLevel;
  /** Where it happened: 'config watch', 'pet save', 'plugin', 'delegate', 'hook', ... */
  where: string;
  /** What happened, in words (for an error, `error` alone may say it). */
  message?: string;
  /** The thrown value, for its message and stack. */
  error?: unknown;
  /** Fields a consumer acts on (a plugin warning's session, a delegate's decision). */
  detail?: Detail;
}

export type Reporter<Detail = unknown> = (report: Report<Detail>) => void;

/** Reports nowhere: the default where a caller passes no reporter. */
export const ignoreReports = (): void => {};

/** The same reports under another `where` (a shared helper reporting for its caller). */
export const reportingAs =
  <Detail>(report: Reporter<Detail>, where: string): Reporter<Detail> =>
  (entry) =>
    report({ ...entry, where });

/** The text of a report: its message, else the error's message. */
export function reportText(report: Report<unknown>, withStack = false): string {
  const { message, error } = report;
  if (error === undefined) return message ?? '';
  const thrown = error instanceof Error ? (withStack ? (error.stack ?? error.message) : error.message) : String(error);
  return message ? `${message}: ${thrown}` : thrown;
}
