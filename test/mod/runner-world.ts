/**
 * A state root for a real `buddy-tui runner`: a private inbox and one command plugin that reacts
 * "runner saw it fail" to a failed tool call (cooldown 0), with the environment to run it in.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '../support/temp-dir.js';

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
  const env = {
    PATH: process.env.PATH,
    HOME: base,
    BUDDY_TUI_STATE_DIR: state,
    XDG_CONFIG_HOME: join(base, 'config'),
    XDG_STATE_HOME: join(base, 'xdg-state'),
  };
  return { state, env };
}

export async function until(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
