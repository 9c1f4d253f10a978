/**
 * Sessions of the same project told apart in the tabs (issue 47: five tabs all named `proj`):
 * each such tab carries the start of its session id, long enough to differ; a project open once
 * keeps its bare name.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { foldEvents } from '../../src/state/reducer.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { T0 } from './fixture-session.js';
import { renderAtSize, settle, type SizedRender } from './render-at-size.js';

const views: SizedRender[] = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

const started = (sessionId: string, cwd: string, at: number) =>
  foldEvents(undefined, [{ ts: at, session_id: sessionId, hook_event_name: 'SessionStart', cwd }]);

describe('session tabs of one project', () => {
  it('carry the start of each session id; a project open once keeps its bare name', async () => {
    const now = T0 + 10_000;
    const store = createBuddyStore({ now, columns: 160, rows: 30 });
    store
      .getState()
      .applySessions(
        [
          started('0a1b2c3d-1111', '/w/proj', T0 + 1),
          started('7f00aa11-2222', '/w/proj', T0 + 2),
          started('7f00bb22-3333', '/w/proj', T0 + 3),
          started('55aa66bb-4444', '/w/api', T0 + 4),
        ],
        now,
        5,
      );
    const view = renderAtSize(<App store={store} theme={{ color: false }} />, 160, 30);
    views.push(view);
    await settle(20);
    const tabs = view.lastFrame().split('\n')[0]!;
    // 7f00aa11 and 7f00bb22 share their first four characters: the tag grows until they differ.
    for (const tab of ['proj #0a1b2', 'proj #7f00a', 'proj #7f00b']) expect(tabs).toContain(tab);
    expect(tabs).toMatch(/\bapi\b(?! #)/);
  });
});
