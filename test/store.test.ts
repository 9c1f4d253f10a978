import { describe, expect, it } from 'vitest';
import type { Reaction } from '../src/protocol/reaction.js';
import { foldEvents } from '../src/state/reducer.js';
import type { SessionState } from '../src/state/session-state.js';
import { createBuddyStore, RECENTLY_ENDED_MS, selectSelectedSession, visibleSessions } from '../src/tui/store/index.js';
import { toReactionText, toSafeText } from '../src/text/safe-text.js';
import {
  BUBBLE_DIM_MS,
  BUBBLE_QUEUE_CAP,
  isDim,
  toShownReaction,
  type ShownReaction,
} from '../src/tui/store/bubble-queue.js';

const T0 = 1_700_000_000_000;

function session(id: string, startedAt: number, extra: Array<Record<string, unknown>> = []): SessionState {
  return foldEvents(undefined, [
    { ts: startedAt, session_id: id, hook_event_name: 'SessionStart', cwd: `/home/dev/${id}` },
    ...extra.map((event, i) => ({ ts: startedAt + i + 1, session_id: id, ...event }) as never),
  ]);
}

/** `text` as a producer gives it: made safe once (toReactionText). */
function reaction(
  id: string,
  priority: number,
  overrides: Partial<Omit<Reaction, 'text'>> & { text?: string } = {},
): ShownReaction {
  const text = toReactionText(overrides.text ?? `text ${id}`);
  return toShownReaction({
    id,
    sessionId: 's1',
    kind: 'reaction',
    source: 'test',
    priority,
    ttlMs: 10_000,
    ts: T0,
    ...overrides,
    text,
  });
}

describe('store: sessions and selection', () => {
  it('applies many sessions in one update and selects the most recently active', () => {
    const store = createBuddyStore({ now: T0 });
    let notifications = 0;
    store.subscribe(() => (notifications += 1));
    store.getState().applySessions([session('a', T0 - 5000), session('b', T0 - 1000), session('c', T0 - 3000)], T0, 3);
    expect(notifications).toBe(1);
    expect(Object.keys(store.getState().sessions).sort()).toEqual(['a', 'b', 'c']);
    expect(store.getState().selectedId).toBe('b');
    expect(store.getState().eventsApplied).toBe(3);
    expect(selectSelectedSession(store.getState())?.projectName).toBe('b');
  });

  it('follows the newest activity until the user picks a session, then keeps the pick', () => {
    const store = createBuddyStore({ now: T0 });
    store.getState().applySessions([session('a', T0 - 5000), session('b', T0 - 1000)], T0);
    store.getState().applySessions([session('a', T0 + 10)], T0 + 10);
    expect(store.getState().selectedId).toBe('a');
    store.getState().select('b');
    store.getState().applySessions([session('a', T0 + 20)], T0 + 20);
    expect(store.getState().selectedId).toBe('b');
    expect(store.getState().userSelected).toBe(true);
  });

  it('prefers a live session over an ended one, and moves on when the pick goes away', () => {
    const store = createBuddyStore({ now: T0 });
    const ended = session('old', T0 - 1000, [{ hook_event_name: 'SessionEnd', reason: 'exit' }]);
    store.getState().applySessions([session('live', T0 - 9000), ended], T0);
    expect(store.getState().selectedId).toBe('live');
    store.getState().select('old');
    store.getState().removeSessions(['old'], T0);
    expect(store.getState().selectedId).toBe('live');
    expect(store.getState().userSelected).toBe(false);
  });

  it('switches with left/right (wrapping) and by number', () => {
    const store = createBuddyStore({ now: T0 });
    store.getState().applySessions([session('a', T0 - 3000), session('b', T0 - 2000), session('c', T0 - 1000)], T0);
    expect(store.getState().selectedId).toBe('c');
    store.getState().selectRelative(1);
    expect(store.getState().selectedId).toBe('a');
    store.getState().selectRelative(-1);
    expect(store.getState().selectedId).toBe('c');
    store.getState().selectIndex(1);
    expect(store.getState().selectedId).toBe('b');
    store.getState().selectIndex(8);
    expect(store.getState().selectedId).toBe('b');
  });

  it('shows ended sessions for a while, marked, then drops them from the tabs', () => {
    const ended = session('e', T0, [{ hook_event_name: 'SessionEnd', reason: 'exit' }]);
    const sessions = { e: ended, l: session('l', T0) };
    expect(visibleSessions(sessions, T0 + 1000).map((s) => s.sessionId)).toEqual(['e', 'l']);
    expect(visibleSessions(sessions, T0 + RECENTLY_ENDED_MS + 5000).map((s) => s.sessionId)).toEqual(['l']);
  });
});

