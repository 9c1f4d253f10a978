/**
 * One real OpenCode or Kilo session seen through buddy-tui (the in-process plugin hosts):
 * `buddy-tui install --host <id>` puts the plugin file in the host's plugins folder, then one
 * `<host> run --auto` against the Chat Completions stand-in lists the folder, runs a command the
 * config makes the host ask permission for (`--auto` answers "once"; without it `run` rejects the
 * ask and ends the turn), asks a subagent and runs a command that exits 3 (the failure the pane
 * shows last). The journal, `status --json` and the reducer are read by the tests.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  CHILD_MARKER,
  call,
  startChatCompletionsStandin,
  text,
  type ChatStandin,
} from '../support/chat-completions-standin.js';
import type { CliRun } from '../support/cli-print-run.js';
import {
  createOfflinePluginHostHome,
  runPluginHost,
  type OfflinePluginHostHome,
  type PluginHost,
} from '../support/opencode-cli.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';
import { readJournal } from './claude-session.js';

export const PROMPT = 'Check the folder, run the failing check, ask a helper.';

export interface PluginHostWorld {
  api: ChatStandin;
  home: OfflinePluginHostHome;
  project: string;
  stateDir: string;
  install: ReturnType<typeof runCli>;
  run: CliRun;
  sessionId: string;
  journal: () => Array<Record<string, any>>;
  close(): Promise<void>;
}

/** Every bash needs a description for Kilo (its tool requires one); OpenCode ignores it. */
const bash = (command: string) => call('bash', { command, description: command });

export const FAILING_BASH = bash('echo about-to-fail; exit 3');

export function sessionScript() {
  const helper = call('task', { description: 'helper', prompt: `${CHILD_MARKER}: say hi`, subagent_type: 'general' });
  return [bash('ls'), bash('touch asked.txt'), helper, FAILING_BASH, text('Done.')];
}

/** Only `touch` asks; everything else runs (Kilo would ask for any command that is not read-only). */
export const PERMISSION = { bash: { '*': 'allow', 'touch *': 'ask' } };

/** The session directories in the state root (the inbox aside). */
export function sessionDirs(stateDir: string): string[] {
  return readdirSync(stateDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'inbox')
    .map((entry) => entry.name);
}

/**
 * `withoutInbox`: the inbox install made is taken away before the run, so the plugin's first event
 * goes to the Node hook (spawned from inside the host's own runtime), which makes it again.
 */
export async function pluginHostSession(
  host: PluginHost,
  opts: { withoutInbox?: boolean } = {},
): Promise<PluginHostWorld> {
  const project = makeTempDir(`buddy-${host}-proj-`);
  const api = await startChatCompletionsStandin({ script: sessionScript() });
  const stateDir = join(makeTempDir(`buddy-${host}-state-`), 'state');
  const home = createOfflinePluginHostHome({
    host,
    baseUrl: api.baseUrl,
    permission: PERMISSION,
    extraEnv: { BUDDY_TUI_STATE_DIR: stateDir },
  });
  const install = runCli(['install', '--host', host], home.env, project);
  if (opts.withoutInbox) rmSync(join(stateDir, 'inbox'), { recursive: true, force: true });
  const run = await runPluginHost({ host, home, cwd: project, prompt: PROMPT, args: ['--auto'] });
  // A reader drains the inbox into the journals.
  runCli(['status', '--json'], home.env, project);
  const sessionId = sessionDirs(stateDir)[0] ?? '';
  return {
    api,
    home,
    project,
    stateDir,
    install,
    run,
    sessionId,
    journal: () => readJournal(stateDir, sessionId),
    close: async () => {
      await api.close();
      home.cleanup();
    },
  };
}
