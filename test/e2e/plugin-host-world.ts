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
import { CHILD_MARKER, call, text } from '../support/chat-completions-standin.js';
import type { CliRun } from '../support/cli-print-run.js';
import {
  createOfflinePluginHostHome,
  runPluginHost,
  type OfflinePluginHostHome,
  type PluginHost,
} from '../support/opencode-cli.js';
import { readJournal } from './claude-session.js';
import { startHostWorld, type HostWorld } from './host-session-world.js';

export const PROMPT = 'Check the folder, run the failing check, ask a helper.';

export interface PluginHostWorld extends HostWorld<OfflinePluginHostHome> {
  run: CliRun;
  sessionId: string;
  journal: () => Array<Record<string, any>>;
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
  const world = await startHostWorld({
    host,
    script: sessionScript(),
    // The host's config is under its own XDG_CONFIG_HOME: of buddy-tui's environment, only the state root.
    makeHome: (baseUrl, buddyEnv) =>
      createOfflinePluginHostHome({
        host,
        baseUrl,
        permission: PERMISSION,
        extraEnv: { BUDDY_TUI_STATE_DIR: buddyEnv.BUDDY_TUI_STATE_DIR },
      }),
  });
  if (opts.withoutInbox) rmSync(join(world.root, 'inbox'), { recursive: true, force: true });
  const run = await runPluginHost({ host, home: world.home, cwd: world.project, prompt: PROMPT, args: ['--auto'] });
  // A reader drains the inbox into the journals.
  world.cli(['status', '--json']);
  const sessionId = sessionDirs(world.root)[0] ?? '';
  return { ...world, run, sessionId, journal: () => readJournal(world.root, sessionId) };
}
