/**
 * One real CLI run for the host end-to-end tests: no stdin, its own process group, killed whole at
 * the deadline (and after it exits: a native child or a hook's background job must not outlive it).
 */
import { execa } from 'execa';
import { killProcessGroup } from '../../src/process/kill-group.js';

export interface CliRun {
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export async function runCliWithDeadline(
  bin: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<CliRun> {
  const child = execa(bin, args, {
    cwd: opts.cwd,
    env: opts.env,
    extendEnv: false,
    stdin: 'ignore',
    detached: true,
    reject: false,
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killProcessGroup(child.pid);
  }, opts.timeoutMs ?? 120_000);
  try {
    const result = await child;
    return { exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr), timedOut };
  } finally {
    clearTimeout(timer);
    killProcessGroup(child.pid);
  }
}
