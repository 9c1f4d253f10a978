/**
 * The real OpenAI Codex CLI for tests: where scripts/install-codex.sh put it, a throw-away
 * HOME / CODEX_HOME whose config.toml points at the Responses API stand-in
 * (test/support/responses-api-standin.ts), and `codex exec` run the way that works offline.
 *
 *   const bin = codexBinary();                         // absolute path or undefined
 *   describe.skipIf(skipWithoutCodex())(...)            // skips locally, never in CI
 *   const home = createOfflineCodexHome({ baseUrl: api.baseUrl, extraEnv: { BUDDY_TUI_STATE_DIR } });
 *   const run = await runCodexExec({ home, cwd, prompt: 'go' });   // { exitCode, stdout, stderr, timedOut }
 *   home.cleanup();
 *
 * Pitfalls handled here (see ../shared/codex-0.169.0/RECIPE.md):
 * - stdin is /dev/null (`stdio[0] = 'ignore'`): with a pipe `codex exec` waits on it.
 * - Under Node < 22 the npm wrapper (bin/codex.js) SPAWNS the native binary instead of exec'ing
 *   it, so killing the wrapper's pid leaves the native process running. The run is started
 *   detached (its own process group) and a timeout ends the whole group.
 * - Hook trust is NOT bypassed here: a test trusts hooks the way users do (install --trust) or
 *   passes `--dangerously-bypass-hook-trust` in `args` itself.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { killProcessGroup } from '../../src/process/kill-group.js';

export const CODEX_VERSION = '0.169.0';
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const INSTALL_COMMAND = 'scripts/install-codex.sh';
/** The env var named by the provider's `env_key`; Codex sends its value as the Bearer token. */
export const STANDIN_KEY_ENV = 'BUDDY_TUI_STANDIN_OPENAI_KEY';
export const DUMMY_API_KEY = 'sk-buddytui-standin-not-a-real-key';
/** The one bundled slug with plain tools AND apply_patch (see the stand-in's header). */
export const STANDIN_MODEL = 'gpt-5.5';

const NATIVE_BINARY = join('@openai', 'codex-linux-x64', 'vendor', 'x86_64-unknown-linux-musl', 'bin', 'codex');

/**
 * Absolute path of the installed `codex` (the npm wrapper, as users run it), or undefined.
 * `BUDDY_TUI_TEST_CODEX` overrides. On linux-x64 the native binary must be there too.
 */
export function codexBinary(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.BUDDY_TUI_TEST_CODEX)
    return existsSync(env.BUDDY_TUI_TEST_CODEX) ? resolve(env.BUDDY_TUI_TEST_CODEX) : undefined;
  const modules = join(REPO_ROOT, '.cache', 'codex', 'node_modules');
  const wrapper = join(modules, '.bin', 'codex');
  if (!existsSync(wrapper)) return undefined;
  if (process.platform === 'linux' && process.arch === 'x64' && !existsSync(join(modules, NATIVE_BINARY)))
    return undefined;
  return wrapper;
}

/** True when tests needing the CLI should be skipped: only outside CI, and only when it is missing. */
export function skipWithoutCodex(env: NodeJS.ProcessEnv = process.env): boolean {
  return !codexBinary(env) && !env.CI;
}

/** The binary, or an error that fails the test (in CI a missing CLI is a failure, not a skip). */
export function requireCodexBinary(env: NodeJS.ProcessEnv = process.env): string {
  const binary = codexBinary(env);
  if (!binary) throw new Error(`Codex CLI ${CODEX_VERSION} is not installed; run ${INSTALL_COMMAND} first`);
  return binary;
}

export interface CodexConfigOptions {
  baseUrl: string;
  model?: string;
  /** Appended verbatim (TOML), e.g. a `[features]` table of the test's own. */
  extraToml?: string;
}

