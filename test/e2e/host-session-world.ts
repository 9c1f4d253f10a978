/**
 * The setup every real-host session test shares (Droid, Pi, Cline, OpenCode, Kilo): a temp folder
 * holding the project and a private buddy-tui home (the state root), the Chat Completions
 * stand-in playing the script, the host's offline home pointed at it, a buddy plugin declared as a
 * Claude Code hook (when asked for), `buddy-tui install --host <id>` (its result is the test's to
 * check) and the headless runner (when asked for). close() ends what was made, and a step that
 * fails ends what came before it.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startChatCompletionsStandin, type ChatStandin, type ChatStep } from '../support/chat-completions-standin.js';
import { privateHome, runCli, startRunner, type CliRun } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';
import { waitUntil } from '../support/wait-until.js';
import { shellQuote } from './tmux-server.js';

/** A host CLI's throw-away home (test/support/<host>-cli.ts). */
export interface HostHome {
  env: NodeJS.ProcessEnv;
  cleanup(): void;
}

/** What points buddy-tui at the world's private home (privateHome). */
export type BuddyEnv = ReturnType<typeof privateHome>['env'];

export interface HostWorldOptions<H extends HostHome> {
  host: string;
  /** The stand-in's script; a function when a step names a path in the project. */
  script: ChatStep[] | ((project: string) => ChatStep[]);
  /** The host's home on the stand-in at `baseUrl`, given buddy-tui's environment (all or part of it). */
  makeHome(baseUrl: string, buddyEnv: BuddyEnv): H;
  /** The buddy plugin, as a Claude Code user declares it: a hook on `event` that writes its input to `seen`. */
  plugin?: { event: string; matcher?: string };
  /** Runs just before install: to keep what the host's own files held. */
  beforeInstall?(home: H): void;
  /** The headless runner, started after install: it drains the spooled events into the journals. */
  runner?: boolean;
}

export interface HostWorld<H extends HostHome> {
  base: string;
  project: string;
  /** The state root (BUDDY_TUI_STATE_DIR). */
  root: string;
  api: ChatStandin;
  home: H;
  /** Where the plugin writes its input. */
  seen: string;
  install: CliRun;
  /** `buddy-tui <args>` on the home's environment, in the project. */
  cli(args: string[]): CliRun;
  /** The input the plugin was given, once it has written all of it. */
  pluginInput(waitingFor: string): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

function declarePlugin(buddyEnv: BuddyEnv, seen: string, plugin: { event: string; matcher?: string }): void {
  const dir = join(buddyEnv.XDG_CONFIG_HOME, 'buddy-tui');
  mkdirSync(dir, { recursive: true });
  const rule = {
    ...(plugin.matcher ? { matcher: plugin.matcher } : {}),
    hooks: [{ type: 'command', command: `cat > ${shellQuote(seen)}` }],
  };
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ hooks: { [plugin.event]: [rule] } }));
}

const scriptFor = (script: HostWorldOptions<HostHome>['script'], project: string) =>
  typeof script === 'function' ? script(project) : script;

export async function startHostWorld<H extends HostHome>(opts: HostWorldOptions<H>): Promise<HostWorld<H>> {
  const base = makeTempDir(`buddy-${opts.host}-e2e-`);
  const project = join(base, 'project');
  mkdirSync(project);
  const { root, env: buddyEnv } = privateHome(base);
  const seen = join(base, 'plugin-seen.json');
  const made: { api?: ChatStandin; home?: H; runner?: ChildProcess } = {};
  const close = async () => {
    made.runner?.kill('SIGTERM');
    await made.api?.close();
    made.home?.cleanup();
  };
  try {
    const api = (made.api = await startChatCompletionsStandin({ script: scriptFor(opts.script, project) }));
    const home = (made.home = opts.makeHome(api.baseUrl, buddyEnv));
    if (opts.plugin) declarePlugin(buddyEnv, seen, opts.plugin);
    opts.beforeInstall?.(home);
    const cli = (args: string[]) => runCli(args, home.env, project);
    const install = cli(['install', '--host', opts.host]);
    if (opts.runner) made.runner = await startRunner(home.env, root);
    const pluginInput = async (waitingFor: string) =>
      JSON.parse(
        await waitUntil(
          () => (existsSync(seen) ? readFileSync(seen, 'utf8') : ''),
          (body) => body.trimEnd().endsWith('}'),
          waitingFor,
          90_000,
        ),
      );
    return { base, project, root, api, home, seen, install, cli, pluginInput, close };
  } catch (error) {
    await close();
    throw error;
  }
}
