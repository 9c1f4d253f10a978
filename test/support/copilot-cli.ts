/**
 * The real GitHub Copilot CLI for tests: where scripts/install-copilot.sh put it, a throw-away
 * HOME / COPILOT_HOME, BYOK pointed at the Chat Completions stand-in
 * (test/support/chat-completions-standin.ts), and `copilot -p` run the way that works offline
 * (../shared/copilot-1.0.102/RECIPE.md):
 * - COPILOT_PROVIDER_BASE_URL/TYPE/API_KEY + COPILOT_MODEL: no GitHub login; COPILOT_OFFLINE=true
 *   skips auth, telemetry, updates and GitHub's MCP server;
 * - COPILOT_CLI_DIST_DIR: the package the install script extracted once (a fresh HOME would
 *   extract 235 MB again);
 * - `--allow-all` (else `-p` denies tools), `--stream off`, stdin /dev/null, its own process group.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCliWithDeadline, type CliRun } from './cli-print-run.js';

export const COPILOT_VERSION = '1.0.102';
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PREFIX = join(REPO_ROOT, '.cache', 'copilot');
export const DUMMY_PROVIDER_KEY = 'sk-buddytui-copilot-standin-not-a-real-key';

export function copilotBinary(): string | undefined {
  const bin = join(PREFIX, 'node_modules', '.bin', 'copilot');
  return existsSync(bin) && copilotDistDir() ? bin : undefined;
}

/** The extracted package of the pinned version (scripts/install-copilot.sh). */
export function copilotDistDir(): string | undefined {
  const pkg = join(PREFIX, 'home', '.cache', 'copilot', 'pkg');
  try {
    const platform = readdirSync(pkg).find((name) => existsSync(join(pkg, name, COPILOT_VERSION)));
    return platform ? join(pkg, platform, COPILOT_VERSION) : undefined;
  } catch {
    return undefined;
  }
}

/** True when tests needing the CLI should be skipped: only outside CI, and only when it is missing. */
export function skipWithoutCopilot(env: NodeJS.ProcessEnv = process.env): boolean {
  return !copilotBinary() && !env.CI;
}

export interface OfflineCopilotHome {
  dir: string;
  home: string;
  copilotHome: string;
  env: NodeJS.ProcessEnv;
  cleanup(): void;
}

export function createOfflineCopilotHome(opts: { baseUrl: string; extraEnv?: NodeJS.ProcessEnv }): OfflineCopilotHome {
  const dir = mkdtempSync(join(tmpdir(), 'buddy-copilot-'));
  const home = join(dir, 'home');
  const copilotHome = join(home, '.copilot');
  mkdirSync(copilotHome, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    COPILOT_HOME: copilotHome,
    COPILOT_CLI_DIST_DIR: copilotDistDir(),
    COPILOT_PROVIDER_BASE_URL: opts.baseUrl,
    COPILOT_PROVIDER_TYPE: 'openai',
    COPILOT_PROVIDER_API_KEY: DUMMY_PROVIDER_KEY,
    COPILOT_MODEL: 'mock-model',
    COPILOT_OFFLINE: 'true',
    COPILOT_AUTO_UPDATE: 'false',
    TERM: 'dumb',
    ...opts.extraEnv,
  };
  return { dir, home, copilotHome, env, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export type CopilotRun = CliRun;

export async function runCopilotPrint(opts: {
  home: OfflineCopilotHome;
  cwd: string;
  prompt: string;
  timeoutMs?: number;
}): Promise<CopilotRun> {
  const bin = copilotBinary();
  if (!bin)
    throw new Error(`GitHub Copilot CLI ${COPILOT_VERSION} is not installed; run scripts/install-copilot.sh first`);
  return runCliWithDeadline(bin, ['-p', opts.prompt, '--allow-all', '--no-auto-update', '--stream', 'off'], {
    cwd: opts.cwd,
    env: opts.home.env,
    timeoutMs: opts.timeoutMs,
  });
}