describe('store: speech bubbles', () => {
  it('shows the first reaction at once and queues the rest by priority', () => {
    const store = createBuddyStore({ now: T0 });
    const s = store.getState();
    s.pushReaction(reaction('chat', 0), T0);
    s.pushReaction(reaction('info', 1), T0);
    s.pushReaction(reaction('warn', 3), T0);
    // The warning outranks the small talk on screen and takes it over.
    expect(store.getState().bubbles.current?.reaction.id).toBe('warn');
    s.pushReaction(reaction('chat2', 0), T0 + 1);
    s.pushReaction(reaction('success', 2), T0 + 2);
    expect(store.getState().bubbles.waiting.map((b) => b.reaction.id)).toEqual(['success', 'chat2']);
    // The small talk that gave way is not replayed later.
    expect(store.getState().bubbles.dropped).toBe(2);
  });

  it('a failure outranks small talk waiting in the queue', () => {
    const store = createBuddyStore({ now: T0 });
    const s = store.getState();
    s.pushReaction(reaction('first', 4), T0);
    s.pushReaction(reaction('chat', 0), T0 + 1);
    s.pushReaction(reaction('failure', 4), T0 + 2);
    expect(store.getState().bubbles.waiting.map((b) => b.reaction.id)).toEqual(['failure', 'chat']);
  });

  it('caps the queue, dropping the least important', () => {
    const store = createBuddyStore({ now: T0 });
    const s = store.getState();
    s.pushReaction(reaction('shown', 4), T0);
    for (let i = 0; i < 20; i += 1) s.pushReaction(reaction(`r${i}`, i % 3), T0 + i);
    const { waiting, dropped } = store.getState().bubbles;
    expect(waiting).toHaveLength(BUBBLE_QUEUE_CAP);
    expect(waiting.every((b) => b.reaction.priority === 2)).toBe(true);
    expect(dropped).toBe(20 - BUBBLE_QUEUE_CAP);
  });

  it('keeps a bubble about 10 s, dims it for the last 3 s, then shows the next', () => {
    const store = createBuddyStore({ now: T0 });
    const s = store.getState();
    s.pushReaction(reaction('a', 1), T0);
    s.pushReaction(reaction('b', 1), T0 + 100);
    const bubble = store.getState().bubbles.current!;
    expect(isDim(bubble, T0 + 6_000)).toBe(false);
    expect(isDim(bubble, T0 + 10_000 - BUBBLE_DIM_MS)).toBe(true);
    s.advance(T0 + 9_999);
    expect(store.getState().bubbles.current?.reaction.id).toBe('a');
    s.advance(T0 + 10_000);
    expect(store.getState().bubbles.current?.reaction.id).toBe('b');
    expect(store.getState().bubbles.current?.shownAt).toBe(T0 + 10_000);
    s.advance(T0 + 20_000);
    expect(store.getState().bubbles.current).toBeUndefined();
  });

  it('skips queued reactions that went stale after they could have been shown', () => {
    const store = createBuddyStore({ now: T0 });
    const s = store.getState();
    s.pushReaction(reaction('thinking', 1, { kind: 'thinking' }), T0);
    s.pushReaction(reaction('next', 1, { ttlMs: 5_000 }), T0);
    s.pushReaction(reaction('old', 1, { ttlMs: 5_000 }), T0 + 1);
    // The thinking bubble held the screen until T0+60 s: both waited behind it, which is not staleness.
    s.advance(T0 + 60_000);
    expect(store.getState().bubbles.current?.reaction.id).toBe('next');
    // 'old' could have been shown from T0+60 s; it waited 'next''s 5 s, within its own ttl.
    s.advance(T0 + 65_000);
    expect(store.getState().bubbles.current?.reaction.id).toBe('old');
    expect(store.getState().bubbles.dropped).toBe(0);
  });

  it('replaces a thinking bubble by its answer (same id) without losing its place', () => {
    const store = createBuddyStore({ now: T0 });
    const s = store.getState();
    s.pushReaction(reaction('d1', 1, { kind: 'thinking', text: '…' }), T0);
    // Thinking is not dimmed or replaced by small talk while it waits.
    s.pushReaction(reaction('chat', 3), T0 + 10);
    expect(store.getState().bubbles.current?.reaction.kind).toBe('thinking');
    expect(isDim(store.getState().bubbles.current!, T0 + 20_000)).toBe(false);
    s.pushReaction(reaction('d1', 1, { kind: 'reaction', text: 'the answer', source: 'claude-haiku' }), T0 + 3000);
    const current = store.getState().bubbles.current!;
    expect(current.reaction.text).toBe('the answer');
    expect(current.reaction.source).toBe('claude-haiku');
    expect(current.shownAt).toBe(T0 + 3000);
    expect(store.getState().bubbles.waiting.map((b) => b.reaction.id)).toEqual(['chat']);
  });

  it('withdraws a thinking bubble at once when its id comes back with ttlMs 0', () => {
    const store = createBuddyStore({ now: T0 });
    const s = store.getState();
    s.pushReaction(reaction('d1', 1, { kind: 'thinking', text: '…' }), T0);
    s.pushReaction(reaction('chat', 3), T0 + 10);
    s.pushReaction(reaction('d2', 1, { kind: 'thinking', text: '…' }), T0 + 20);
    // On screen: gone in the same update (no minimum display time), the next one shows.
    s.pushReaction(reaction('d1', 1, { text: '', ttlMs: 0 }), T0 + 100);
    expect(store.getState().bubbles.current?.reaction.id).toBe('chat');
    expect(store.getState().bubbles.current?.shownAt).toBe(T0 + 100);
    // Queued: leaves the queue, never shown.
    s.pushReaction(reaction('d2', 1, { text: '', ttlMs: 0 }), T0 + 200);
    expect(store.getState().bubbles.waiting).toEqual([]);
    // An unknown id withdraws nothing and shows nothing.
    s.pushReaction(reaction('nope', 9, { text: 'x', ttlMs: 0 }), T0 + 300);
    expect(store.getState().bubbles.current?.reaction.id).toBe('chat');
    expect(store.getState().bubbles.dropped).toBe(0);
  });

  it('mute clears the bubbles and ignores new reactions until unmuted', () => {
    const store = createBuddyStore({ now: T0 });
    const s = store.getState();
    s.pushReaction(reaction('a', 1), T0);
    s.toggleMute(T0);
    expect(store.getState().muted).toBe(true);
    expect(store.getState().bubbles.current).toBeUndefined();
    s.pushReaction(reaction('b', 1), T0 + 1);
    expect(store.getState().bubbles.current).toBeUndefined();
    expect(store.getState().notice?.text).toMatch(/muted/);
    s.toggleMute(T0 + 2);
    s.pushReaction(reaction('c', 1), T0 + 3);
    expect(store.getState().bubbles.current?.reaction.id).toBe('c');
  });
});

