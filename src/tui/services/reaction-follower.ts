/**
 * What was said, whoever said it: each session's reactions.jsonl, read from where this pane
 * stopped. A viewer shows what the runner wrote as it would have shown its own: bubbles, the
 * `r` history, a plugin's notice in the footer. Any pane, on first sight of a session, puts what
 * was said before it started into the history (never on screen), so `r` is never empty while the
 * file holds reactions. The runner skips its own lines: its sink showed them already.
 */
import { join } from 'node:path';
import type { Reaction } from '../../protocol/reaction.js';
import { readReactionsAfter, type ReactionsPosition } from '../../state/reactions-log.js';
import { SESSION_ID_PATTERN } from '../../state/state-root.js';
import type { Reporter } from '../../report/reporter.js';
import { toSafeText } from '../../text/safe-text.js';
import { toShownReaction } from '../store/bubble-queue.js';
import { visibleSessions, type BuddyStore } from '../store/index.js';

/** What a first sight reads from a file's end: the recent past, for the history. */
const PAST_BYTES = 16 * 1024;
/** What one later read takes at most (a flood keeps its newest lines). */
const FOLLOW_BYTES = 64 * 1024;

export interface ReactionFollowerOptions {
  root: string;
  store: BuddyStore;
  clock: () => number;
  /** Lines this process wrote itself (its own f/p quips): on its screen already. */
  isOwn(reaction: Reaction): boolean;
  report: Reporter;
}

export interface ReactionFollower {
  /** A session's reactions.jsonl was written (a watcher event): read it on. */
  changed(sessionId: string): void;
  /** The tick: the shown sessions are read on (a missed file event costs one tick at most). */
  tick(): void;
}

/** No file yet when first seen: whatever comes in it is new. */
const EMPTY = 'empty';

export function createReactionFollower(options: ReactionFollowerOptions): ReactionFollower {
  const { root, store, clock } = options;
  /** Reactions said from here on are new to this pane; those before it are its history. */
  const startedAt = clock();
  const positions = new Map<string, ReactionsPosition | typeof EMPTY>();
  const isViewer = () => store.getState().role === 'viewer';

  const show = (reactions: readonly Reaction[]) => {
    const now = clock();
    for (const reaction of reactions) {
      if (options.isOwn(reaction)) continue;
      if (reaction.kind === 'notice') {
        const text = toSafeText(`${reaction.source}: ${reaction.text}`, { maxLength: 300 });
        store.getState().setNotice(text, now, 'warning');
      } else store.getState().pushReaction(toShownReaction(reaction), now);
    }
  };

  const read = (sessionId: string) => {
    const known = positions.get(sessionId);
    // The runner follows no further than the first sight: what it says later is its own.
    if (known !== undefined && !isViewer()) return;
    const after = known === EMPTY ? undefined : known;
    const result = readReactionsAfter(join(root, sessionId), after, known === undefined ? PAST_BYTES : FOLLOW_BYTES);
    if (!result) {
      if (known === undefined) positions.set(sessionId, EMPTY);
      return;
    }
    positions.set(sessionId, result.position);
    const follows = result.follows || known === EMPTY;
    const past = follows ? [] : result.reactions.filter((r) => r.ts < startedAt || !isViewer());
    const fresh = follows ? result.reactions : result.reactions.filter((r) => r.ts >= startedAt && isViewer());
    store.getState().recallReactions(past.filter((r) => r.kind !== 'notice').map(toShownReaction));
    if (isViewer()) show(fresh);
  };

  const safeRead = (sessionId: string) => {
    if (!SESSION_ID_PATTERN.test(sessionId)) return;
    try {
      read(sessionId);
    } catch (error) {
      options.report({ level: 'error', where: `reactions of ${sessionId}`, error });
    }
  };

  return {
    changed: safeRead,
    tick() {
      const state = store.getState();
      for (const session of visibleSessions(state.sessions, state.now)) {
        if (isViewer() || !positions.has(session.sessionId)) safeRead(session.sessionId);
      }
    },
  };
}
