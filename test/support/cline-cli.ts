/**
 * The real Cline CLI (3.0.65) for tests: where scripts/install-cline.sh put it (a Node launcher
 * of a Bun binary, no Node of its own needed), a throw-away HOME and CLINE_DIR whose provider is
 * `openai-compatible` on the Chat Completions stand-in (`cline auth`, as a user does), the local
 * session backend and no update checks (../shared/cline-3.0.65/RECIPE.md). The TUI starts a hub
 * daemon that outlives it whatever the backend: stopHub ends it through `cline hub stop`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './hook-process.js';

export const CLINE_VERSION = '3.0.65';
export const DUMMY_CLINE_KEY = 'sk-buddytui-cline-standin-not-a-real-key';

export function clineBinary(): string | undefined {
  const bin = join(REPO_ROOT, '.cache', 'cline', 'node_modules', '.bin', 'cline');
  return existsSync(bin) ? bin : undefined;
}

/** Skipped only off CI when Cline is not installed; on CI a missing install fails. */
export function skipWithoutCline(env: NodeJS.ProcessEnv = process.env): boolean {
  return !clineBinary() && !env.CI;
}

export interface OfflineClineHome {
  home: string;
  clineDir: string;
  env: NodeJS.ProcessEnv;
  /** Runs `cline <args>` on this home to its end (auth, hub stop); throws on a non-zero exit. */
  cline(args: string[]): string;
  cleanup(): void;
}

export function createOfflineClineHome(opts: { baseUrl: string; extraEnv?: NodeJS.ProcessEnv }): OfflineClineHome {
  const bin = clineBinary();
  if (!bin) throw new Error(`Cline ${CLINE_VERSION} is not installed; run scripts/install-cline.sh first`);
  const home = mkdtempSync(join(tmpdir(), 'buddy-cline-'));
  const clineDir = join(home, '.cline');
  mkdirSync(clineDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    CLINE_DIR: clineDir,
    CLINE_SESSION_BACKEND_MODE: 'local',
    CLINE_NO_AUTO_UPDATE: '1',
    CLINE_DISABLE_CLINE_PASS_NOTICE: '1',
    TERM: 'xterm-256color',
    ...opts.extraEnv,
  };
  const cline = (args: string[]) => {
    const run = spawnSync(bin, args, {
      env,
      cwd: home,
      encoding: 'utf8',
      timeout: 60_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (run.status !== 0) throw new Error(`cline ${args.join(' ')}: exit ${run.status}\n${run.stderr}`);
    return run.stdout;
  };
  cline(['auth', '-p', 'openai-compatible', '-k', DUMMY_CLINE_KEY, '-m', 'mock-model', '-b', opts.baseUrl]);
  return { home, clineDir, env, cline, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}

/** `cline hub stop` on the home: the hub daemon the TUI started ends (it prints `{"stopped":…}`). */
export function stopHub(home: OfflineClineHome): string {
  return home.cline(['hub', 'stop']);
}
