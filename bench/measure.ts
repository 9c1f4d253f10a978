/** Shared benchmark plumbing: side-by-side command timing and the rows every bench returns. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface BenchRow {
  area: string;
  name: string;
  /** The measured figure as shown, e.g. "1.12x" or "312,000 events/s". */
  value: string;
  /** What the row must reach for its issue, e.g. "<= 2%" (issue 50's table); `ok` then says whether it did. */
  bar?: string;
  goal?: string;
  /** Whether the bar was met (the goal when there is no bar); undefined when there is neither. */
  ok?: boolean;
  /** Beside a bar: whether the goal, further than the bar, was met too. */
  goalMet?: boolean;
}

/** The row's verdict as the bench prints it: `ok   (bar <= 2%, goal <= 1%)`, `MISS (goal <= 3 ms)`. */
export function verdict(row: BenchRow): string {
  if (row.ok === undefined) return '';
  const mark = row.ok ? 'ok  ' : 'MISS';
  if (row.bar === undefined) return `${mark} (goal ${row.goal})`;
  return `${mark} (bar ${row.bar}, goal ${row.goal}${row.goalMet ? '; goal met' : ''})`;
}

/** A row as a bench run alone prints it: `name: value  verdict`. */
export const formatRow = (row: BenchRow): string => `${row.name}: ${row.value}  ${verdict(row)}`.trimEnd();

export interface CommandSpec {
  name: string;
  argv: string[];
  stdin?: string;
  env?: Record<string, string>;
}

export interface CommandStats {
  medianMs: number;
  p95Ms: number;
  medianRssKb: number;
  /** CPU time (user + system) of the child and the children it waited for. */
  medianCpuMs: number;
}

export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const median = (values: number[]): number => percentile(values, 50);

/** Runs the commands interleaved for `rounds` rounds (bench/measure.py) and summarises each. */
export function measureCommands(commands: CommandSpec[], rounds = 40, warmup = 3): Record<string, CommandStats> {
  const output = execFileSync('python3', [fileURLToPath(new URL('./measure.py', import.meta.url))], {
    input: JSON.stringify({ rounds, warmup, commands }),
    maxBuffer: 64 * 1024 * 1024,
  });
  const raw = JSON.parse(output.toString()) as Record<
    string,
    { wall_ms: number[]; max_rss_kb: number[]; cpu_ms: number[] }
  >;
  const stats: Record<string, CommandStats> = {};
  for (const [name, { wall_ms, max_rss_kb, cpu_ms }] of Object.entries(raw)) {
    stats[name] = {
      medianMs: median(wall_ms),
      p95Ms: percentile(wall_ms, 95),
      medianRssKb: median(max_rss_kb),
      medianCpuMs: median(cpu_ms),
    };
  }
  return stats;
}

export const ratio = (value: number, base: number): string => `${(value / base).toFixed(2)}x`;
export const formatMs = (ms: number): string => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
export const formatMb = (kb: number): string => `${(kb / 1024).toFixed(1)} MB`;
