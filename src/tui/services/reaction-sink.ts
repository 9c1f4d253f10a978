/**
 * Where the runner's reactions and plugin warnings go: a reaction's text arrives safe (its type
 * says so: made once, where it was made, by toReactionText); its source, a name from plugins,
 * delegates and species files, is made safe here. Each is queued for the bubble on a throttle (one store
 * update per burst), and appended to the session's reactions.jsonl for the statusline and for
 * scripts on top. A warning is a notice in the footer and a `notice` line, never a bubble.
 */
import type { Reaction } from '../../protocol/reaction.js';
import type { PluginWarning } from '../../plugins/plugin-runner.js';
import type { Reporter } from '../../report/reporter.js';
import { lifetimeWithin, onAbort } from '../../process/lifetime.js';
import { appendReaction } from '../../state/reactions-log.js';
import { sanitizeText } from '../../text/sanitize.js';
import type { BuddyStore } from '../store/index.js';
import type { TuiLog } from '../tui-log.js';
import { createUpdateThrottle } from '../watch/update-throttle.js';
import { toReactionText, toSafeText } from '../../text/safe-text.js';
import { toShownReaction, type ShownReaction } from '../store/bubble-queue.js';

/** The bubble queue is fed at most this often (about 30 store updates a second). */
const FLUSH_MS = 33;
/** The last this many reactions written here are known as this process's own. */
const OWN_KEPT = 64;

const ownKey = (reaction: Reaction): string => `${reaction.id}\u0000${reaction.ts}`;

export interface ReactionSinkOptions {
  root: string;
  store: BuddyStore;
  log: TuiLog;
  clock: () => number;
  /** The owner's lifetime: this service closes when it ends. */
  signal?: AbortSignal;
}

export interface ReactionSink {
  /** A reaction for the bubble (and reactions.jsonl). Ignored once closed. */
  push(reaction: Reaction): void;
  /** A plugin's logged problem: tui.log, the footer and reactions.jsonl as a notice. */
  warn: Reporter<PluginWarning>;
  /** This process wrote it (it is on this pane's screen already): a follower of the file skips it. */
  isOwn(reaction: Reaction): boolean;
  close(): void;
}

export function createReactionSink(options: ReactionSinkOptions): ReactionSink {
  const { root, store, log, clock } = options;
  const life = lifetimeWithin(options.signal);
  const pending: ShownReaction[] = [];
  const throttle = createUpdateThrottle(
    () => {
      const now = clock();
      const state = store.getState();
      for (const reaction of pending.splice(0)) state.pushReaction(reaction, now);
    },
    FLUSH_MS,
    clock,
  );
  onAbort(life.signal, () => throttle.cancel());

  const own = new Set<string>();
  const append = (reaction: Reaction) => {
    own.add(ownKey(reaction));
    if (own.size > OWN_KEPT) own.delete(own.values().next().value as string);
    try {
      appendReaction(root, reaction);
    } catch (error) {
      log.report({ level: 'error', where: 'reactions log', error });
    }
  };

  return {
    push(raw) {
      if (life.signal.aborted) return;
      const reaction: Reaction = { ...raw, source: sanitizeText(raw.source, { maxLength: 60 }) };
      pending.push(toShownReaction(reaction));
      throttle.schedule();
      append(reaction);
    },
    warn(report) {
      log.report(report);
      const warning = report.detail;
      if (!warning) return;
      store
        .getState()
        .setNotice(toSafeText(`${warning.plugin}: ${warning.message}`, { maxLength: 300 }), clock(), 'warning');
      // Every warning is in reactions.jsonl too, for scripts on top; the statusline skips notices.
      append({
        id: `notice-${warning.ts}-${Math.random().toString(36).slice(2, 8)}`,
        sessionId: warning.sessionId,
        kind: 'notice',
        text: toReactionText(warning.message),
        source: sanitizeText(warning.plugin, { maxLength: 60 }),
        event: warning.event,
        priority: 0,
        ttlMs: 0,
        ts: warning.ts,
      });
    },
    isOwn: (reaction) => own.has(ownKey(reaction)),
    close: () => void life.end(),
  };
}
