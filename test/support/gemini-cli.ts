/**
 * The real Gemini CLI for tests: where scripts/install-gemini.sh put it, a throw-away
 * GEMINI_CLI_HOME whose settings.json selects API-key auth (else the base URL selects a
 * `gateway` auth and the CLI stops) and keeps it quiet, and `gemini -p` run the way that works
 * offline (../shared/gemini-cli-0.61.0/RECIPE.md): GOOGLE_GEMINI_BASE_URL on the stand-in, a dummy
 * GEMINI_API_KEY, `--yolo`, `--skip-trust` (Gemini runs nothing, hooks included, in an untrusted
 * folder), stdin /dev/null, its own process group.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCliWithDeadline, type CliRun } from './cli-print-run.js';

export const GEMINI_VERSION = '0.61.0';
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DUMMY_GEMINI_KEY = 'gemini-buddytui-standin-not-a-real-key';

export function geminiBinary(): string | undefined {
  const bin = join(REPO_ROOT, '.cache', 'gemini', 'node_modules', '.bin', 'gemini');
  return existsSync(bin) ? bin : undefined;
}

export function skipWithoutGemini(env: NodeJS.ProcessEnv = process.env): boolean {
  return !geminiBinary() && !env.CI;
}

export interface OfflineGeminiHome {
  home: string;
  geminiDir: string;
  env: NodeJS.ProcessEnv;
  cleanup(): void;
}

export function createOfflineGeminiHome(opts: { baseUrl: string; extraEnv?: NodeJS.ProcessEnv }): OfflineGeminiHome {
  const home = mkdtempSync(join(tmpdir(), 'buddy-gemini-'));
  const geminiDir = join(home, '.gemini');
  mkdirSync(geminiDir, { recursive: true });
  writeFileSync(
    join(geminiDir, 'settings.json'),
    `${JSON.stringify(
      {
        security: { auth: { selectedType: 'gemini-api-key' } },
        general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        model: { name: 'gemini-2.5-pro' },
      },
      null,
      2,
    )}\n`,
  );
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    GEMINI_CLI_HOME: home,
    GOOGLE_GEMINI_BASE_URL: opts.baseUrl,
    GEMINI_API_KEY: DUMMY_GEMINI_KEY,
    TERM: 'dumb',
    ...opts.extraEnv,
  };
  return { home, geminiDir, env, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}

export type GeminiRun = CliRun;

export async function runGeminiPrint(opts: {
  home: OfflineGeminiHome;
  cwd: string;
  prompt: string;
  timeoutMs?: number;
}): Promise<GeminiRun> {
  const bin = geminiBinary();
  if (!bin) throw new Error(`Gemini CLI ${GEMINI_VERSION} is not installed; run scripts/install-gemini.sh first`);
  return runCliWithDeadline(bin, ['-p', opts.prompt, '--yolo', '--skip-trust'], {
    cwd: opts.cwd,
    env: opts.home.env,
    timeoutMs: opts.timeoutMs,
  });
}
