/**
 * The pane's log: a file in the state root, never the terminal (Ink owns the screen). Every
 * layer's reports land here (`report`); `info` is the pane's own narrative (start, close).
 * Bounded: past 256 KB the file is moved to tui.log.1 and a new one started.
 */
import { renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { reportText, type Reporter } from '../report/reporter.js';
import { appendLine } from '../state/journal.js';

export const TUI_LOG_FILE = 'tui.log';
const ROTATE_AT_BYTES = 256 * 1024;

export interface TuiLog {
  readonly path: string;
  info(message: string): void;
  /** One line `where: what` (an error with its stack, detail as JSON), at the report's level. */
  report: Reporter;
}

export function createTuiLog(root: string, clock: () => number = Date.now): TuiLog {
  const path = join(root, TUI_LOG_FILE);
  let writes = 0;
  const write = (level: string, message: string) => {
    try {
      appendLine(
        path,
        `${JSON.stringify({ ts: clock(), pid: process.pid, level, message: message.slice(0, 2000) })}\n`,
      );
      writes += 1;
      if (writes % 100 === 0 && statSync(path).size > ROTATE_AT_BYTES) renameSync(path, `${path}.1`);
    } catch {
      // A full disk must not take the pane down.
    }
  };
  return {
    path,
    info: (message) => write('info', message),
    report: (entry) =>
      write(
        entry.level,
        `${entry.where}: ${reportText(entry, true)}${entry.detail === undefined ? '' : ` ${JSON.stringify(entry.detail)}`}`,
      ),
  };
}
