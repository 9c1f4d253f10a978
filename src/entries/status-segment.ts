/**
 * `buddy-tui status --tmux | --format '<template>'`: a bar's segment (tmux runs it every
 * `status-interval`). Bundled on its own (dist/status-segment.js) like the statusline, so it
 * starts about as fast as `node -e 0`: no React, Ink or zod. Prints the segment (or the last
 * good one), exits 0; a usage error (an unknown field) says so on stderr and exits 2.
 * BUDDY_TUI_NOW pins the clock for tests and benchmarks.
 */
import { writeSync } from 'node:fs';
import { readSegmentSessions } from '../cli/status-segment.js';
import { SEGMENT_USAGE, parseSegmentArgs, renderSegment } from '../statusline/segment-run.js';
import { resolveNow } from '../statusline/options.js';
import { sanitizeText } from '../text/sanitize.js';

function print(fd: number, text: string): void {
  try {
    writeSync(fd, text);
  } catch {
    // A bar that stopped listening is not our problem.
  }
}

function flagsFrom(argv: string[]): string[] {
  const at = argv.indexOf('status', 2);
  return at === 2 ? argv.slice(3) : argv.slice(2);
}

function main(): void {
  const parsed = parseSegmentArgs(flagsFrom(process.argv), process.env);
  if (parsed.ok === 'help') return print(1, SEGMENT_USAGE);
  if (!parsed.ok) {
    print(2, `buddy-tui status: ${sanitizeText(parsed.message)}\n${SEGMENT_USAGE}`);
    process.exitCode = 2;
    return;
  }
  const now = process.env.BUDDY_TUI_NOW ? resolveNow(process.env) : Date.now();
  print(
    1,
    renderSegment({
      request: parsed.request,
      read: () => readSegmentSessions(process.env, now),
      now,
      env: process.env,
    }),
  );
}

process.exitCode = 0;
try {
  main();
} catch {
  // renderSegment falls back by itself; this is a last net so a bar never sees a stack trace.
}