/** `$CODEX_HOME/config.toml` for the stand-in: a custom provider, no retries, no approvals, no daemon. */
export function codexConfigToml({ baseUrl, model = STANDIN_MODEL, extraToml = '' }: CodexConfigOptions): string {
  return [
    `model = ${JSON.stringify(model)}`,
    'model_provider = "standin"',
    'approval_policy = "never"',
    'sandbox_mode = "danger-full-access"',
    'check_for_update_on_startup = false',
    '',
    '[model_providers.standin]',
    'name = "buddy-tui Responses API stand-in"',
    `base_url = ${JSON.stringify(baseUrl)}`,
    `env_key = ${JSON.stringify(STANDIN_KEY_ENV)}`,
    'wire_api = "responses"',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '',
    '[features]',
    // The TUI would otherwise run hooks inside a shared daemon with that daemon's environment.
    'daemon_auto_start = false',
    '',
    extraToml,
  ].join('\n');
}

export interface OfflineCodexHome {
  home: string;
  /** `<home>/.codex`. */
  codexHome: string;
  configPath: string;
  hooksPath: string;
  env: NodeJS.ProcessEnv;
  readConfig(): string;
  writeConfig(toml: string): void;
  cleanup(): void;
}

export interface OfflineCodexHomeOptions extends CodexConfigOptions {
  /** Added last (e.g. BUDDY_TUI_STATE_DIR). */
  extraEnv?: NodeJS.ProcessEnv;
}

/**
 * A temporary HOME with `.codex/config.toml`, and a complete environment for it (use with
 * `extendEnv: false`): nothing from the developer's environment leaks in, so a real login or key
 * is never used. SHELL is bash (hooks run as `$SHELL -lc "<command>"`); the login shell reads
 * only /etc/profile, since HOME is empty.
 */
export function createOfflineCodexHome(options: OfflineCodexHomeOptions): OfflineCodexHome {
  const home = mkdtempSync(join(tmpdir(), 'buddy-codex-home-'));
  const codexHome = join(home, '.codex');
  mkdirSync(codexHome, { recursive: true, mode: 0o700 });
  const configPath = join(codexHome, 'config.toml');
  writeFileSync(configPath, codexConfigToml(options));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    CODEX_HOME: codexHome,
    USER: process.env.USER ?? 'test',
    LANG: 'C.UTF-8',
    TERM: process.env.TERM ?? 'xterm-256color',
    TMPDIR: process.env.TMPDIR ?? tmpdir(),
    SHELL: existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh',
    XDG_CONFIG_HOME: join(home, '.config'),
    [STANDIN_KEY_ENV]: DUMMY_API_KEY,
    ...options.extraEnv,
  };
  return {
    home,
    codexHome,
    configPath,
    hooksPath: join(codexHome, 'hooks.json'),
    env,
    readConfig: () => readFileSync(configPath, 'utf8'),
    writeConfig: (toml) => writeFileSync(configPath, toml),
    cleanup: () => rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }),
  };
}

export interface CodexExecOptions {
  home: OfflineCodexHome;
  cwd: string;
  prompt: string;
  /** Extra arguments before the prompt (e.g. `--json`). */
  args?: string[];
  binary?: string;
  /** The whole process group is killed after this long (default 120 s). */
  timeoutMs?: number;
}

export interface CodexExecResult {
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** `codex exec --skip-git-repo-check --dangerously-bypass-approvals-and-sandbox [args] <prompt> </dev/null`. */
export async function runCodexExec({
  home,
  cwd,
  prompt,
  args = [],
  binary,
  timeoutMs = 120_000,
}: CodexExecOptions): Promise<CodexExecResult> {
  const bin = binary ?? requireCodexBinary();
  const child = execa(
    bin,
    ['exec', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', ...args, prompt],
    {
      cwd,
      env: home.env,
      extendEnv: false,
      stdin: 'ignore',
      detached: true,
      reject: false,
    },
  );
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killProcessGroup(child.pid);
  }, timeoutMs);
  try {
    const result = await child;
    return { exitCode: result.exitCode, stdout: String(result.stdout), stderr: String(result.stderr), timedOut };
  } finally {
    clearTimeout(timer);
    // A native child outliving its Node 20 wrapper (or a hook's background job) goes too.
    killProcessGroup(child.pid);
  }
}
