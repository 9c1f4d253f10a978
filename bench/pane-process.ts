/**
 * The built pane (`node dist/cli.js tui`) as a child process for the TUI benchmarks, on a scratch
 * state root: its frames arrive on a pipe (keys off, 80x24 defaults), with their arrival times.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { stripVTControlCharacters } from 'node:util';
import { REPO_ROOT } from './measure.js';

const CLOCK_TICKS = 100;
/** Extra flags for the pane process, e.g. BUDDY_BENCH_PANE_ARGS=--no-plugins. */
const extraArgs = (process.env.BUDDY_BENCH_PANE_ARGS ?? '').split(' ').filter(Boolean);
/** Node flags for the pane process, e.g. BUDDY_BENCH_NODE_FLAGS=--max-semi-space-size=1. */
const nodeFlags = (process.env.BUDDY_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
/** Another build of the pane to measure, e.g. BUDDY_BENCH_DIST=dist-before for a back-to-back pair. */
const distDir = join(REPO_ROOT, process.env.BUDDY_BENCH_DIST ?? 'dist');

export interface Scratch {
  base: string;
  root: string;
  env: Record<string, string>;
}

export function scratch(name: string): Scratch {
  const base = mkdtempSync(join(tmpdir(), `buddy-bench-${name}-`));
  const root = join(base, 'root');
  for (const dir of ['cfg', 'state', 'foundry']) mkdirSync(join(base, dir), { mode: 0o700 });
  return {
    base,
    root,
    env: {
      BUDDY_TUI_STATE_DIR: root,
      XDG_CONFIG_HOME: join(base, 'cfg'),
      XDG_STATE_HOME: join(base, 'state'),
      BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A pane's share of a core is measured twice: just after its start-up notice ("… hatched!", which
 * keeps the steady tick for a few seconds), and once steady (SETTLE s after its first frame),
 * which is what a pane open all day costs; the rows are judged on the steady figure and print
 * both. In the first window V8 still optimizes what start-up made hot and collects what the first
 * scan left, on its worker threads: a quiet pane measured 0.70% there and 0.15% from 40 s on
 * (per thread, /proc/<pid>/task), five working ones 2.7% and 1.95%.
 */
const START_WINDOW_AT_MS = 7000;
const STEADY_WINDOW_AT_MS = (Number(process.env.BUDDY_BENCH_PANE_SETTLE_SECONDS) || 40) * 1000;

export interface Share {
  /** % of a core. */
  share: number;
  frames: number;
}

/** The pane's share just after start-up and steady, each over `seconds`; call it once the first frame is out. */
export async function earlyAndSteadyShares(
  pane: PaneProcess,
  seconds: number,
): Promise<{ early: Share; steady: Share }> {
  await sleep(START_WINDOW_AT_MS);
  const early = await pane.shareOver(seconds);
  await sleep(Math.max(0, STEADY_WINDOW_AT_MS - START_WINDOW_AT_MS - seconds * 1000));
  return { early, steady: await pane.shareOver(seconds) };
}

export async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

export class PaneProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** Frames as written, with the time each arrived. */
  readonly writes: Array<{ at: number; text: string }> = [];
  private listeners = new Set<(text: string, at: number) => void>();

  constructor(s: Scratch, extraNodeFlags: string[] = []) {
    this.child = spawn(
      process.execPath,
      [...nodeFlags, ...extraNodeFlags, join(distDir, 'cli.js'), 'tui', '--no-alt-screen', ...extraArgs],
      {
        env: { ...process.env, ...s.env, CI: 'false', NO_COLOR: '1', NODE_ENV: 'production' },
        stdio: 'pipe',
      },
    );
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      const at = performance.now();
      const text = stripVTControlCharacters(chunk);
      this.writes.push({ at, text: this.writes.length < 100_000 ? text : '' });
      for (const listener of this.listeners) listener(text, at);
    });
  }

  /** Resolves with the time of the first write containing `marker`. */
  waitFor(marker: string, timeoutMs = 10_000): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new Error(`no frame with ${marker} within ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (text: string, at: number) => {
        if (!text.includes(marker)) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(at);
      };
      this.listeners.add(listener);
    });
  }

  /** Its share of a core and the frames it wrote over the next `seconds`. */
  async shareOver(seconds: number): Promise<Share> {
    const before = this.cpuSeconds();
    const framesBefore = this.writes.length;
    const start = performance.now();
    await sleep(seconds * 1000);
    const used = this.cpuSeconds() - before;
    return { share: (used / ((performance.now() - start) / 1000)) * 100, frames: this.writes.length - framesBefore };
  }

  cpuSeconds(): number {
    const fields = readFileSync(`/proc/${this.child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after "pid (comm) ".
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  }

  peakRssKb(): number {
    const match = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${this.child.pid}/status`, 'utf8'));
    return match ? Number(match[1]) : Number.NaN;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await Promise.race([exited, sleep(5000)]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}
