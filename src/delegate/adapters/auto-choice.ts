/**
 * Picks the adapter: the configured one, or for `auto` the CLI of the host whose session asked
 * (copilot, qwen, gemini, pi, codex) when it is found and runs, else the user's Claude Code login when
 * the `claude` binary is found and runs, else the user's Codex login when `codex` is found and
 * runs, else the API when a key is set, else offline; with the mod bridge, a loaded buddy mod's
 * session answers before the Claude Code and later choices (adapters/session.ts).
 * `describeAutoChoice` is what `buddy-tui doctor` prints.
 */
import { execa } from 'execa';
import { expandPath } from '../../config/paths.js';
import { HOST_SPECS } from '../../hosts/host-capabilities.js';
import type { HostId } from '../../hosts/host-id.js';
import { findExecutable } from '../../process/find-executable.js';
import { DELEGATE_ADAPTERS, type DelegateSettings } from '../delegate-config.js';
import type { QuipPicker } from '../offline-quips.js';
import type { AdapterName, DelegateAdapter } from './adapter.js';
import { createAnthropicAdapter } from './anthropic.js';
import { createClaudeCliAdapter } from './claude-cli.js';
import { createCodexCliAdapter } from './codex-cli.js';
import { createCommandAdapter } from './command.js';
import { createCopilotCliAdapter } from './copilot-cli.js';
import { createGeminiCliAdapter } from './gemini-cli.js';
import { createOfflineAdapter } from './offline.js';
import { createPiCliAdapter } from './pi-cli.js';
import { createQwenCliAdapter } from './qwen-cli.js';
import { createSessionAdapter } from './session.js';
import { stateRootPath } from '../../state/state-root.js';

export interface AdapterChoice {
  adapter: AdapterName;
  /** One sentence: why this adapter. */
  reason: string;
  /** For a CLI adapter auto found (claude-cli, codex, a host's one-shot CLI): the CLI `adapter` runs. */
  cli?: FoundCli;
  /** For auto with the mod bridge: a loaded buddy mod's session answers first (adapters/session.ts). */
  viaSession?: boolean;
  /** True when this is the CLI of the host whose session asked. */
  askingHostCli?: boolean;
}

/** A CLI found on PATH (or at its `delegate.<cli>Path`) that runs: where, and its `--version`. */
export interface FoundCli {
  binary: string;
  version: string;
}

/** The binary a `delegate.<cli>Path` names (`~` and `${VAR}` expanded), else the CLI's name on PATH. */
function configuredBinary(name: string, configured: string | undefined, env: NodeJS.ProcessEnv): string {
  return configured ? expandPath(configured, env) : name;
}

/** The `delegate.<cli>Path` settings: the host specs' `cli.delegate.setting` name them. */
type PathSetting = Extract<keyof DelegateSettings, `${string}Path`>;

export type ChoiceSettings = Pick<DelegateSettings, 'adapter' | 'command' | PathSetting>;

/** `<cli> --version` (claude, codex; pi prints it on stderr), or undefined when it does not run (a broken install, a placeholder). */
export async function claudeVersion(
  binary: string,
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 10_000,
): Promise<string | undefined> {
  try {
    const result = await execa(binary, ['--version'], {
      env: { ...env, BUDDY_TUI_CHILD: '1' },
      extendEnv: false,
      reject: false,
      timeout: timeoutMs,
      stdin: 'ignore',
    });
    const match = result.exitCode === 0 ? /\d+\.\d+\.\d+/.exec(String(result.stdout) || String(result.stderr)) : null;
    return match ? match[0] : undefined;
  } catch {
    return undefined;
  }
}

const HOST_VERSION_TIMEOUT_MS = 30_000;

/** The delegate adapter of a host's one-shot CLI (its spec's `cli`), for `auto`'s preference for the host whose session asked. */
function hostCli(host: HostId): { binary: string; adapter: AdapterName; setting: PathSetting } | undefined {
  const cli = HOST_SPECS[host].cli;
  const delegate = cli?.delegate;
  if (!cli || !delegate || !(DELEGATE_ADAPTERS as readonly string[]).includes(delegate.adapter)) return undefined;
  return { binary: cli.binary, adapter: delegate.adapter as AdapterName, setting: delegate.setting as PathSetting };
}

