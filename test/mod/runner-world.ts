/**
 * A state root for a real `buddy-tui runner`: a private inbox and one command plugin that reacts
 * "runner saw it fail" to a failed tool call (cooldown 0), with the environment to run it in.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { isPidAlive } from '../../src/process/pid-alive.js';
import { runnerLockHolder } from '../../src/tui/runner-lock.js';
import { startTmux } from '../e2e/tmux-server.js';
import { isolatedEnv, makeTempDir } from '../support/temp-dir.js';
import { waitUntil } from '../support/wait-until.js';

export function world() {
  const base = makeTempDir();
  const state = join(base, 'state');
  mkdirSync(join(state, 'inbox'), { recursive: true, mode: 0o700 });
  const plugin = join(base, 'plugins', 'watch');
  mkdirSync(plugin, { recursive: true });
  writeFileSync(
    join(plugin, 'react.sh'),
    `#!/bin/sh\ncat >/dev/null\necho '{"reaction": "runner saw it fail", "priority": 5}'\n`,
  );
  writeFileSync(
    join(plugin, 'buddy-plugin.json'),
    JSON.stringify({
      name: 'watch',
      hooks: {
        PostToolUseFailure: [
          { hooks: [{ type: 'command', command: 'sh "${BUDDY_PLUGIN_ROOT}/react.sh"', timeout: 5 }] },
        ],
      },
      limits: { cooldownMs: 0 },
    }),
  );
  mkdirSync(join(base, 'config', 'buddy-tui'), { recursive: true });
  writeFileSync(
    join(base, 'config', 'buddy-tui', 'config.json'),
    JSON.stringify({ schemaVersion: 1, plugins: [plugin], discoverClaudeSettings: false }),
  );
  const env = isolatedEnv(base, state);
  return { state, env };
}

/**
 * world() with a Foundry folder beside the state root and a private tmux server (killed when the
 * test file ends) for the panes that view the runner. Call at the top of a test file.
 */
export function viewedRunnerWorld() {
  const { state, env: baseEnv } = world();
  const base = join(state, '..');
  const env = { ...baseEnv, BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry') };
  mkdirSync(env.BUDDY_TUI_FOUNDRY_DIR, { recursive: true, mode: 0o700 });
  const { server } = startTmux(base, { width: 110, height: 32 });
  afterAll(() => server.kill());
  return { state, base, env, server };
}

/** A JSON file's value; undefined while it is missing or not (yet) whole JSON. */
export const readJson = (file: string): Record<string, any> | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

/** Waits for `check` to hold (the project's waitUntil, for a yes/no check). */
export async function until(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  await waitUntil(check, Boolean, what, timeoutMs);
}

export const failure = (sid: string) =>
  JSON.stringify({
    session_id: sid,
    hook_event_name: 'PostToolUseFailure',
    cwd: '/w',
    tool_name: 'Bash',
    tool_input: { command: 'false' },
    tool_use_id: 't1',
    error: 'Exit code 1',
  });

/**
 * Stops the runner that holds the state root's lock (one `mod-state --ensure-runner` started,
 * detached) and waits for it to exit: left running, it writes into the root as the test file's
 * clean-up removes it (ENOTEMPTY).
 */
export async function stopRunnerOf(state: string): Promise<void> {
  const pid = runnerLockHolder(state);
  if (pid === undefined || pid === process.pid) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  await until(() => !isPidAlive(pid), `the runner ${pid} exited`);
}

/**
 * `world()` for a test file whose mod asks start detached runners (`--ensure-runner`): the worlds
 * made in a test have their runners stopped after it, before the file's clean-up removes them.
 */
export function worldsStoppedAfterEach(): () => ReturnType<typeof world> {
  const states: string[] = [];
  afterEach(async () => {
    for (const state of states.splice(0)) await stopRunnerOf(state);
  });
  return () => {
    const made = world();
    states.push(made.state);
    return made;
  };
}
