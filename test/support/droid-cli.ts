/**
 * The real Factory Droid CLI for tests: where scripts/install-droid.sh put it, a throw-away HOME
 * whose `~/.factory/settings.json` names one custom model on the Chat Completions stand-in
 * (test/support/chat-completions-standin.ts), and `droid exec --auto high -m custom:mock-model`
 * (the TUI needs a Factory login; `exec` with a custom model needs none), stdin /dev/null, its own
 * process group (../shared/droid-0.215.0/RECIPE.md).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCliWithDeadline, type CliRun } from './cli-print-run.js';

export const DROID_VERSION = '0.215.0';
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DUMMY_DROID_KEY = 'sk-buddytui-droid-standin-not-a-real-key';

export function droidBinary(): string | undefined {
  const bin = join(REPO_ROOT, '.cache', 'droid', 'node_modules', '.bin', 'droid');
  return existsSync(bin) ? bin : undefined;
}

/** Skipped only off CI without the install: CI installs it (.ci/run), so a missing Droid fails there. */
export function skipWithoutDroid(env: NodeJS.ProcessEnv = process.env): boolean {
  return !droidBinary() && !env.CI;
}

export interface OfflineDroidHome {
  home: string;
  /** `~/.factory`: settings.json (Droid rewrites it), sessions/ (the transcripts). */
  factoryDir: string;
  env: NodeJS.ProcessEnv;
  cleanup(): void;
}

export function createOfflineDroidHome(opts: { baseUrl: string; extraEnv?: NodeJS.ProcessEnv }): OfflineDroidHome {
  const home = mkdtempSync(join(tmpdir(), 'buddy-droid-'));
  const factoryDir = join(home, '.factory');
  mkdirSync(factoryDir, { recursive: true });
  const model = {
    model: 'mock-model',
    displayName: 'Mock',
    baseUrl: opts.baseUrl,
    apiKey: DUMMY_DROID_KEY,
    provider: 'generic-chat-completion-api',
    maxOutputTokens: 4096,
  };
  writeFileSync(join(factoryDir, 'settings.json'), `${JSON.stringify({ customModels: [model] }, null, 2)}\n`);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, TERM: 'dumb', ...opts.extraEnv };
  return { home, factoryDir, env, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}

export async function runDroidExec(opts: {
  home: OfflineDroidHome;
  cwd: string;
  prompt: string;
  timeoutMs?: number;
}): Promise<CliRun> {
  const bin = droidBinary();
  if (!bin) throw new Error(`Droid ${DROID_VERSION} is not installed; run scripts/install-droid.sh first`);
  return runCliWithDeadline(bin, ['exec', '--auto', 'high', '-m', 'custom:mock-model', opts.prompt], {
    cwd: opts.cwd,
    env: opts.home.env,
    timeoutMs: opts.timeoutMs,
  });
}
