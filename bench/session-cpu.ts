/**
 * CPU accounting for the benches that drive the real Claude Code (whole-session.ts, mod-cost.ts),
 * from /proc and from `times`: a process's own CPU, the CPU of the mod's worker threads inside
 * Claude Code, and the CPU of installed commands wrapped to log their `times` as they exit.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { shellQuote } from '../src/text/shell-words.js';

const TICKS = 100; // USER_HZ on Linux
/**
 * The shell the wrappers run in: bash's `times` says the children's CPU in ms; dash's (/bin/sh
 * here) truncates it to whole 10 ms ticks, so each hook run of a few ms counted as 0. The
 * command wrapped still runs under /bin/sh -c, as Claude Code runs it.
 */
export const TIMES_SHELL = '/bin/bash';

/** A /proc stat file's fields after "pid (comm) ": state is 0, utime 11, stime 12, cutime 13, cstime 14. */
export const statFields = (path: string): string[] =>
  readFileSync(path, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');

/** utime + stime of a process (all its threads), in ms. */
export const cpuMsOf = (pid: number): number => {
  const fields = statFields(`/proc/${pid}/stat`);
  return ((Number(fields[11]) + Number(fields[12])) / TICKS) * 1000;
};

/** CPU of each of the mod's worker threads (Claude Code names each `hooks-<id>`), in ms by thread id. */
export function workerThreadsCpu(pid: number): Map<string, number> {
  const threads = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      if (!readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').startsWith('hooks-')) continue;
      const fields = statFields(`/proc/${pid}/task/${tid}/stat`);
      threads.set(tid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return threads;
}

/** CPU of the mod's worker threads, in ms. */
export const workerCpuOf = (pid: number): number => [...workerThreadsCpu(pid).values()].reduce((a, b) => a + b, 0);

/**
 * The CPU of processes or threads that may come and go during a stretch (a runner that exits
 * idle and is started again, a worker thread), polled: each one's CPU from the first look at
 * it (0 for one born after the stretch began) to the last. One that ends between two looks
 * loses at most a poll's worth.
 */
export function pollCpu(sample: () => Map<string, number>, everyMs = 500) {
  const first = new Map(sample());
  const last = new Map(first);
  const look = () => {
    for (const [id, ms] of sample()) {
      if (!first.has(id)) first.set(id, 0);
      last.set(id, ms);
    }
  };
  const timer = setInterval(look, everyMs);
  return {
    /** The CPU used since the start, in ms, and how many processes or threads were seen. */
    stop(): { ms: number; count: number } {
      clearInterval(timer);
      look();
      let ms = 0;
      for (const [id, end] of last) ms += end - (first.get(id) ?? 0);
      return { ms, count: last.size };
    },
  };
}

/** `times`' second line: the children's user and system time, e.g. `0m0.012000s 0m0.004000s`. */
export function sumTimesLog(path: string): { runs: number; ms: number; each: number[] } {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { runs: 0, ms: 0, each: [] };
  }
  const lines = text.split('\n').filter(Boolean);
  let ms = 0;
  const each: number[] = [];
  for (let i = 1; i < lines.length; i += 2) {
    let run = 0;
    for (const match of lines[i].matchAll(/(\d+)m([\d.]+)s/g)) run += (Number(match[1]) * 60 + Number(match[2])) * 1000;
    each.push(run);
    ms += run;
  }
  return { runs: each.length, ms, each };
}

/** Every buddy-tui command in the settings file, wrapped to log its CPU (see whole-session.ts): the wrapper runs in TIMES_SHELL. */
/** `noOp`: each command replaced by it (the floor: what any hook and statusLine command costs at least). */
export function wrapCommands(
  settingsPath: string,
  wrapper: string,
  logs: { hooks: string; statusline: string },
  noOp?: string,
): void {
  const settings = JSON.parse(readFileSync(settingsPath, 'utf8'));
  const wrap = (command: string, log: string) =>
    `${TIMES_SHELL} ${shellQuote(wrapper)} ${shellQuote(log)} ${shellQuote(noOp ?? command)}`;
  for (const groups of Object.values(settings.hooks ?? {}) as Array<Array<{ hooks: Array<{ command: string }> }>>) {
    for (const group of groups) for (const handler of group.hooks) handler.command = wrap(handler.command, logs.hooks);
  }
  settings.statusLine.command = wrap(settings.statusLine.command, logs.statusline);
  writeFileSync(settingsPath, JSON.stringify(settings, null, 2));
}
