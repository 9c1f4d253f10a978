/**
 * Each session shows its host: a badge on its tab and in its activity, drawn from the sessions
 * the real translators journaled (a real Codex 0.169.0 run beside the recorded Claude Code one).
 * A pane of Claude Code sessions only shows no badge (it would tell nothing).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { App } from '../../components/App.js';
import { ActivityPanel } from '../../components/ActivityPanel.js';
import { SessionTabs } from '../../components/SessionTabs.js';
import { normalizeHostEvent } from '../../src/hosts/host-translator.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents } from '../../src/state/reducer.js';
import { toSafeSession } from '../../src/state/safe-session.js';
import type { SessionState } from '../../src/state/session-state.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { toSafeText } from '../../src/text/safe-text.js';
import { payloadsWithRollout } from '../support/codex-fixtures.js';
import { fixtureEvents, indexOf } from './fixture-session.js';
import { renderAtSize, settle, waitForFrame, type SizedRender } from './render-at-size.js';

const views: SizedRender[] = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

/** The Codex code-mode run through the Codex translator, ending on the failed `exit 3`. */
function codexSession(ts0: number): SessionState {
  const { payloads } = payloadsWithRollout('exec-codemode', 'at-last-post');
  const events = payloads.map((p, i) => ({ ...normalizeHostEvent('codex', p), ts: ts0 + i * 1000 }) as JournalEvent);
  return foldEvents(undefined, events);
}

/** The recorded Claude Code session through the Claude translator, cut while a tool runs. */
function claudeSession(): SessionState {
  const events = fixtureEvents().slice(0, indexOf((e) => e.hook_event_name === 'PreToolUse') + 1);
  return foldEvents(
    undefined,
    events.map((e) => ({ ...normalizeHostEvent('claude', e), ts: e.ts }) as JournalEvent),
  );
}

describe('the host badge', () => {
  it('sits after the label on a tab that has a host', () => {
    const tabs = [
      { id: 'a', label: toSafeText('api'), ended: false, busy: true, host: toSafeText('claude') },
      { id: 'b', label: toSafeText('project'), ended: false, busy: false, host: toSafeText('codex') },
    ];
    expect(render(<SessionTabs tabs={tabs} selectedId="b" width={80} />).lastFrame()).toBe(
      ' 1 api [claude] 💬   2 project [codex]',
    );
  });

  it('sits after the project in the activity, with the Codex failure and its exit code', () => {
    const state = codexSession(1_700_000_000_000);
    const frame =
      render(
        <ActivityPanel session={toSafeSession(state)} now={state.lastEventAt!} width={70} maxLines={6} showHost />,
      ).lastFrame() ?? '';
    expect(frame.split('\n')[0]).toBe('project [codex] · gpt-6.1-sol');
    expect(frame).toContain('✗ Bash 0s ago: Exit code 3');
    expect(frame).toContain('tools Bash×2 apply_patch');
    const hidden =
      render(
        <ActivityPanel session={toSafeSession(state)} now={state.lastEventAt!} width={70} maxLines={6} />,
      ).lastFrame() ?? '';
    expect(hidden.split('\n')[0]).toBe('project · gpt-6.1-sol');
  });

  it('shows on every tab and in the activity when a Codex session is beside a Claude Code one, and not for Claude Code alone', async () => {
    const claude = claudeSession();
    const mixed = createBuddyStore({ now: claude.lastEventAt!, columns: 70, rows: 24 });
    const codex = { ...codexSession(claude.lastEventAt! - 10_000), sessionId: 'codex-1' };
    mixed.getState().applySessions([claude, codex], claude.lastEventAt!, 2);
    const view = renderAtSize(<App store={mixed} theme={{ color: false }} />, 70, 24);
    views.push(view);
    const frame = await waitForFrame(view.lastFrame, (text) => text.includes('[codex]'));
    const tabRow = frame.split('\n').find((row) => row.includes(' 1 ')) ?? '';
    expect(tabRow).toMatch(/1 project \[codex\] +2 project \[claude\] 💬/);
    // The activity of the selected session (the Claude Code one, most recent) names its host too.
    expect(frame.split('\n')).toContain('project [claude]');

    const alone = createBuddyStore({ now: claude.lastEventAt!, columns: 70, rows: 24 });
    alone.getState().applySessions([claude], claude.lastEventAt!, 1);
    const plain = renderAtSize(<App store={alone} theme={{ color: false }} />, 70, 24);
    views.push(plain);
    await settle(20);
    expect(plain.lastFrame()).toContain('project');
    expect(plain.lastFrame()).not.toContain('[claude]');
  });
});
