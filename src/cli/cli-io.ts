/**
 * What a command writes to and reads from, so tests can run commands in-process. Commands print
 * only through `stdout`/`stderr` here, and those take TerminalText, which can't be made from
 * outside data without sanitising it (src/text/terminal-text.ts).
 */
import type { TerminalText } from '../text/terminal-text.js';

export interface CliIo {
  stdout: (text: TerminalText) => void;
  stderr: (text: TerminalText) => void;
  env: NodeJS.ProcessEnv;
  isTTY: boolean;
  now: () => number;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => void process.stdout.write(String(text)),
    stderr: (text) => void process.stderr.write(String(text)),
    env: process.env,
    isTTY: Boolean(process.stdout.isTTY),
    now: () => Date.now(),
  };
}
