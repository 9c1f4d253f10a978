/**
 * Stub `notify-send` and a stub notify.command on a private PATH folder: each appends one JSON
 * line per call (its arguments, its stdin, and the names of its environment) to a log, so a test
 * sees exactly what the notifier started. The log paths are written into the scripts: the
 * notifier passes only an allowlisted environment.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface NotifyStubs {
  bin: string;
  /** The command name to put in notify.command (it is on `bin`). */
  command: string;
  notifySendCalls(): Array<{ args: string[]; env: string[] }>;
  commandCalls(): Array<{ input: Record<string, unknown>; env: string[] }>;
}

const readLog = (path: string) =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];

export function makeNotifyStubs(dir: string): NotifyStubs {
  const bin = join(dir, 'stub-bin');
  mkdirSync(bin, { recursive: true });
  const sendLog = join(dir, 'notify-send.log');
  const commandLog = join(dir, 'notify-command.log');
  // node, not sh: JSON-quoting arbitrary arguments in sh is a test of its own.
  const script = (log: string, what: string) => `#!${process.execPath}
const fs = require('node:fs');
let input = '';
try { input = fs.readFileSync(0, 'utf8'); } catch {}
const record = { args: process.argv.slice(2), env: Object.keys(process.env).sort(), ${what} };
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(record) + '\\n');
`;
  writeFileSync(join(bin, 'notify-send'), script(sendLog, 'input'));
  writeFileSync(join(bin, 'buddy-notify-stub'), script(commandLog, 'input: input ? JSON.parse(input) : null'));
  chmodSync(join(bin, 'notify-send'), 0o755);
  chmodSync(join(bin, 'buddy-notify-stub'), 0o755);
  return {
    bin,
    command: 'buddy-notify-stub',
    notifySendCalls: () => readLog(sendLog),
    commandCalls: () => readLog(commandLog),
  };
}
