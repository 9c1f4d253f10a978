/**
 * The real pane sending through a stub `notify-send` and a stub notify.command on PATH, fed by the
 * real hook with the recorded Claude Code 2.1.332 waiting session: exactly one call of each per
 * waiting episode (the reminder, the approval and the end of the turn add none; a second ask is a
 * new episode), the notification as JSON on the command's stdin, no credential in either's
 * environment; none while muted (m) or in quiet hours.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { feedThroughHook } from '../support/hook-process.js';
import { runSpool } from '../support/spool-process.js';
import { waitUntil } from '../support/wait-until.js';
import { waitForFrame } from '../components/render-at-size.js';
import { startNotifyPane, waitingEpisodes, type NotifyPane } from './notify-pane-process.js';

vi.hoisted(() => {
  process.env.CI = 'false';
});

const panes: NotifyPane[] = [];
afterEach(async () => {
  await Promise.all(panes.splice(0).map((pane) => pane.handle.close()));
});

const start = async (...args: Parameters<typeof startNotifyPane>) => {
  const pane = await startNotifyPane(...args);
  panes.push(pane);
  return pane;
};

describe('notify-send and notify.command, fed by the real hook', () => {
  it('one call of each per waiting episode, with the notification as JSON and no credentials', {
    timeout: 120_000,
  }, async () => {
    const pane = await start(
      { channels: ['notify-send', 'command'], command: 'stub' },
      { env: { ANTHROPIC_API_KEY: 'sk-secret', GITHUB_TOKEN: 'ghp_secret' } },
    );
    const episodes = waitingEpisodes('notify-one');
    await feedThroughHook(episodes.ask, pane.env);
    await waitUntil(
      () => pane.stubs.commandCalls().length + pane.stubs.notifySendCalls().length,
      (n) => n >= 2,
      'the first notification',
      60_000,
    );
    // The reminder (permission_prompt), the approval and the end of the turn are the same episode.
    await feedThroughHook([...episodes.reminder, ...episodes.rest], pane.env);
    await waitForFrame(pane.frame, (text) => !text.includes('waiting for you'), 30_000);
    // The pane has the turn's end: any notification for it has started; wait until it went out.
    await pane.handle.notifier.idle();
    expect(pane.stubs.notifySendCalls()).toHaveLength(1);
    expect(pane.stubs.commandCalls()).toHaveLength(1);
    // A second ask is a new episode.
    await feedThroughHook(episodes.askAgain, pane.env);
    await waitUntil(
      () => pane.stubs.commandCalls().length + pane.stubs.notifySendCalls().length,
      (n) => n >= 4,
      'the second notification',
      60_000,
    );

    const [send] = pane.stubs.notifySendCalls();
    expect(send.args).toEqual([
      '--app-name=buddy-tui',
      '--urgency=critical',
      '--',
      'Claude needs you (project)',
      'approve Bash `rm -rf build`',
    ]);
    const [command] = pane.stubs.commandCalls();
    expect(command.input).toMatchObject({
      kind: 'waiting',
      title: 'Claude needs you (project)',
      body: 'approve Bash `rm -rf build`',
      sessionId: 'notify-one',
      host: 'claude',
      project: 'project',
    });
    for (const call of [send, command]) {
      expect(call.env).not.toContain('ANTHROPIC_API_KEY');
      expect(call.env).not.toContain('GITHUB_TOKEN');
      expect(call.env).toContain('PATH');
    }
    expect(pane.stubs.notifySendCalls()).toHaveLength(2);
    expect(pane.stubs.commandCalls()).toHaveLength(2);
  });

  it('quiet hours (the clock injected) and m (muted) hold them back; the next episode outside goes out', {
    timeout: 120_000,
  }, async () => {
    let minutes = 23 * 60 + 30;
    const pane = await start(
      { channels: ['command'], command: 'stub', quietHours: { from: '22:00', to: '07:00' } },
      { minutesOfDay: () => minutes },
    );
    const quiet = waitingEpisodes('notify-quiet');
    await feedThroughHook([...quiet.ask], pane.env);
    await waitForFrame(pane.frame, (text) => text.includes('waiting for you: approve Bash'), 60_000);
    await feedThroughHook([...quiet.reminder, ...quiet.rest], pane.env);
    await waitForFrame(pane.frame, (text) => !text.includes('waiting for you'), 30_000);
    expect(pane.stubs.commandCalls()).toHaveLength(0);

    await pane.handle.notifier.idle();
    expect(pane.stubs.commandCalls()).toHaveLength(0);

    minutes = 7 * 60; // 07:00: quiet hours are over, but m mutes
    pane.handle.store.getState().toggleMute(Date.now());
    await feedThroughHook(quiet.askAgain, pane.env);
    await waitForFrame(pane.frame, (text) => text.includes('❗'), 60_000);
    await pane.handle.notifier.idle();
    expect(pane.stubs.commandCalls()).toHaveLength(0);

    pane.handle.store.getState().toggleMute(Date.now());
    await feedThroughHook(waitingEpisodes('notify-quiet-2').ask, pane.env);
    await waitUntil(
      () => pane.stubs.commandCalls().length,
      (n) => n >= 1,
      'the notification after quiet hours',
      60_000,
    );
    await pane.handle.notifier.idle();
    expect(pane.stubs.commandCalls().map((call) => call.input?.sessionId)).toEqual(['notify-quiet-2']);
  });

  it('a Codex permission prompt spooled by the sh hook (the installed path): one call, as "Codex needs you"', {
    timeout: 120_000,
  }, async () => {
    const pane = await start({ channels: ['command'], command: 'stub' });
    const codex = readFileSync(new URL('../fixtures/codex/shared-capture.hooks.jsonl', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line).payload as Record<string, unknown>);
    const asSession = (payload: Record<string, unknown>) => JSON.stringify({ ...payload, session_id: 'codex-spooled' });
    const start0 = codex.find((payload) => payload.hook_event_name === 'SessionStart')!;
    const ask = codex.find((payload) => payload.hook_event_name === 'PermissionRequest')!;
    for (const payload of [start0, ask]) expect((await runSpool(asSession(payload), pane.env, 'codex')).code).toBe(0);
    await waitUntil(
      () => pane.stubs.commandCalls().length,
      (n) => n >= 1,
      'the Codex notification',
      60_000,
    );
    await pane.handle.notifier.idle();
    expect(pane.stubs.commandCalls().map((call) => call.input)).toEqual([
      expect.objectContaining({
        kind: 'waiting',
        title: 'Codex needs you (project)',
        body: 'approve Bash `touch escalated.txt`',
        host: 'codex',
      }),
    ]);
  });
});
