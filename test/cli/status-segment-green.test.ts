// `buddy-tui status --tmux`, spawned for real on journals the real hook wrote from the recorded
// session: its Bash call failed (✗1), then Bash ran green; the ✗ goes at once instead of staying
// five minutes after the green run (issue 47). Another tool's success does not clear it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedThroughHook } from '../support/hook-process.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';
import { RECORDED } from '../support/segment-world.js';

const failedAt = RECORDED.findIndex((payload) => payload.hook_event_name === 'PostToolUseFailure');
/** The recorded call of `tool` (its PreToolUse and PostToolUse), under a new tool_use_id. */
function call(tool: string, id: string) {
  const pre = RECORDED.find((payload) => payload.hook_event_name === 'PreToolUse' && payload.tool_name === tool)!;
  const post = RECORDED.find((payload) => payload.hook_event_name === 'PostToolUse' && payload.tool_name === tool)!;
  return [pre, post].map((payload) => ({ ...payload, tool_use_id: id }));
}

async function segmentAfter(extra: Array<Record<string, unknown>>) {
  const base = makeTempDir();
  mkdirSync(join(base, 'state'), { mode: 0o700 });
  const env = {
    BUDDY_TUI_STATE_DIR: join(base, 'state'),
    XDG_STATE_HOME: join(base, 'xdg-state'),
    XDG_CONFIG_HOME: join(base, 'config'),
    HOME: base,
    BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
  };
  const events = [...RECORDED.slice(0, failedAt + 1), ...extra];
  await feedThroughHook(
    events.map((payload) => JSON.stringify({ ...payload, session_id: 'green-1' })),
    env,
  );
  const run = runCli(['status', '--tmux'], env, undefined, 30_000);
  expect(run.code).toBe(0);
  return run.stdout;
}

describe('buddy-tui status --tmux after a failure', () => {
  it('shows ✗1 until the failed tool runs green, then none', { timeout: 60_000 }, async () => {
    expect(await segmentAfter([])).toContain('✗1');
    expect(await segmentAfter(call('Read', 'read-after'))).toContain('✗1');
    expect(await segmentAfter(call('Bash', 'bash-green'))).not.toContain('✗');
  });
});
