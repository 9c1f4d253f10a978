/**
 * The TUI's one store: a zustand vanilla store created per app (and per test), fed by services
 * outside React (watcher, plugin runner, pet engine) and read by components through selectors.
 * Every action that depends on time takes `now`; nothing here reads a clock. Its types are in
 * types.ts; components import it through index.ts. Each part of it (sessions, overlays, the
 * overview, reactions) is a slice of its own file; the rest is here.
 */
import { createStore } from 'zustand/vanilla';
import type { SafeSessionState } from '../../state/safe-session.js';
import { toSafeRows, toSafeText, type SafeRow } from '../../text/safe-text.js';
import { advanceBubbles, clearBubbles, emptyBubbleQueue, noteDropped } from './bubble-queue.js';
import { enqueueReaction } from './bubble-rules.js';
import { createInteractionSlice } from './interaction-slice.js';
import { createOverlaySlice } from './overlay-slice.js';
import { createOverviewSlice } from './overview-slice.js';
import { createReactionSlice } from './reaction-slice.js';
import { createSessionSlice, foldHeld, reselect } from './session-slice.js';
import type { BuddyState, BuddyStore, BuddyStoreOptions, Notice } from './types.js';

/** The delegate's usage rows as the help overlay draws them (names up to 30, values up to 60 characters). */
/** The delegate stats row with the buddy's voice's calls today against its budget (the help and the reactions history show it). */
export const VOICE_USAGE_ROW = "buddy's voice";

export const toDelegateStatRows = (stats: Record<string, string | number>): SafeRow[] => toSafeRows(stats, 30, 60);

/** A notice shows this long. */
export const NOTICE_MS = 5_000;
/**
 * A new notice, unless a warning on screen is still fresh and this is another warning (a broken
 * config.json and a broken species file at start): that one waits its turn instead of hiding the
 * first before anyone could read it.
 */
function noticeSet(state: Pick<BuddyState, 'notice' | 'laterWarnings'>, next: Notice): Partial<BuddyState> {
  const { notice, laterWarnings = [] } = state;
  const waits = next.tone === 'warning' && notice?.tone === 'warning' && next.at - notice.at < NOTICE_MS;
  if (!waits || notice.text === next.text) return { notice: next };
  const known = laterWarnings.length >= MAX_LATER_WARNINGS || laterWarnings.some((later) => later.text === next.text);
  return known ? {} : { laterWarnings: [...laterWarnings, next] };
}

/** The notice after a tick: one that has had its time goes, and the next waiting warning shows. */
function advanceNotice(state: Pick<BuddyState, 'notice' | 'laterWarnings'>, now: number): Partial<BuddyState> {
  if (!state.notice || now - state.notice.at < NOTICE_MS) return {};
  const [next, ...later] = state.laterWarnings ?? [];
  return { notice: next && { ...next, at: now }, laterWarnings: later };
}

/** Warnings kept to show after the one on screen. */
const MAX_LATER_WARNINGS = 3;

export function createBuddyStore(options: BuddyStoreOptions): BuddyStore {
  return createStore<BuddyState>()((set, get) => ({
    ...createSessionSlice(set, get),
    bubbles: emptyBubbleQueue(),
    muted: options.muted ?? false,
    mood: 'idle',
    tick: 0,
    now: options.now,
    columns: options.columns ?? 80,
    rows: options.rows ?? 24,
    role: options.role ?? 'runner',
    eventsApplied: 0,
    ...createOverlaySlice(set, get),
    ...createOverviewSlice(set, get),
    ...createReactionSlice(set, get, options.chattiness ?? 'normal'),
    ...createInteractionSlice(set, get),

    pushReaction(reaction, now, droppedBecause) {
      // Notices only go to reactions.jsonl; muted means nothing new on screen (the history says so).
      if (reaction.kind === 'notice') return;
      const why = droppedBecause ?? (get().muted ? 'muted' : undefined);
      if (why !== undefined) return set((state) => ({ bubbles: noteDropped(state.bubbles, reaction, why, now) }));
      set((state) => ({ bubbles: enqueueReaction(state.bubbles, reaction, now), now: Math.max(state.now, now) }));
    },

    advance(now, extras = {}) {
      set((state) => {
        const bubbles = advanceBubbles(state.bubbles, now);
        // Other sessions' changes held since the last tick show now, in this one frame.
        const folded = foldHeld(state);
        const selection = state.userSelected ? {} : reselect({ ...state, ...folded }, now);
        return { tick: state.tick + 1, now, bubbles, ...advanceNotice(state, now), ...folded, ...selection, ...extras };
      });
    },

    toggleMute(now) {
      get().setMuted(!get().muted, now, true);
    },

    setMuted(muted, now, announce = false) {
      if (get().muted === muted && !announce) return;
      set((state) => ({
        muted,
        bubbles: muted ? clearBubbles(state.bubbles, now) : state.bubbles,
        ...(announce
          ? {
              notice: {
                text: toSafeText(muted ? 'reactions muted (m to unmute)' : 'reactions on'),
                at: now,
                tone: 'info' as const,
              },
            }
          : {}),
      }));
    },

    setPet(pet) {
      set({ pet });
    },

    setMood(mood) {
      if (get().mood !== mood) set({ mood });
    },

    setSprite(sprite) {
      set({ sprite });
    },

    setTerminalSize(columns, rows) {
      const state = get();
      if (state.columns === columns && state.rows === rows) return;
      set({ columns, rows });
    },

    setRole(role, runnerPid) {
      set({ role, runnerPid });
    },

    setNotice(text, now, tone = 'info') {
      set(noticeSet(get(), { text, at: now, tone }));
    },

    setDelegateStats(stats) {
      set({ delegateStats: stats && toDelegateStatRows(stats) });
    },
  }));
}

/** The selected session, if any. */
export const selectSelectedSession = (state: BuddyState): SafeSessionState | undefined =>
  state.selectedId === undefined ? undefined : state.sessions[state.selectedId];
