/**
 * The real OpenCode CLI (scripts/install-opencode.sh) and Kilo CLI (scripts/install-kilo.sh) for
 * tests: a throw-away HOME and XDG folders, a config that selects a loopback provider (the Chat
 * Completions stand-in), and `<bin> run <prompt>` with no stdin in its own process group
 * (../shared/opencode-1.18.33/RECIPE.md, ../shared/kilo-7.7.7/RECIPE.md).
 *
 * No registry: at every start the host npm-installs its plugin package into its config folder
 * unless that folder has node_modules/ and a package-lock.json that names every dependency of its
 * package.json (OpenCode's Npm.install, read from the 1.18.33 binary); those three are written
 * here, so a start never waits on the network (~60 s without them).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCliWithDeadline, type CliRun } from './cli-print-run.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export type PluginHost = 'opencode' | 'kilo';

interface HostCli {
  bin: string;
  /** The config folder's name under XDG_CONFIG_HOME, and its config file. */
  folder: string;
  configFile: string;
  /** The plugin package the host installs into its config folder. */
  pluginPackage: string;
  version: string;
  /** The host's switches for an offline, quiet run. */
  env: NodeJS.ProcessEnv;
  /** Config keys beyond the provider (Kilo fetches its gateway's models unless told the one provider). */
  config: Record<string, unknown>;
}

const HOSTS: Record<PluginHost, HostCli> = {
  opencode: {
    bin: join(REPO_ROOT, '.cache', 'opencode', 'node_modules', '.bin', 'opencode'),
    folder: 'opencode',
    configFile: 'opencode.json',
    pluginPackage: '@opencode-ai/plugin',
    version: '1.18.33',
    env: { OPENCODE_DISABLE_AUTOUPDATE: '1', OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_LSP_DOWNLOAD: '1' },
    config: {},
  },
  kilo: {
    bin: join(REPO_ROOT, '.cache', 'kilo', 'node_modules', '.bin', 'kilo'),
    folder: 'kilo',
    configFile: 'kilo.json',
    pluginPackage: '@kilocode/plugin',
    version: '7.7.7',
    env: {
      KILO_DISABLE_AUTOUPDATE: '1',
      KILO_DISABLE_MODELS_FETCH: '1',
      KILO_DISABLE_LSP_DOWNLOAD: '1',
      KILO_TELEMETRY_LEVEL: 'off',
      KILO_NO_DAEMON: '1',
      KILO_DISABLE_CODEBASE_INDEXING: '1',
      KILO_DISABLE_SESSION_INGEST: '1',
      KILO_DISABLE_PRESENCE: '1',
    },
    config: { enabled_providers: ['mock'] },
  },
};

export function pluginHostBinary(host: PluginHost): string | undefined {
  return existsSync(HOSTS[host].bin) ? HOSTS[host].bin : undefined;
}

export function skipWithoutPluginHost(host: PluginHost, env: NodeJS.ProcessEnv = process.env): boolean {
  return !pluginHostBinary(host) && !env.CI;
}

export interface OfflinePluginHostHome {
  home: string;
  /** $XDG_CONFIG_HOME/<host>: where the config, and buddy-tui's plugins/buddy-tui.js, go. */
  configDir: string;
  env: NodeJS.ProcessEnv;
  cleanup(): void;
}

/** The config folder's npm state, so the host's start-up install finds nothing to do. */
function seedPluginPackage(configDir: string, cli: HostCli): void {
  const dependencies = { [cli.pluginPackage]: cli.version };
  mkdirSync(join(configDir, 'node_modules'), { recursive: true });
  writeFileSync(join(configDir, 'package.json'), `${JSON.stringify({ dependencies })}\n`);
  writeFileSync(
    join(configDir, 'package-lock.json'),
    `${JSON.stringify({ name: cli.folder, lockfileVersion: 3, requires: true, packages: { '': { dependencies } } })}\n`,
  );
}

export function createOfflinePluginHostHome(opts: {
  host: PluginHost;
  baseUrl: string;
  /** The provider's `permission` block (Kilo asks for any command that is not read-only without one). */
  permission?: Record<string, unknown>;
  extraEnv?: NodeJS.ProcessEnv;
}): OfflinePluginHostHome {
  const cli = HOSTS[opts.host];
  const home = mkdtempSync(join(tmpdir(), `buddy-${opts.host}-`));
  const configHome = join(home, '.config');
  const configDir = join(configHome, cli.folder);
  mkdirSync(configDir, { recursive: true });
  seedPluginPackage(configDir, cli);
  const provider = {
    npm: '@ai-sdk/openai-compatible',
    name: 'Stand-in (loopback)',
    options: { baseURL: opts.baseUrl, apiKey: 'sk-buddytui-standin-not-a-real-key' },
    models: { 'mock-model': { name: 'Mock model', tool_call: true, limit: { context: 128000, output: 4096 } } },
  };
  const config = {
    provider: { mock: provider },
    model: 'mock/mock-model',
    small_model: 'mock/mock-model',
    autoupdate: false,
    share: 'disabled',
    ...cli.config,
    ...(opts.permission ? { permission: opts.permission } : {}),
  };
  writeFileSync(join(configDir, cli.configFile), `${JSON.stringify(config, null, 2)}\n`);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: configHome,
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    // Nothing may reach a registry: a start that tried would fail fast here instead of waiting on one.
    npm_config_registry: 'http://127.0.0.1:9/',
    TERM: 'dumb',
    ...cli.env,
    ...opts.extraEnv,
  };
  return { home, configDir, env, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}

export async function runPluginHost(opts: {
  host: PluginHost;
  home: OfflinePluginHostHome;
  cwd: string;
  prompt: string;
  args?: string[];
  timeoutMs?: number;
}): Promise<CliRun> {
  const bin = pluginHostBinary(opts.host);
  if (!bin) throw new Error(`${opts.host} is not installed; run scripts/install-${opts.host}.sh first`);
  return runCliWithDeadline(bin, ['run', opts.prompt, ...(opts.args ?? [])], {
    cwd: opts.cwd,
    env: opts.home.env,
    timeoutMs: opts.timeoutMs ?? 150_000,
  });
}