/** The asking host's own CLI when it is found and runs; else why not, for the reason; undefined when it has none. */
async function askingHostChoice(
  host: HostId,
  settings: ChoiceSettings,
  env: NodeJS.ProcessEnv,
): Promise<AdapterChoice | string | undefined> {
  const cli = hostCli(host);
  if (!cli) return undefined;
  const spec = HOST_SPECS[host];
  const name = cli.binary;
  const label = spec.fullLabel ?? spec.label;
  const configured = settings[cli.setting];
  const wanted = configured ? expandPath(configured, env) : name;
  const binary = findExecutable(wanted, env);
  // Node CLIs (gemini, qwen) can take many seconds to start on a busy machine; this runs once per host.
  const version = binary ? await claudeVersion(binary, env, HOST_VERSION_TIMEOUT_MS) : undefined;
  if (!binary || !version)
    return `the asking session's ${label}: ${binary ? `${binary} does not run (${name} --version failed)` : `"${wanted}" is not on PATH`}`;
  const reason = `the asking session is ${label}'s; ${label} ${version} found at ${binary}: calls go through your own login`;
  return { adapter: cli.adapter, reason, cli: { binary, version }, askingHostCli: true };
}

/**
 * The adapter for a request from a session of `askingHost`: for `auto`, that host's own CLI when
 * it has one that runs (a Copilot session is answered by `copilot`), else Claude Code, Codex, the
 * API key, offline. Without a host (doctor) the order starts at Claude Code.
 */
export async function describeAutoChoice(
  settings: ChoiceSettings,
  env: NodeJS.ProcessEnv = process.env,
  askingHost?: HostId,
): Promise<AdapterChoice> {
  if (settings.adapter !== 'auto') {
    if (settings.adapter === 'session') {
      return {
        adapter: 'session',
        reason:
          'delegate.adapter is "session": the buddy mod in Claude Code answers, and the offline quips when no Claude Code with it runs',
      };
    }
    if (settings.adapter === 'command' && !settings.command) {
      return {
        adapter: 'offline',
        reason: 'delegate.adapter is "command" but delegate.command is not set; using offline quips',
      };
    }
    return { adapter: settings.adapter, reason: `delegate.adapter is "${settings.adapter}" in config.json` };
  }
  // Claude Code comes first anyway.
  const asked = askingHost && askingHost !== 'claude' ? await askingHostChoice(askingHost, settings, env) : undefined;
  if (asked && typeof asked !== 'string') return asked;
  const choice = await defaultOrderChoice(settings, env);
  return asked ? { ...choice, reason: `${asked}; ${choice.reason}` } : choice;
}

/** Today's order: Claude Code, Codex, the API key, offline. */
async function defaultOrderChoice(settings: ChoiceSettings, env: NodeJS.ProcessEnv): Promise<AdapterChoice> {
  const wanted = settings.claudePath ? expandPath(settings.claudePath, env) : 'claude';
  const binary = findExecutable(wanted, env);
  if (binary) {
    const version = await claudeVersion(binary, env);
    if (version) {
      return {
        adapter: 'claude-cli',
        reason: `Claude Code ${version} found at ${binary}: calls go through your own login`,
        cli: { binary, version },
      };
    }
  }
  const claudeProblem = binary ? `${binary} does not run (claude --version failed)` : `"${wanted}" is not on PATH`;
  const codexWanted = settings.codexPath ? expandPath(settings.codexPath, env) : 'codex';
  const codex = findExecutable(codexWanted, env);
  const codexVersion = codex ? await claudeVersion(codex, env) : undefined;
  if (codex && codexVersion) {
    return {
      adapter: 'codex',
      reason: `${claudeProblem}; Codex ${codexVersion} found at ${codex}: calls go through your own Codex login`,
      cli: { binary: codex, version: codexVersion },
    };
  }
  if (env.ANTHROPIC_API_KEY) {
    return { adapter: 'anthropic', reason: `${claudeProblem}; ANTHROPIC_API_KEY is set, so the Messages API answers` };
  }
  return {
    adapter: 'offline',
    reason: `${claudeProblem} and ANTHROPIC_API_KEY is not set; the species' offline quips answer`,
  };
}

