/** The built `buddy-tui` (dist/cli.js) run as a real process, with only the environment given (plus PATH). */
import { spawnSync } from 'node:child_process';
import { CLI_ENTRY } from './hook-process.js';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `timeoutMs` only guards against a hang (the process is killed, `code` is null); never a measure. */
export function runCli(args: string[], env: NodeJS.ProcessEnv, cwd?: string, timeoutMs = 120_000): CliRun {
  const result = spawnSync(process.execPath, [CLI_ENTRY, ...args], {
    env: { PATH: process.env.PATH, ...env },
    cwd,
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
