/**
 * The voice's last lines survive a runner restart (issue 46): a real headless `buddy-tui runner`
 * speaks one line through the REAL Claude Code CLI and the Messages API stand-in, and exits; the
 * next runner's request lists that line to avoid, and the same line said again is refused (the
 * quip stands). Needs `npm run build` and the CLI (skipped locally without it).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VOICE_LINES_FILE } from '../../src/state/voice-lines.js';
import { createOfflineClaudeHome, skipWithoutClaude } from '../support/claude-cli.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { startMessagesApiStandin, text } from '../support/messages-api-standin.js';
import { makeTempDir } from '../support/temp-dir.js';
import { until } from '../mod/runner-world.js';
import { voiceRunnerEnv } from './voice-support.js';

const LINE = 'false failed with nothing to say. Relatable.';
const cleanups: Array<() => Promise<unknown> | void> = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

const failure = (sid: string, n: number) =>
  JSON.stringify({
    session_id: sid,
    hook_event_name: 'PostToolUseFailure',
    cwd: '/w',
    tool_name: 'Bash',
    tool_input: { command: 'false' },
    tool_use_id: `t${n}`,
    error: `Exit code 1\nerror: attempt ${n}`,
  });

describe.skipIf(skipWithoutClaude())("the voice's memory", () => {
  it('a line said before a runner restart is listed to avoid, and refused when said again', async () => {
    const base = makeTempDir('buddy-voice-memory-');
    const api = await startMessagesApiStandin({ other: text(LINE) });
    const home = createOfflineClaudeHome({ baseUrl: api.url });
    cleanups.push(
      () => api.close(),
      () => home.cleanup(),
    );
    const { state, env } = voiceRunnerEnv(base, home.env);
    const log = join(state, 'tui.log');
    const watching = () =>
      existsSync(log) ? readFileSync(log, 'utf8').split('headless runner: watching').length - 1 : 0;
    const runOnce = async (n: number) => {
      const runner = spawn(process.execPath, [CLI_ENTRY, 'runner', '--idle-ms', '120000'], { env, stdio: 'ignore' });
      const exited = new Promise((resolve) => runner.on('exit', resolve));
      cleanups.push(() => (runner.kill('SIGTERM'), exited));
      await until(() => watching() === n, `runner ${n} watching`);
      // Whole when it appears, as a hook's file is; a made-up pid nobody runs as.
      const name = `claude.${900_000 + n}`;
      writeFileSync(join(base, name), failure('memory-1', n));
      renameSync(join(base, name), join(state, 'inbox', name));
      // The real CLI starts under the delegate's own time-out (20 s); a loaded machine took longer
      // than this wait's default once, so it waits for that time-out and a start on top.
      await until(
        () => api.messageRequests().filter((r) => r.systemText.includes('Personality')).length === n,
        `call ${n}`,
        45_000,
      );
      await until(() => readFileSync(log, 'utf8').split('delegate: buddy').length - 1 >= 2 * n, `outcome ${n}`);
      runner.kill('SIGTERM');
      await exited;
    };

    await runOnce(1);
    expect(JSON.parse(readFileSync(join(state, VOICE_LINES_FILE), 'utf8'))).toEqual({ lines: [LINE] });
    const reactions = () => readFileSync(join(state, 'memory-1', 'reactions.jsonl'), 'utf8');
    expect(reactions().split(LINE).length - 1).toBe(1);

    await runOnce(2);
    const calls = api.messageRequests().filter((r) => r.systemText.includes('Personality'));
    expect(calls[1]!.userText).toContain(`Your last lines (say something new):\n- ${LINE}`);
    // Said again: refused, so reactions.jsonl still holds it once.
    expect(reactions().split(LINE).length - 1).toBe(1);
  }, 180_000);
});