export interface AdapterFactoryOptions {
  settings: DelegateSettings;
  picker: QuipPicker;
  env?: NodeJS.ProcessEnv;
  /** Working directory for child processes (default: the OS temp dir). */
  cwd?: string;
  /** The state root of the mod bridge: for auto, a loaded buddy mod answers first (default: none for auto). */
  bridgeRoot?: string;
  /** The host whose session asked: `auto` prefers its own CLI. */
  askingHost?: HostId;
}

export function createAdapter(choice: AdapterChoice, options: AdapterFactoryOptions): DelegateAdapter {
  const env = options.env ?? process.env;
  switch (choice.adapter) {
    case 'claude-cli': {
      const binary =
        choice.cli?.binary ?? (options.settings.claudePath ? expandPath(options.settings.claudePath, env) : 'claude');
      return createClaudeCliAdapter({ binary, env, cwd: options.cwd });
    }
    case 'codex': {
      const binary =
        choice.cli?.binary ?? (options.settings.codexPath ? expandPath(options.settings.codexPath, env) : 'codex');
      return createCodexCliAdapter({ binary, env, cwd: options.cwd });
    }
    case 'copilot':
      return createCopilotCliAdapter({
        binary: choice.cli?.binary ?? configuredBinary('copilot', options.settings.copilotPath, env),
        env,
        cwd: options.cwd,
      });
    case 'qwen':
      return createQwenCliAdapter({
        binary: choice.cli?.binary ?? configuredBinary('qwen', options.settings.qwenPath, env),
        env,
        cwd: options.cwd,
      });
    case 'gemini':
      return createGeminiCliAdapter({
        binary: choice.cli?.binary ?? configuredBinary('gemini', options.settings.geminiPath, env),
        env,
        cwd: options.cwd,
      });
    case 'pi':
      return createPiCliAdapter({
        binary: choice.cli?.binary ?? configuredBinary('pi', options.settings.piPath, env),
        env,
        cwd: options.cwd,
      });
    case 'anthropic':
      return createAnthropicAdapter({ env, defaultModel: options.settings.anthropicModel });
    case 'command':
      return createCommandAdapter({ command: options.settings.command ?? 'false', env, cwd: options.cwd });
    case 'offline':
      return createOfflineAdapter(options.picker);
    case 'session':
      return createSessionAdapter({
        root: options.bridgeRoot ?? stateRootPath(env),
        timeoutMs: options.settings.timeoutMs,
      });
  }
}

/**
 * Chooses (running `<cli> --version` for auto) and builds the adapter. For auto with a bridge
 * root, a loaded buddy mod's session answers each call first, and today's choice when no mod is
 * loaded (decided per call: the mod comes and goes with Claude Code); not when the asking host's
 * own CLI was chosen (a Copilot session's request goes to copilot, not to Claude Code's mod).
 */
export async function chooseAdapter(
  options: AdapterFactoryOptions,
): Promise<{ adapter: DelegateAdapter; choice: AdapterChoice }> {
  const choice = await describeAutoChoice(options.settings, options.env ?? process.env, options.askingHost);
  const adapter = createAdapter(choice, options);
  if (options.settings.adapter !== 'auto' || !options.bridgeRoot || choice.askingHostCli) return { adapter, choice };
  return {
    adapter: createSessionAdapter({
      root: options.bridgeRoot,
      fallback: adapter,
      timeoutMs: options.settings.timeoutMs,
    }),
    choice: {
      ...choice,
      viaSession: true,
      reason: `${choice.reason}; while the buddy mod is loaded in Claude Code, that session answers instead ($.model.complete)`,
    },
  };
}
