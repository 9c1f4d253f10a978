/**
 * notify.command set without "command" in notify.channels (issue 47): the command is what the
 * user asked for, so it turns its channel on. The real pane and hook with the recorded waiting
 * session send through the stub command; doctor lists the channel as one that is sent.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyChecks } from '../../src/doctor/doctor-notify.js';
import { momentSettings } from '../../src/notify/notify-policy.js';
import { feedThroughHook } from '../support/hook-process.js';
import { waitUntil } from '../support/wait-until.js';
import { startNotifyPane, waitingEpisodes, type NotifyPane } from './notify-pane-process.js';

vi.hoisted(() => {
  process.env.CI = 'false';
});

const panes: NotifyPane[] = [];
afterEach(async () => {
  await Promise.all(panes.splice(0).map((pane) => pane.handle.close()));
});

describe('notify.command alone', () => {
  it('turns the command channel on: the moments are watched and doctor names it', () => {
    expect(momentSettings({ command: 'stub' })).toMatchObject({ waiting: true, longTurn: true, failures: true });
    expect(momentSettings({ command: 'stub', channels: [] }).waiting).toBe(true);
    expect(momentSettings({}).waiting).toBe(false);
    // Doctor's notifications section was empty (the config "valid", nothing said): now it says who sends them.
    const titles = notifyChecks({ ...process.env }, { notify: { command: 'stub' } }).map((check) => check.title);
    expect(titles[0]).toMatch(/^notifications/);
    expect(notifyChecks({ ...process.env }, { notify: {} })).toEqual([]);
  });

  it('sends a waiting episode through the command with no channels listed', { timeout: 120_000 }, async () => {
    const pane = await startNotifyPane({ command: 'stub' });
    panes.push(pane);
    await feedThroughHook(waitingEpisodes('notify-alone').ask, pane.env);
    await waitUntil(
      () => pane.stubs.commandCalls().length,
      (n) => n >= 1,
      'the command notification',
      60_000,
    );
    expect(pane.stubs.commandCalls()[0].input).toMatchObject({ sessionId: 'notify-alone' });
  });
});
