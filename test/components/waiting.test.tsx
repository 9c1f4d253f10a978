/**
 * "Claude needs you" in the pane, on the journal recorded from the real CLI (a Bash call waiting
 * for approval): the bubble names what Claude waits for and holds while the state does, the
 * status row says waiting instead of working, the tab of a session in the background carries a
 * badge, and the sprite is drawn alert (a species without alert frames falls back to thinking).
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { App } from '../../components/App.js';
import { BubblePart, SpritePart } from '../../components/BodyParts.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents } from '../../src/state/reducer.js';
import { createBuddyStore, type BuddyStore } from '../../src/tui/store/index.js';
import { toShownReaction } from '../../src/tui/store/bubble-queue.js';
import { toReactionText } from '../../src/text/safe-text.js';
import { sessionMood } from '../../src/display/mood.js';
import { spriteViewOf } from '../../src/tui/species-view.js';
import { renderAtSize, waitForFrame, type SizedRender } from './render-at-size.js';

const recorded: JournalEvent[] = readFileSync(new URL('../fixtures/waiting-session.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const upTo = (name: string) => recorded.slice(0, recorded.findIndex((e) => e.hook_event_name === name) + 1);
const asking = upTo('PermissionRequest');
const approved = upTo('PostToolUse');
const ASK = 'waiting for you: approve Bash `rm -rf build`';

const views: Array<{ unmount(): void }> = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

function storeWith(events: JournalEvent[], now = events[events.length - 1].ts + 5000): BuddyStore {
  const store = createBuddyStore({ now, columns: 100, rows: 30 });
  store.getState().applySessions([foldEvents(undefined, events)], now, events.length);
  return store;
}

const bubbleOf = (store: BuddyStore) => {
  const view = render(<BubblePart store={store} width={60} lines={3} />);
  views.push(view);
  return view;
};

describe('the waiting bubble', () => {
  it('names the tool and command while the call waits for approval, ahead of a queued reaction', () => {
    const store = storeWith(asking);
    const now = store.getState().now;
    store.getState().pushReaction(
      toShownReaction({
        id: 'r',
        sessionId: recorded[0].session_id,
        kind: 'reaction',
        text: toReactionText('rm, bold'),
        source: 'buddy',
        priority: 1,
        ttlMs: 10_000,
        ts: now,
      }),
      now,
    );
    const view = bubbleOf(store);
    const frame = view.lastFrame() ?? '';
    expect(frame.replace(/[│\n ]+/g, ' ')).toContain(ASK);
    expect(frame).toContain('claude code +1');
    expect(frame).not.toContain('rm, bold');
  });

  it('holds past any reaction ttl while the state holds, and is gone once the call ran', async () => {
    const store = storeWith(asking);
    const view = bubbleOf(store);
    store.getState().advance(store.getState().now + 120_000);
    expect((view.lastFrame() ?? '').replace(/[│\n ]+/g, ' ')).toContain(ASK);
    store.getState().applySessions([foldEvents(undefined, approved)], store.getState().now, 2);
    await waitForFrame(
      () => view.lastFrame() ?? '',
      (frame) => !frame.includes('waiting for you'),
    );
  });

  it('draws the command made safe: an escape sequence in it never reaches the terminal', () => {
    const hostile = asking.map((e) =>
      e.hook_event_name === 'PermissionRequest'
        ? { ...e, tool_input: { command: 'echo \u001b]0;pwned\u0007\u001b[31mred' } }
        : e,
    );
    const frame = bubbleOf(storeWith(hostile)).lastFrame() ?? '';
    expect(frame).toContain('approve Bash `echo');
    expect(frame).not.toMatch(/\u001b\]0;|\u0007/);
  });

  it('waiting for the next prompt after the turn is not an ask: no bubble', () => {
    const idle = recorded.slice(0, recorded.findIndex((e) => e.notification_type === 'idle_prompt') + 1);
    expect(bubbleOf(storeWith(idle)).lastFrame() ?? '').not.toContain('waiting for you');
  });
});

describe('the pane around it', () => {
  function showApp(store: BuddyStore): SizedRender {
    const view = renderAtSize(<App store={store} theme={{ color: false }} />, 100, 30);
    views.push(view);
    return view;
  }

  it("a user looking at another session sees this one's ask as a badge on its tab; it goes when approved", async () => {
    const t = asking[asking.length - 1].ts;
    const other = (id: string, cwd: string) =>
      foldEvents(undefined, [{ ts: t - 1000, session_id: id, hook_event_name: 'SessionStart', cwd }]);
    const store = createBuddyStore({ now: t + 1000, columns: 100, rows: 30 });
    store
      .getState()
      .applySessions([other('one', '/w/api'), other('two', '/w/web'), foldEvents(undefined, asking)], t + 1000, 3);
    store.getState().select('one');
    const view = showApp(store);
    const tabs = () => view.lastFrame().split('\n')[0];
    expect(tabs()).toMatch(/project ❗.* api .* web/);
    expect(view.lastFrame()).toMatch(/^ +api$/m);
    expect(view.lastFrame()).not.toContain('waiting for you:');
    store.getState().applySessions([foldEvents(undefined, approved)], t + 9000, 2);
    await waitForFrame(tabs, (row) => row.includes('project 💬') && !row.includes('❗'));
  });

  it('the status row says waiting (with how long), not working', () => {
    const store = storeWith(asking);
    const frame = showApp(store).lastFrame();
    expect(frame).toContain('❗ waiting for you 5s');
    expect(frame).not.toContain('working');
  });
});

describe('the alert sprite', () => {
  const cat = JSON.parse(readFileSync(new URL('../../species/cat.json', import.meta.url), 'utf8'));
  const drawn = (species: typeof cat) => {
    const store = storeWith(asking);
    store.getState().setMood(sessionMood(Object.values(store.getState().sessions)[0], store.getState().now));
    const view = render(<SpritePart store={store} sprite={spriteViewOf(species)} width={30} mode="sprite" />);
    views.push(view);
    return (view.lastFrame() ?? '').split('\n');
  };

  it('a built-in species is drawn alert: a ! above its head', () => {
    expect(drawn(cat)[0]).toMatch(/^\s+!\s*$/);
  });

  it('a species without alert frames falls back to its thinking art', () => {
    const { alert: _alert, ...frames } = cat.frames;
    const { alert: _face, ...face } = cat.face;
    expect(drawn({ ...cat, frames, face })[0]).toContain('?');
  });
});
