import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPluginRunner } from '../../src/plugins/plugin-runner.js';
import { REACTION_PRIORITY } from '../../src/protocol/reaction.js';
import { makeTempDir } from '../support/temp-dir.js';
import { bashEvent, collector, command, handlers, processGone, script, waitFor } from './plugin-fixtures.js';
import { useAnswers } from './plugin-runner-support.js';

const { runnerWith, answerOf } = useAnswers();

describe('exit codes and signals', () => {
  it('exit 2: stderr becomes a warning reaction', async () => {
    const out = await answerOf('echo "ignored stdout"; echo "Force push on main?!" >&2; exit 2');
    expect(out.reactions).toMatchObject([
      { kind: 'warning', text: 'Force push on main?!', priority: REACTION_PRIORITY.warning, source: 'probe' },
    ]);
    expect(out.warnings).toEqual([]);
  });

  it('exit 1: a logged warning with the first stderr line, nothing shown', async () => {
    const out = await answerOf('echo "shown?"; echo "boom" >&2; echo "more" >&2; exit 1');
    expect(out.reactions).toEqual([]);
    expect(out.warnings).toMatchObject([{ message: 'exited with code 1: boom' }]);
  });

  it('a missing command is exit 127, logged', async () => {
    const out = await answerOf('definitely-not-a-command-xyz');
    expect(out.warnings).toMatchObject([{ message: expect.stringMatching(/exited with code 127/) }]);
  });

  it('killed by a signal: logged', async () => {
    const out = await answerOf('kill -TERM $$; sleep 5');
    expect(out.reactions).toEqual([]);
    expect(out.warnings).toMatchObject([{ message: 'killed by SIGTERM' }]);
  });

  it('a hanging plugin is killed at its timeout together with its children', async () => {
    const dir = makeTempDir();
    const cmd = script(dir, 'hang', `sleep 300 &\necho $! > '${dir}/child.pid'\necho $$ > '${dir}/self.pid'\nwait`);
    const out = collector();
    const runner = runnerWith({ handlers: handlers({ handler: command(cmd, { timeout: 3 }) }), ...out.callbacks });
    await runner.handleEvent(bashEvent('ls'));
    expect(out.warnings).toMatchObject([
      { message: expect.stringMatching(/timed out after 3s; its process group was killed/) },
    ]);
    expect(out.reactions).toEqual([]);
    const child = Number(readFileSync(join(dir, 'child.pid'), 'utf8'));
    const self = Number(readFileSync(join(dir, 'self.pid'), 'utf8'));
    expect(child).toBeGreaterThan(0);
    expect(await waitFor(() => processGone(child) && processGone(self))).toBe(true);
  });

  it('an aborted signal closes it as close() does: the run in flight killed (children included), new events ignored', async () => {
    const dir = makeTempDir();
    const cmd = script(dir, 'slow-signal', `sleep 300 &\necho $! > "${dir}/child-$$.pid"\nwait`);
    const out = collector();
    const controller = new AbortController();
    const runner = createPluginRunner({
      shell: '/bin/sh',
      signal: controller.signal,
      handlers: handlers({ handler: command(cmd, { timeout: 60 }) }),
      ...out.callbacks,
    });
    const first = runner.handleEvent(bashEvent('ls'));
    const pidFile = () => readdirSync(dir).find((f) => f.startsWith('child-'));
    expect(await waitFor(() => pidFile() !== undefined)).toBe(true);
    controller.abort();
    await first;
    const child = Number(readFileSync(join(dir, pidFile()!), 'utf8'));
    expect(await waitFor(() => processGone(child))).toBe(true);
    await runner.handleEvent(bashEvent('ls'));
    expect(runner.stats().runs).toBe(1);
    expect([out.reactions, out.warnings]).toEqual([[], []]);
  });

  it('close() kills runs in flight (children included) and drops queued ones', async () => {
    const dir = makeTempDir();
    const cmd = script(dir, 'slow', `sleep 300 &\necho $! > "${dir}/child-$$.pid"\nwait`);
    const out = collector();
    const runner = createPluginRunner({
      shell: '/bin/sh',
      limits: { maxConcurrent: 1 },
      handlers: handlers({ handler: command(cmd, { timeout: 60 }) }),
      ...out.callbacks,
    });
    const first = runner.handleEvent(bashEvent('ls'));
    const second = runner.handleEvent(bashEvent('ls'));
    const pidFile = () => readdirSync(dir).find((f) => f.startsWith('child-'));
    expect(await waitFor(() => pidFile() !== undefined)).toBe(true);
    expect(runner.stats()).toMatchObject({ inFlight: 1, waiting: 1 });
    await runner.close();
    await Promise.all([first, second]);
    const child = Number(readFileSync(join(dir, pidFile()!), 'utf8'));
    expect(await waitFor(() => processGone(child))).toBe(true);
    expect(runner.stats().runs).toBe(1);
    expect([out.reactions, out.warnings]).toEqual([[], []]);
    // A closed runner ignores new events.
    await runner.handleEvent(bashEvent('ls'));
    expect(runner.stats().runs).toBe(1);
  });
});