describe('store: the rest', () => {
  it('ticks the animation, ages notices out, toggles help', () => {
    const store = createBuddyStore({ now: T0 });
    const s = store.getState();
    s.setNotice(toSafeText('hello'), T0);
    s.advance(T0 + 500);
    s.advance(T0 + 1000);
    expect(store.getState().tick).toBe(2);
    expect(store.getState().now).toBe(T0 + 1000);
    expect(store.getState().notice?.text).toBe('hello');
    s.advance(T0 + 6000);
    expect(store.getState().notice).toBeUndefined();
    s.toggleOverlay('help');
    expect(store.getState().overlay).toBe('help');
  });

  it('routes feed/pet to the services in any role, or explains why it cannot', () => {
    const store = createBuddyStore({ now: T0, role: 'viewer' });
    store.getState().setRole('viewer', 4242);
    store.getState().requestInteraction('feed', T0);
    expect(store.getState().notice?.text).toBe('no pet to feed yet (buddy-tui hatch)');
    const asked: string[] = [];
    store.getState().setInteract((what) => asked.push(what));
    store.getState().requestInteraction('pet', T0);
    expect(asked).toEqual(['pet']);
  });

  it('records the terminal size only when it changes', () => {
    const store = createBuddyStore({ now: T0, columns: 80, rows: 24 });
    let notifications = 0;
    store.subscribe(() => (notifications += 1));
    store.getState().setTerminalSize(80, 24);
    store.getState().setTerminalSize(40, 12);
    expect(notifications).toBe(1);
    expect(store.getState().columns).toBe(40);
  });
});
