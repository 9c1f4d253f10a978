/**
 * The real Pi coding agent for tests: where scripts/install-pi.sh put it, a throw-away HOME whose
 * `~/.pi/agent/models.json` names one provider, `mock` (`openai-completions`), on the Chat
 * Completions stand-in (test/support/chat-completions-standin.ts), and settings.json making it the
 * default; `PI_OFFLINE=1` (else Pi downloads fd and ripgrep from GitHub at start) and
 * `PI_SKIP_VERSION_CHECK=1`; stdin /dev/null, its own process group (../shared/pi-0.73.1/RECIPE.md).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCliWithDeadline, type CliRun } from './cli-print-run.js';

export const PI_VERSION = '0.73.1';
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DUMMY_PI_KEY = 'sk-buddytui-pi-standin-not-a-real-key';

export function piBinary(): string | undefined {
  const bin = join(REPO_ROOT, '.cache', 'pi', 'node_modules', '.bin', 'pi');
  return existsSync(bin) ? bin : undefined;
}

/** Skipped only off CI without the install: CI installs it (.ci/run), so a missing Pi fails there. */
export function skipWithoutPi(env: NodeJS.ProcessEnv = process.env): boolean {
  return !piBinary() && !env.CI;
}

export interface OfflinePiHome {
  home: string;
  /** `~/.pi/agent`: models.json, settings.json, extensions/, sessions/. */
  agentDir: string;
  env: NodeJS.ProcessEnv;
  cleanup(): void;
}

/** The stand-in as Pi's only provider, its model the default. */
function piModels(baseUrl: string): unknown {
  return {
    providers: {
      mock: {
        baseUrl,
        api: 'openai-completions',
        apiKey: DUMMY_PI_KEY,
        compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
        models: [{ id: 'mock-model', name: 'Mock model', reasoning: false, contextWindow: 128000, maxTokens: 4096 }],
      },
    },
  };
}

export function createOfflinePiHome(opts: { baseUrl: string; extraEnv?: NodeJS.ProcessEnv }): OfflinePiHome {
  const home = mkdtempSync(join(tmpdir(), 'buddy-pi-'));
  const agentDir = join(home, '.pi', 'agent');
  mkdirSync(agentDir, { recursive: true });
  writeFileSync(join(agentDir, 'models.json'), `${JSON.stringify(piModels(opts.baseUrl), null, 2)}\n`);
  writeFileSync(
    join(agentDir, 'settings.json'),
    `${JSON.stringify({ defaultProvider: 'mock', defaultModel: 'mock-model' }, null, 2)}\n`,
  );
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    PI_OFFLINE: '1',
    PI_SKIP_VERSION_CHECK: '1',
    TERM: 'dumb',
    ...opts.extraEnv,
  };
  return { home, agentDir, env, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}

export async function runPiPrint(opts: {
  home: OfflinePiHome;
  cwd: string;
  prompt: string;
  args?: string[];
  timeoutMs?: number;
}): Promise<CliRun> {
  const bin = piBinary();
  if (!bin) throw new Error(`Pi ${PI_VERSION} is not installed; run scripts/install-pi.sh first`);
  return runCliWithDeadline(bin, ['-p', ...(opts.args ?? []), opts.prompt], {
    cwd: opts.cwd,
    env: opts.home.env,
    timeoutMs: opts.timeoutMs,
  });
}
