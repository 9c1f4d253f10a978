/**
 * The reaction follower on a real reactions.jsonl: a viewer shows what the runner wrote after it
 * started as bubbles (a plugin's notice in the footer, its own lines skipped), and what was said
 * before as history only; the runner only recalls the past; a FIFO in the file's place is passed by.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Reaction } from '../../../src/protocol/reaction.js';
import { appendReaction } from '../../../src/state/reactions-log.js';
import { createReactionFollower } from '../../../src/tui/services/reaction-follower.js';
import { createBuddyStore } from '../../../src/tui/store/index.js';
import { toReactionText } from '../../../src/text/safe-text.js';
import { makeTempDir } from '../../support/temp-dir.js';

const T0 = 1_800_000_000_000;

const reaction = (id: string, text: string, ts: number, kind: Reaction['kind'] = 'reaction'): Reaction => ({
  id,
  sessionId: 's1',
  kind,
  text: toReactionText(text),
  source: 'watch',
  priority: 5,
  ttlMs: 8_000,
  ts,
});

function followerOn(role: 'runner' | 'viewer') {
  const root = makeTempDir('buddy-follower-');
  appendReaction(root, reaction('past-1', 'said before the pane', T0 - 60_000));
  const store = createBuddyStore({ now: T0, role });
  const reports: unknown[] = [];
  const follower = createReactionFollower({
    root,
    store,
    clock: () => T0,
    isOwn: (r) => r.id === 'own-1',
    report: (entry) => reports.push(entry),
  });
  return { root, store, follower, reports };
}

describe('reaction follower', () => {
  it('as a viewer: the past goes to the history, what comes after to the bubble and the footer', () => {
    const { root, store, follower } = followerOn('viewer');
    follower.changed('s1');
    const history = () => store.getState().bubbles.history.map((e) => [e.text, e.status]);
    expect(history()).toEqual([['said before the pane', 'shown']]);
    expect(store.getState().bubbles.current).toBeUndefined();

    appendReaction(root, reaction('new-1', 'the runner said this', T0 + 1));
    appendReaction(root, reaction('own-1', 'this pane said this', T0 + 2));
    appendReaction(root, reaction('warn-1', 'plugin hiccup', T0 + 3, 'notice'));
    follower.changed('s1');
    expect(store.getState().bubbles.current?.reaction.text).toBe('the runner said this');
    expect(history().map(([text]) => text)).not.toContain('this pane said this');
    expect(store.getState().notice?.text).toBe('watch: plugin hiccup');

    // Read from where it stopped: nothing twice.
    follower.changed('s1');
    expect(store.getState().bubbles.history).toHaveLength(2);
  });

  it('as the runner: recalls the past once and leaves what it says later to its own sink', () => {
    const { root, store, follower } = followerOn('runner');
    follower.changed('s1');
    appendReaction(root, reaction('new-1', 'the runner said this', T0 + 1));
    follower.changed('s1');
    expect(store.getState().bubbles.history.map((e) => e.text)).toEqual(['said before the pane']);
    expect(store.getState().bubbles.current).toBeUndefined();
  });

  it('shows the first lines of a file that appears after the session was seen', () => {
    const { root, store, follower } = followerOn('viewer');
    follower.changed('s2');
    appendReaction(root, { ...reaction('s2-1', 'a new session spoke', T0 - 5), sessionId: 's2' });
    follower.changed('s2');
    expect(store.getState().bubbles.current?.reaction.text).toBe('a new session spoke');
  });

  it('passes a FIFO in the file’s place by, without waiting or reporting a crash', () => {
    const { root, store, follower, reports } = followerOn('viewer');
    mkdirSync(join(root, 's3'), { recursive: true, mode: 0o700 });
    execFileSync('mkfifo', [join(root, 's3', 'reactions.jsonl')]);
    follower.changed('s3');
    follower.changed('../s1');
    expect(store.getState().bubbles.history).toEqual([]);
    expect(reports).toEqual([]);
  });
});