describe('scheduling', () => {
  it('one slow plugin never delays the others', async () => {
    const dir = makeTempDir();
    const release = join(dir, 'release');
    const slow = script(dir, 'slow', `while [ ! -e '${release}' ]; do sleep 0.05; done\necho slow done`);
    const out = collector((reaction) => {
      // The fast plugin answered while the slow one still waits: let it go.
      if (reaction.text === 'fast') writeFileSync(release, '');
    });
    const runner = runnerWith({
      handlers: handlers(
        { handler: command(slow, { name: 'slow', timeout: 30 }) },
        { handler: command('echo fast', { name: 'fast' }) },
      ),
      ...out.callbacks,
    });
    await runner.handleEvent(bashEvent('ls'));
    expect(out.reactions.map((r) => r.text)).toEqual(['fast', 'slow done']);
    expect(existsSync(release)).toBe(true);
  });

  it('applies a per-plugin cooldown to what reaches the bubble', async () => {
    let clock = 0;
    const out = collector();
    const runner = runnerWith({
      now: () => clock,
      limits: { cooldownMs: 5000 },
      handlers: handlers(
        { handler: command('echo chatty'), origin: { plugin: 'chatty' } },
        { handler: command('echo quiet'), origin: { plugin: 'quiet', limits: { cooldownMs: 0 } } },
      ),
      ...out.callbacks,
    });
    for (const at of [0, 1000, 4999, 5000, 9000, 10_001]) {
      clock = at;
      await runner.handleEvent(bashEvent('ls'));
    }
    expect(out.reactions.filter((r) => r.source === 'chatty').map((r) => r.ts)).toEqual([0, 5000, 10_001]);
    expect(out.reactions.filter((r) => r.source === 'quiet')).toHaveLength(6);
    expect(runner.stats().droppedByCooldown).toBe(3);
  });

  it('only runs the plugins whose matcher and if match', async () => {
    const out = collector();
    const runner = runnerWith({
      handlers: handlers(
        { matcher: 'Bash', if: 'Bash(git *)', handler: command('echo git-only') },
        { matcher: 'Edit|Write', handler: command('echo edits') },
        { event: 'Stop', handler: command('echo stop') },
        { handler: command('echo everything') },
      ),
      ...out.callbacks,
    });
    await runner.handleEvent(bashEvent('git status'));
    await runner.handleEvent(bashEvent('ls'));
    await runner.handleEvent(bashEvent('x', { tool_name: 'Write', tool_input: { file_path: '/tmp/a' } }));
    await runner.handleEvent({ ts: 2, session_id: 'sess-1', hook_event_name: 'Stop' });
    expect(out.reactions.map((r) => r.text).sort()).toEqual([
      'edits',
      'everything',
      'everything',
      'everything',
      'git-only',
      'stop',
    ]);
  });
});
