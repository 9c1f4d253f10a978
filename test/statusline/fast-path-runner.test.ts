/**
 * The headless runner (`buddy-tui runner`, what the Claude Code mod starts when no pane is open)
 * keeps the statusline lines as the pane does (src/tui/pane-parts.ts, startResidentLines): a
 * refresh after an event the runner drained takes the sh fast path, with no Node. The real
 * runner, the real sh command, the real dist/ (run `npm run build` first).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSpool } from '../support/spool-process.js';
import {
  BUILT_CLI as CLI,
  FALLBACK,
  FIXTURE_SESSION,
  fixturePayload,
  midTurnSandboxes,
  viaBuiltCommand as viaCommand,
} from './support.js';

const { setUp, removeAll } = midTurnSandboxes();
afterAll(removeAll);

/** A hang guard, not a timing: a loaded machine may take seconds to start the runner. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!check()) throw new Error(`never happened: ${what}`);
}

describe('the headless runner keeps the statusline lines', () => {
  it('a refresh after an event the runner drained takes the fast path', async () => {
    const made = setUp();
    const runner = spawn(process.execPath, [CLI, 'runner', '--idle-ms', '60000'], { env: made.env, stdio: 'ignore' });
    const exited = new Promise((resolve) => runner.once('exit', resolve));
    try {
      await until(() => existsSync(join(made.root, 'runner.lock')), 'the runner');
      const payload = fixturePayload(42);
      // The first refresh hands the payload over (Node answers it).
      viaCommand(made, payload);
      const event = {
        session_id: FIXTURE_SESSION,
        hook_event_name: 'PreToolUse',
        tool_name: 'WebSearch',
        tool_use_id: 'toolu_runner',
        cwd: '/w/p',
      };
      expect(await runSpool(JSON.stringify(event), made.env)).toMatchObject({ code: 0 });
      // Only the runner drains here (Node would, and it never runs: /bin/echo stands in for it).
      await until(() => viaCommand(made, payload, '/bin/echo').includes('WebSearch'), 'the fast path after the drain');
      const fast = viaCommand(made, payload, '/bin/echo');
      expect(fast).not.toContain(FALLBACK);
      expect(fast).toBe(viaCommand(made, payload));
    } finally {
      runner.kill('SIGTERM');
      await exited;
    }
  }, 90_000);
});
