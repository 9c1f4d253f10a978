/**
 * A bounded error log in the state root (the last 200 entries), so problems on the hook path
 * are findable without ever printing to Claude Code. Mirrors to stderr with BUDDY_TUI_DEBUG.
 * Written through the one report shape (src/report/reporter.ts).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { reportText, type Reporter } from '../report/reporter.js';
import { atomicWriteFileSync } from './atomic-write.js';
import { sanitizeText } from '../text/sanitize.js';
import { appendLine } from './journal.js';
import { ERROR_LOG_FILE } from './state-root.js';

export const ERROR_LOG_ENTRIES = 200;
/** Past this size the log is trimmed back to its last entries. */
const TRIM_AT_BYTES = 128 * 1024;

/** Reports into `<root>/errors.log`; with no root (an unsafe one) only the BUDDY_TUI_DEBUG mirror. Never throws. */
export const errorLogReporter =
  (root: string | undefined, env: NodeJS.ProcessEnv = process.env): Reporter =>
  (report) => {
    const { level, where } = report;
    const message = reportText(report);
    const line = `${JSON.stringify({ ts: Date.now(), level, where, message: message.slice(0, 500) })}\n`;
    if (env.BUDDY_TUI_DEBUG) process.stderr.write(`buddy-tui ${where}: ${sanitizeText(message)}\n`);
    if (!root) return;
    try {
      const path = join(root, ERROR_LOG_FILE);
      appendLine(path, line);
      if (statSync(path).size > TRIM_AT_BYTES) {
        const lines = readSmallFile(path, { maxBytes: SMALL_FILE_LIMITS.state }).split('\n').filter(Boolean);
        atomicWriteFileSync(path, `${lines.slice(-ERROR_LOG_ENTRIES).join('\n')}\n`);
      }
    } catch {
      // Nowhere left to report to; the hook still exits 0.
    }
  };
