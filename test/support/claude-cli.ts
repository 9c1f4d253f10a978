/**
 * The real Claude Code CLI for tests: where scripts/install-claude-code.sh put it, and an
 * offline environment (temporary HOME, dummy key, loopback base URL) to run it against
 * the Messages API stand-in (test/support/messages-api-standin.ts).
 *
 *   const bin = claudeBinary();                       // absolute path or undefined
 *   describe.skipIf(skipWithoutClaude())(...)          // skips locally, never in CI
 *   beforeAll(() => { requireClaudeBinary(); })        // throws in CI when it is missing
 *   const home = createOfflineClaudeHome({ baseUrl: api.url, projectDirs: [cwd] });
 *   await execa(bin, ['-p', ...], { env: home.env, extendEnv: false, cwd });
 *   home.writeSettings({ hooks: {...} });  home.cleanup();
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLAUDE_CODE_VERSION = '2.1.332';
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const INSTALL_COMMAND = 'scripts/install-claude-code.sh';
/** A dummy key in the real key's shape; the stand-in accepts anything. */
export const DUMMY_API_KEY = 'sk-ant-api03-buddytui-standin-key-000000000000000000000000000000000000-TESTAA';

/**
 * Absolute path of the installed native CLI, or undefined. `BUDDY_TUI_TEST_CLAUDE` overrides.
 * The npm placeholder (a 500-byte shell script left when the postinstall did not run) does not count.
 */
export function claudeBinary(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidate = env.BUDDY_TUI_TEST_CLAUDE
    ? resolve(env.BUDDY_TUI_TEST_CLAUDE)
    : join(REPO_ROOT, '.cache', 'claude-code', 'node_modules', '@anthropic-ai', 'claude-code', 'bin', 'claude.exe');
  try {
    return existsSync(candidate) && statSync(candidate).size > 1_000_000 ? candidate : undefined;
  } catch {
    return undefined;
  }
}

/** True when tests needing the CLI should be skipped: only outside CI, and only when it is missing. */
export function skipWithoutClaude(env: NodeJS.ProcessEnv = process.env): boolean {
  return !claudeBinary(env) && !env.CI;
}

/** The binary, or an error that fails the test (in CI a missing CLI is a failure, not a skip). */
export function requireClaudeBinary(env: NodeJS.ProcessEnv = process.env): string {
  const binary = claudeBinary(env);
  if (!binary) {
    throw new Error(`Claude Code CLI ${CLAUDE_CODE_VERSION} is not installed; run ${INSTALL_COMMAND} first`);
  }
  return binary;
}

export interface OfflineEnvOptions {
  home: string;
  baseUrl: string;
  apiKey?: string;
  /** Added last (e.g. BUDDY_TUI_STATE_DIR, CLAUDE_CODE_MAX_OUTPUT_TOKENS). */
  extra?: NodeJS.ProcessEnv;
}

/**
 * A complete environment (use with `extendEnv: false`): nothing from the developer's own
 * environment leaks in, so a real login or key can never be used by a test.
 */
export function offlineClaudeEnv({
  home,
  baseUrl,
  apiKey = DUMMY_API_KEY,
  extra = {},
}: OfflineEnvOptions): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    USER: process.env.USER ?? 'test',
    LANG: 'C.UTF-8',
    TERM: process.env.TERM ?? 'xterm-256color',
    TMPDIR: process.env.TMPDIR ?? tmpdir(),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    ANTHROPIC_API_KEY: apiKey,
    ANTHROPIC_BASE_URL: baseUrl,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    ...extra,
  };
}

/**
 * `~/.claude.json` for interactive use: onboarding done, the project dirs trusted and the
 * dummy key approved (without that approval the CLI answers "Not logged in").
 */
export function claudeJsonFor(apiKey: string = DUMMY_API_KEY, projectDirs: string[] = []): Record<string, unknown> {
  return {
    hasCompletedOnboarding: true,
    numStartups: 1,
    projects: Object.fromEntries(projectDirs.map((dir) => [dir, { hasTrustDialogAccepted: true, allowedTools: [] }])),
    customApiKeyResponses: { approved: [apiKey.slice(-20)], rejected: [] },
  };
}

export interface OfflineClaudeHome {
  home: string;
  env: NodeJS.ProcessEnv;
  apiKey: string;
  /** Path of `<home>/.claude/settings.json`. */
  settingsPath: string;
  writeSettings(settings: Record<string, unknown>): void;
  cleanup(): void;
}

export interface OfflineHomeOptions {
  baseUrl: string;
  apiKey?: string;
  projectDirs?: string[];
  settings?: Record<string, unknown>;
  extraEnv?: NodeJS.ProcessEnv;
}

/** A temporary HOME with `.claude.json` and `.claude/settings.json`, and the env to use it. */
export function createOfflineClaudeHome(options: OfflineHomeOptions): OfflineClaudeHome {
  const apiKey = options.apiKey ?? DUMMY_API_KEY;
  const home = mkdtempSync(join(tmpdir(), 'buddy-claude-home-'));
  mkdirSync(join(home, '.claude'), { recursive: true });
  writeFileSync(join(home, '.claude.json'), JSON.stringify(claudeJsonFor(apiKey, options.projectDirs ?? []), null, 2));
  const settingsPath = join(home, '.claude', 'settings.json');
  const writeSettings = (settings: Record<string, unknown>) =>
    writeFileSync(settingsPath, JSON.stringify(settings, null, 2));
  writeSettings(options.settings ?? {});
  return {
    home,
    apiKey,
    settingsPath,
    env: offlineClaudeEnv({ home, baseUrl: options.baseUrl, apiKey, extra: options.extraEnv }),
    writeSettings,
    // A CLI killed at a timeout can still be writing into .claude for seconds as it shuts down on
    // a loaded machine: retry the removal, and leave a straggler's folder in tmp rather than fail
    // the test on its cleanup (what the test asserts is already decided).
    cleanup: () => {
      try {
        rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      } catch {
        setTimeout(() => {
          try {
            rmSync(home, { recursive: true, force: true, maxRetries: 3 });
          } catch {
            // Still busy: tmp keeps it.
          }
        }, 10_000).unref();
      }
    },
  };
}
