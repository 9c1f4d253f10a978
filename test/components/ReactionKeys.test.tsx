/** The pane's reaction keys: `r` lists the last reactions and their fate, `c` cycles the chattiness; `?` counts them. */
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { ReactionHistory } from '../../components/ReactionHistory.js';
import { render } from 'ink-testing-library';
import { toShownReaction } from '../../src/tui/store/bubble-queue.js';
import { createBuddyStore, type BuddyStore } from '../../src/tui/store/index.js';
import { toReactionText } from '../../src/text/safe-text.js';
import type { Reaction } from '../../src/protocol/reaction.js';
import { fixtureSession, indexOf } from './fixture-session.js';
import { renderAtSize, settle, waitForFrame, type SizedRender } from './render-at-size.js';

const views: SizedRender[] = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

function storeWithReactions(): { store: BuddyStore; now: number } {
  const { state, now } = fixtureSession(indexOf((e) => e.hook_event_name === 'SubagentStart') + 1);
  const store = createBuddyStore({ now, columns: 100, rows: 30 });
  store.getState().applySessions([state], now, state.eventCount);
  const base = {
    sessionId: state.sessionId,
    kind: 'reaction' as const,
    priority: 4,
    ttlMs: 10_000,
    ts: now - 5_000,
    event: 'PostToolUseFailure',
    eventId: 'e1',
  };
  const push = (r: Partial<Omit<Reaction, 'text'>> & { id: string; text: string; source: string }) =>
    store.getState().pushReaction(toShownReaction({ ...base, ...r, text: toReactionText(r.text) }), now);
  push({ id: 'q', text: 'Who DARES fail?', source: 'buddy', fallback: true });
  push({ id: 'p', text: 'build broke: see make.log', source: 'make-watch' });
  store
    .getState()
    .pushReaction(
      toShownReaction({ ...base, id: 'c', text: toReactionText('not now'), source: 'make-watch' }),
      now,
      'cooldown: make-watch spoke less than 3000 ms ago',
    );
  return { store, now };
}

function show(store: BuddyStore): SizedRender {
  const view = renderAtSize(<App store={store} theme={{ color: false }} />, 100, 30);
  views.push(view);
  return view;
}

describe('reaction keys', () => {
  it("r opens the history: the plugin's answer shown, the quip it replaced, the one its cooldown dropped; r closes it", async () => {
    const { store } = storeWithReactions();
    const view = show(store);
    await settle(20);
    expect(view.lastFrame()).toContain('build broke: see make.log');
    view.stdin.write('r');
    const frame = await waitForFrame(view.lastFrame, (f) => f.includes('reactions (3, newest first)'));
    expect(frame).toContain('make-watch · PostToolUseFailure · dropped, cooldown: make-watch spoke less than');
    expect(frame).toContain('buddy (quip) · PostToolUseFailure · shown, replaced by make-watch');
    expect(frame).toMatch(/5s ago · make-watch · PostToolUseFailure · shown\n/);
    expect(frame).toContain('Who DARES fail?');
    view.stdin.write('r');
    await waitForFrame(view.lastFrame, (f) => !f.includes('newest first'));
  });

  it('? shows the counts and the chattiness', async () => {
    const { store } = storeWithReactions();
    const view = show(store);
    await settle(20);
    view.stdin.write('?');
    await waitForFrame(view.lastFrame, (f) =>
      f.includes('reactions: 2 shown · 0 waiting · 1 dropped (1 from plugins) · normal'),
    );
  });

  it('c cycles normal → chatty → quiet → normal and says the new level', async () => {
    const { store } = storeWithReactions();
    const view = show(store);
    await settle(20);
    view.stdin.write('c');
    await waitForFrame(view.lastFrame, (f) => f.includes('chattiness: chatty'));
    expect(store.getState().chattiness).toBe('chatty');
    view.stdin.write('c');
    await waitForFrame(view.lastFrame, (f) => f.includes('chattiness: quiet'));
    view.stdin.write('c');
    await waitForFrame(view.lastFrame, (f) => f.includes('chattiness: normal'));
  });

  it('c in a viewer pane changes the level as in any pane (the runner follows the saved file)', async () => {
    const { store } = storeWithReactions();
    store.getState().setRole('viewer', 4242);
    const view = show(store);
    await settle(20);
    view.stdin.write('c');
    await waitForFrame(view.lastFrame, (f) => f.includes('chattiness: chatty'));
    expect(store.getState().chattiness).toBe('chatty');
  });

  it('the history fits its lines and says when there is nothing yet', () => {
    const empty = render(<ReactionHistory entries={[]} now={0} width={40} maxLines={5} />);
    expect(empty.lastFrame()).toContain('nothing said yet');
    const { store, now } = storeWithReactions();
    const short = render(
      <ReactionHistory entries={store.getState().bubbles.history} now={now} width={40} maxLines={3} />,
    );
    expect((short.lastFrame() ?? '').split('\n')).toHaveLength(3);
  });
});
