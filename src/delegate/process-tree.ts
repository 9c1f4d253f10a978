/**
 * Runs one child in its own process group so that a timeout or an abort ends the whole tree
 * (a shell's grandchildren, the CLI's helpers), not just the direct child.
 */
import { execa } from 'execa';
import { killProcessGroup } from '../process/kill-group.js';

export interface TreeRunOptions {
  input: string;
  env: NodeJS.ProcessEnv;
  cwd?: string;
  shell?: boolean;
  signal: AbortSignal;
  /** SIGTERM first; SIGKILL after this grace period. */
  killGraceMs?: number;
  maxBufferBytes?: number;
}

export interface TreeRunResult {
  stdout: string;
  stderr: string;
  exitCode?: number;
  signal?: string;
  /** True when the run was ended by the abort signal (timeout or cancel). */
  aborted: boolean;
  /** Set when the process could not start (ENOENT, EACCES). */
  spawnError?: string;
}

export async function runProcessTree(file: string, args: string[], options: TreeRunOptions): Promise<TreeRunResult> {
  const child = execa(file, args, {
    input: options.input,
    env: options.env,
    extendEnv: false,
    cwd: options.cwd,
    shell: options.shell ?? false,
    detached: true,
    reject: false,
    stripFinalNewline: true,
    maxBuffer: options.maxBufferBytes ?? 4 * 1024 * 1024,
  });
  let aborted = false;
  let killTimer: NodeJS.Timeout | undefined;
  const onAbort = () => {
    aborted = true;
    killProcessGroup(child.pid, 'SIGTERM');
    killTimer = setTimeout(() => killProcessGroup(child.pid, 'SIGKILL'), options.killGraceMs ?? 1000);
    killTimer.unref();
  };
  if (options.signal.aborted) onAbort();
  else options.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const result = await child;
    const code = (result as { code?: string }).code;
    const spawnError =
      result.failed && result.exitCode === undefined && !result.signal && !aborted
        ? (code ?? result.shortMessage)
        : undefined;
    return {
      stdout: typeof result.stdout === 'string' ? result.stdout : '',
      stderr: typeof result.stderr === 'string' ? result.stderr : '',
      exitCode: result.exitCode,
      signal: result.signal,
      aborted,
      spawnError,
    };
  } finally {
    options.signal.removeEventListener('abort', onAbort);
    // The direct child is done; anything it left in its group goes too.
    if (aborted) killProcessGroup(child.pid, 'SIGKILL');
    if (killTimer) clearTimeout(killTimer);
  }
}
