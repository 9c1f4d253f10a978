// Each part of the body subscribes to its own slice: a tick (the animation counter) re-renders
// the sprite and nothing else; new sessions or pet numbers reach only the parts that draw them.
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { ActivityPart, BubblePart, NeedsPart, SparkPart, SpritePart } from '../../components/BodyParts.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { toReactionText, toSafeText } from '../../src/text/safe-text.js';
import { toShownReaction } from '../../src/tui/store/bubble-queue.js';
import { DEFAULT_SPRITE } from '../../src/tui/store/default-sprite.js';
import { fixtureSession, indexOf } from './fixture-session.js';

const views: Array<{ unmount(): void }> = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

function renderCounted() {
  const { state, now } = fixtureSession(indexOf((e) => e.hook_event_name === 'SubagentStart') + 1);
  const store = createBuddyStore({ now, columns: 100, rows: 30 });
  store.getState().applySessions([state], now, state.eventCount);
  const pet = {
    name: toSafeText('Pip'),
    level: 3,
    rarity: toSafeText('rare'),
    hunger: 20,
    energy: 80,
    happiness: 90,
    xp: 40,
    xpToNext: 60,
    mood: 'working',
  };
  store.getState().setPet(pet);
  store.getState().pushReaction(
    toShownReaction({
      id: 'r',
      sessionId: state.sessionId,
      kind: 'reaction',
      text: toReactionText('nice'),
      source: 'buddy',
      priority: 1,
      ttlMs: 60_000,
      ts: now,
    }),
    now,
  );
  const renders: Record<string, number> = {};
  const count = (id: string) => {
    renders[id] = (renders[id] ?? 0) + 1;
  };
  const view = render(
    <>
      <Profiler id="bubble" onRender={count}>
        <BubblePart store={store} width={40} lines={3} />
      </Profiler>
      <Profiler id="sprite" onRender={count}>
        <SpritePart store={store} sprite={DEFAULT_SPRITE} width={40} mode="sprite" />
      </Profiler>
      <Profiler id="needs" onRender={count}>
        <NeedsPart store={store} width={40} />
      </Profiler>
      <Profiler id="activity" onRender={count}>
        <ActivityPart store={store} width={60} maxLines={8} />
      </Profiler>
      <Profiler id="spark" onRender={count}>
        <SparkPart store={store} width={60} />
      </Profiler>
    </>,
  );
  views.push(view);
  return { store, now, pet, renders, view };
}

/** Lets React commit what the store update scheduled. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('body parts', () => {
  it('a tick re-renders only the sprite', async () => {
    const { store, now, pet, renders } = renderCounted();
    await settle();
    expect(renders).toEqual({ bubble: 1, sprite: 1, needs: 1, activity: 1, spark: 1 });
    // The tick as the services send it: same time, a fresh but equal pet snapshot.
    store.getState().advance(now, { pet: { ...pet }, mood: 'working' });
    await settle();
    store.getState().advance(now, { pet: { ...pet }, mood: 'working' });
    await settle();
    expect(renders).toEqual({ bubble: 1, sprite: 3, needs: 1, activity: 1, spark: 1 });
  });

  it('the clock reaches what shows elapsed time, a pet change the bars', async () => {
    const { store, now, pet, renders } = renderCounted();
    await settle();
    store.getState().advance(now + 1000);
    await settle();
    expect(renders.activity).toBe(2);
    expect(renders.needs).toBe(1);
    store.getState().setPet({ ...pet, hunger: 30 });
    await settle();
    expect(renders.needs).toBe(2);
    expect(renders.bubble).toBe(1);
  });
});
