/**
 * Runs one `type: "command"` handler with execa, through the user's shell or (exec form, with
 * `args`) directly without one, in its own process group, which is killed when the plugin
 * exits, times out or is cancelled: that ends everything it started that stayed in the group.
 * A process that left the group (setsid) is not tracked; if it holds the output pipes open,
 * the run still ends at the timeout. stdout and stderr are capped; the rest is drained and
 * counted, never buffered. execa is loaded on the first run, so a pane with no command plugin
 * never pays its memory.
 */
import { basename } from 'node:path';
import { killProcessGroup } from '../process/kill-group.js';

export interface CommandRunInput {
  command: string;
  /** Exec form: `command` is the program, run with these arguments and no shell. */
  args?: readonly string[];
  shell: string;
  cwd: string;
  env: Record<string, string>;
  /** Written to stdin. */
  input: string;
  timeoutMs: number;
  maxOutputBytes: number;
}

export interface CommandRunResult {
  exitCode?: number;
  signal?: string;
  stdout: string;
  stderr: string;
  stdoutBytes: number;
  stderrBytes: number;
  timedOut: boolean;
  /** Killed by `kill()` (runner closing). */
  cancelled: boolean;
  /** The process could not be started. */
  spawnError?: string;
  /** It exited, but its stdout or stderr stayed open (held by a process that left its group) until the timeout. */
  outputHeldOpen?: boolean;
  pid?: number;
}

export interface CommandRun {
  result: Promise<CommandRunResult>;
  kill(): void;
}

const POSIX_SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash']);

/** `$SHELL` when it speaks POSIX sh (hook commands are written for it), else /bin/sh. */
export function userShell(env: NodeJS.ProcessEnv = process.env): string {
  const shell = env.SHELL;
  return shell && POSIX_SHELLS.has(basename(shell)) ? shell : '/bin/sh';
}

class CappedSink {
  private chunks: Buffer[] = [];
  private kept = 0;
  total = 0;
  constructor(private readonly cap: number) {}
  push(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.kept >= this.cap) return;
    const part = chunk.length > this.cap - this.kept ? chunk.subarray(0, this.cap - this.kept) : chunk;
    this.chunks.push(part);
    this.kept += part.length;
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/** Loaded once: a dynamic import() resolves its specifier again on every call. */
let execaModule: Promise<typeof import('execa')> | undefined;
const loadExeca = () => (execaModule ??= import('execa'));

export function runCommand(input: CommandRunInput): CommandRun {
  const stdout = new CappedSink(input.maxOutputBytes);
  const stderr = new CappedSink(input.maxOutputBytes);
  let timedOut = false;
  let cancelled = false;
  let pid: number | undefined;
  let endOutput: (() => void) | undefined;

  const result = loadExeca().then(async ({ execa }) => {
    const options = {
      cwd: input.cwd,
      env: input.env,
      extendEnv: false,
      input: input.input,
      buffer: false,
      reject: false,
      // Its own process group, so the whole tree can be killed at once.
      detached: true,
      stripFinalNewline: false,
      encoding: 'buffer',
    } as const;
    const subprocess = input.args
      ? execa(input.command, [...input.args], { ...options, shell: false })
      : execa(input.command, { ...options, shell: input.shell });
    pid = subprocess.pid;
    // execa waits for the pipes to close, which a process outside the group may never do.
    endOutput = () => {
      subprocess.stdout?.destroy();
      subprocess.stderr?.destroy();
    };
    // Cancelled while execa was loading: the run ends as soon as it starts.
    if (cancelled) {
      killProcessGroup(pid);
      endOutput();
    }
    subprocess.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
    subprocess.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    let exited = false;
    let outputHeldOpen = false;
    // What it left running in its group ends with it (and lets go of the pipes).
    subprocess.once('exit', () => {
      exited = true;
      killProcessGroup(pid);
    });
    const timer = setTimeout(() => {
      if (exited) outputHeldOpen = true;
      else timedOut = true;
      killProcessGroup(pid);
      endOutput?.();
    }, input.timeoutMs);
    const done = await subprocess;
    clearTimeout(timer);
    killProcessGroup(pid);
    const failedToStart = done.failed && done.exitCode === undefined && !done.signal && !timedOut && !cancelled;
    return {
      exitCode: done.exitCode,
      signal: done.signal,
      stdout: stdout.text(),
      stderr: stderr.text(),
      stdoutBytes: stdout.total,
      stderrBytes: stderr.total,
      timedOut,
      cancelled,
      pid,
      ...(outputHeldOpen ? { outputHeldOpen } : {}),
      ...(failedToStart ? { spawnError: done.shortMessage ?? done.message } : {}),
    } satisfies CommandRunResult;
  });
  return {
    result,
    kill() {
      cancelled = true;
      killProcessGroup(pid);
      endOutput?.();
    },
  };
}
