/**
 * `buddy-tui runner [--detach] [--idle-ms N]`: the headless runner (src/tui/start-runner.ts), for a
 * user with no pane open. `--detach` starts it in the background (its own session, no stdio) and
 * returns at once: that is how `buddy-tui mod-state --ensure-runner` starts it from the mod.
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { sanitizeText } from '../text/sanitize.js';
import { term } from '../text/terminal-text.js';
import { processIo, type CliIo } from './cli-io.js';
import { chooseStateDir, stateRootRefusal } from './state-dir-flag.js';

const HELP = term`usage: buddy-tui runner [--detach] [--idle-ms N] [--state-dir DIR]

Runs your buddy plugins with no pane: drains the inbox, writes reactions (shown by the statusLine and
the Claude Code mod) and exits after --idle-ms with no event (default 10 minutes; or BUDDY_TUI_RUNNER_IDLE_MS). Only one process
runs the plugins (runner.lock); a pane opened meanwhile shows this runner's work as a viewer.
  --state-dir DIR  the state root, as $BUDDY_TUI_STATE_DIR: a folder that is a symlink, another user's or
                   open to others (run chmod 700 DIR) is refused, never changed
`;

/** Starts `buddy-tui runner` in the background, detached from the caller; returns its pid. */
export function spawnDetachedRunner(env: NodeJS.ProcessEnv, extraArgs: string[] = []): number | undefined {
  const child = spawn(process.execPath, [process.argv[1], 'runner', ...extraArgs], {
    detached: true,
    stdio: 'ignore',
    env,
  });
  child.on('error', () => undefined);
  child.unref();
  return child.pid;
}

export async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      detach: { type: 'boolean' },
      'idle-ms': { type: 'string' },
      'state-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  // BUDDY_TUI_RUNNER_IDLE_MS: the same for a runner started by the mod (tests keep it short).
  const idleText = values['idle-ms'] ?? io.env.BUDDY_TUI_RUNNER_IDLE_MS;
  const idleMs = idleText === undefined ? undefined : Number(idleText);
  if (idleMs !== undefined && !(idleMs > 0)) {
    io.stderr(
      term`buddy-tui runner: --idle-ms (or BUDDY_TUI_RUNNER_IDLE_MS) must be a positive number of milliseconds\n`,
    );
    return 2;
  }
  // Checked here, before a detached runner could fail where no one sees it.
  const stateRoot = chooseStateDir(values['state-dir'], io.env);
  const refusal = stateRootRefusal(stateRoot);
  if (refusal) {
    io.stderr(term`buddy-tui runner: ${sanitizeText(refusal, { maxLength: 600 })}\n`);
    return 1;
  }
  if (values.detach) {
    const pass = [
      ...(values['idle-ms'] ? ['--idle-ms', values['idle-ms']] : []),
      ...(values['state-dir'] ? ['--state-dir', values['state-dir']] : []),
    ];
    const pid = spawnDetachedRunner(io.env, pass);
    io.stdout(term`${pid === undefined ? 'buddy-tui runner: could not start' : `started the runner (pid ${pid})`}\n`);
    return pid === undefined ? 1 : 0;
  }
  const { runHeadless } = await import('../tui/start-runner.js');
  const outcome = await runHeadless({ stateRoot, env: io.env, idleMs });
  if (outcome === 'held-elsewhere') io.stdout(term`buddy-tui runner: another buddy-tui runs the plugins already\n`);
  // A plugin child or a watcher still closing must not keep a finished runner alive.
  setTimeout(() => process.exit(0), 3000).unref();
  return 0;
}
