/**
 * The mod's plain JavaScript modules (claude-plugin/hooks) run in vitest with a `$` backed by this
 * machine's files, timers and processes: what the engine's bridges do for the mod in Claude Code.
 */
import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { vi } from 'vitest';
import { CLI_ENTRY } from '../support/hook-process.js';
import { until, type world } from './runner-world.js';

type Env = ReturnType<typeof world>['env'];

/** The engine's bridges as the mod uses them, over this machine's files, timers and processes. */
export function hostSide(env: Env) {
  const runs: string[][] = [];
  const $ = {
    fs: {
      stat: async (path: string) => {
        const s = statSync(path);
        return {
          kind: s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'other',
          size: s.size,
          mtimeMs: s.mtimeMs,
        };
      },
      read: async (path: string, range?: { offset: number; length: number }) => {
        const bytes = readFileSync(path);
        return (range ? bytes.subarray(range.offset, range.offset + range.length) : bytes).toString('utf8');
      },
    },
    process: {
      run: (argv: string[]) => {
        runs.push(argv);
        return new Promise((resolve) =>
          execFile(argv[0], argv.slice(1), { env, encoding: 'utf8' }, (error, stdout, stderr) =>
            resolve({ exitCode: error ? 1 : 0, stdout, stderr }),
          ),
        );
      },
    },
    clock: {
      after: (ms: number, fn: () => void) => {
        const timer = setTimeout(fn, ms);
        return { cancel: () => clearTimeout(timer) };
      },
    },
    ui: { invalidate: () => undefined, log: () => undefined, toast: () => undefined },
  };
  return { $, runs };
}

/** One of the mod's plain JavaScript modules (typed by JSDoc only). */
export const modModule = (name: string): Promise<any> => import(`../../claude-plugin/hooks/${name}.js`);

/** The mod's modules, fresh for each test (their memory is module state), following one open turn. */
export async function modInTurn(env: Env, sid: string) {
  vi.resetModules();
  const { mod } = await modModule('mod-memory');
  const { onTurnEdge } = await modModule('turn-polling');
  const { bandRows } = await modModule('buddy-view');
  const host = hostSide(env);
  Object.assign(mod, { cli: [process.execPath, CLI_ENTRY], sessionId: sid });
  onTurnEdge(host.$, { agentId: undefined }, true);
  await until(() => mod.look !== undefined, "the turn's first look");
  const band = (): string[] =>
    bandRows(mod.look, { columns: 100, maxRows: 4 }).map((row: { text: string }) => row.text);
  // The test is over: no poll, and no timer (a bubble's end, a passing mood) asks again: each ask
  // may start a runner (--ensure-runner) that would write into the root as it is removed.
  const stop = () => {
    mod.bubbleTimer?.cancel();
    mod.recheckTimer?.cancel();
    Object.assign(mod, { turnOpen: false, activeUntil: 0, refused: 'the test is over' });
  };
  return { mod, runs: host.runs, band, stop, $: host.$ };
}
