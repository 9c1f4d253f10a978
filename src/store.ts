/**
 * The TUI's one store: a zustand vanilla store created per app (and per test), fed by services
 * outside React (watcher, plugin runner, pet engine) and read by components through selectors.
 * Every action that depends on time takes `now`; nothing here reads a clock.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SessionState } from './state/session-state.js';
import { keyedRecord } from './state/keyed-record.js';
import type { PictureView } from './species/picture-view.js';
import { toSafeSession, type SafeSessionState } from './state/safe-session.js';
import { mostRecentSession, visibleSessions } from './state/session-visibility.js';
import { toSafeRows, toSafeText, type SafeRow, type SafeText } from './text/safe-text.js';
import { advanceBubbles, clearBubbles, emptyBubbleQueue, enqueueReaction, noteDropped, type BubbleQueue, type ShownReaction } from './tui/bubble-queue.js';
import { createOverviewSlice, type OverviewSlice } from './tui/overview.js';
import { createReactionSlice, type ReactionSlice } from './tui/reaction-slice.js';
import type { Chattiness } from './plugins/chattiness.js';

export type { SafeRow, SafeText } from './text/safe-text.js';
export type { SafeSessionState } from './state/safe-session.js';

// Components import the store and pure display modules only: what else they read comes through here.
export type { ReactionKind } from './protocol/reaction.js';
export type { SessionState } from './state/session-state.js';
export { activityPerMinute, awaitsAnswer, currentTool, formatElapsed, isProcessingPrompt, lastFailure, subagentGroups } from './state/selectors.js';
export { isDim } from './tui/bubble-queue.js';
export { historyCounts, type HistoryEntry } from './tui/reaction-history.js';
export { DEFAULT_SPRITE } from './tui/default-sprite.js';
export { overviewCursorId, overviewMode, overviewRows, OVERVIEW_DOCK_MAX_ROWS, type OverviewMode, type OverviewRow } from './tui/overview.js';
export { ABANDONED_MS, mostRecentSession, RECENTLY_ENDED_MS, visibleSessions } from './state/session-visibility.js';

/** What the pane shows of the pet; the pet engine fills it. */
export interface PetSnapshot {
  name: SafeText;
  level: number;
  rarity: SafeText;
  /** 0..100 each. */
  hunger: number;
  energy: number;
  happiness: number;
  xp: number;
  xpToNext: number;
  mood: string;
}

/** One species, already turned into safe lines the sprite can draw (eyes filled in). */
export interface SpriteView {
  speciesId: string;
  speciesName: SafeText;
  /** Frames per mood; every mood the pane may ask for resolves through `spriteFor`. */
  frames: Record<string, SafeText[][]>;
  /** A one-line face per mood, for panes too small for the sprite. */
  faces: Record<string, SafeText>;
  /** Frame indexes to cycle while idle (default: all frames in order). */
  idleSequence?: number[];
  /** Drawn instead of the current frame for one tick every `everyTicks` ticks. */
  blink?: { lines: SafeText[]; everyTicks: number };
  /** The body colour (a name or #hex). */
  color?: string;
  /** The evolution stage drawn (species with stages). */
  stageName?: SafeText;
  /** A picture pet's frames at the pane's size (src/tui/services/picture-service.ts). */
  picture?: PictureView;
}

export type Role = 'runner' | 'viewer';
export type Interaction = 'feed' | 'pet';

export interface Notice {
  text: SafeText;
  at: number;
  tone: 'info' | 'warning';
}

export interface BuddyState extends OverviewSlice, ReactionSlice {
  /** Sessions as the reader folded them, their drawn texts made safe on the way in. */
  sessions: Record<string, SafeSessionState>;
  /** The session shown; follows the most recently active one until the user picks one. */
  selectedId?: string;
  userSelected: boolean;
  bubbles: BubbleQueue;
  muted: boolean;
  helpVisible: boolean;
  pet?: PetSnapshot;
  /** The mood the buddy is drawn in (from the pet engine, or derived from the session). */
  mood: string;
  sprite?: SpriteView;
  /** Animation frame counter, one per tick. */
  tick: number;
  /** The store's idea of "now", advanced by the tick and by every update. */
  now: number;
  columns: number;
  rows: number;
  role: Role;
  /** Pid of the instance that runs plugins, when this one is a viewer. */
  runnerPid?: number;
  notice?: Notice;
  /** Delegate accounting (calls, tokens, cache hits...) for the help overlay, when available. */
  delegateStats?: SafeRow[];
  /** Events applied since start (for the help overlay and the benchmark). */
  eventsApplied: number;
  /** Set by the services: what f and p do. */
  interact?: (what: Interaction) => void;

  applySessions(states: SessionState[], now: number, eventCount?: number): void;
  removeSessions(ids: string[], now: number): void;
  select(id: string): void;
  selectRelative(step: number): void;
  selectIndex(index: number): void;
  /** Queues a reaction; with `droppedBecause`, one that never reached the queue, kept in the history. */
  pushReaction(reaction: ShownReaction, now: number, droppedBecause?: string): void;
  /** The tick: time, animation frame, bubbles, and what the services recomputed, in ONE update. */
  advance(now: number, extras?: TickExtras): void;
  toggleMute(now: number): void;
  toggleHelp(): void;
  setPet(pet: PetSnapshot | undefined): void;
  setMood(mood: string): void;
  setSprite(sprite: SpriteView | undefined): void;
  setTerminalSize(columns: number, rows: number): void;
  setRole(role: Role, runnerPid?: number): void;
  setNotice(text: SafeText, now: number, tone?: Notice['tone']): void;
  setDelegateStats(stats: Record<string, string | number> | undefined): void;
  setInteract(handler: ((what: Interaction) => void) | undefined): void;
  requestInteraction(what: Interaction, now: number): void;
}

export type BuddyStore = StoreApi<BuddyState>;

/** The delegate's usage rows as the help overlay draws them (names up to 30, values up to 60 characters). */
export const toDelegateStatRows = (stats: Record<string, string | number>): SafeRow[] => toSafeRows(stats, 30, 60);

/** What the services recompute on each tick (merged into the tick's single store update). */
export interface TickExtras {
  pet?: PetSnapshot;
  mood?: string;
}

export interface BuddyStoreOptions {
  now: number;
  columns?: number;
  rows?: number;
  role?: Role;
  muted?: boolean;
  chattiness?: Chattiness;
}

/** A notice shows this long. */
export const NOTICE_MS = 5_000;

/** The selection after sessions changed: keep the user's pick while it is visible. */
function reselect(state: Pick<BuddyState, 'sessions' | 'selectedId' | 'userSelected'>, now: number): Pick<BuddyState, 'selectedId' | 'userSelected'> {
  const visible = visibleSessions(state.sessions, now);
  if (state.userSelected && visible.some((session) => session.sessionId === state.selectedId)) {
    return { selectedId: state.selectedId, userSelected: true };
  }
  return { selectedId: mostRecentSession(visible)?.sessionId, userSelected: false };
}

export function createBuddyStore(options: BuddyStoreOptions): BuddyStore {
  return createStore<BuddyState>()((set, get) => ({
    sessions: keyedRecord(),
    selectedId: undefined,
    userSelected: false,
    bubbles: emptyBubbleQueue(),
    muted: options.muted ?? false,
    helpVisible: false,
    mood: 'idle',
    tick: 0,
    now: options.now,
    columns: options.columns ?? 80,
    rows: options.rows ?? 24,
    role: options.role ?? 'runner',
    eventsApplied: 0,
    ...createOverviewSlice(set, get),
    ...createReactionSlice(set, get, options.chattiness ?? 'normal'),

    applySessions(states, now, eventCount = 0) {
      if (states.length === 0 && eventCount === 0) return;
      set((state) => {
        const sessions = keyedRecord(state.sessions);
        for (const session of states) sessions[session.sessionId] = toSafeSession(session);
        const next = { ...state, sessions, now: Math.max(state.now, now) };
        return { sessions, now: next.now, eventsApplied: state.eventsApplied + eventCount, ...reselect(next, next.now) };
      });
    },

    removeSessions(ids, now) {
      if (!ids.some((id) => id in get().sessions)) return;
      set((state) => {
        const sessions = keyedRecord(state.sessions);
        for (const id of ids) delete sessions[id];
        return { sessions, ...reselect({ ...state, sessions }, now) };
      });
    },

    select(id) {
      if (!(id in get().sessions)) return;
      set({ selectedId: id, userSelected: true });
    },

    selectRelative(step) {
      const { sessions, selectedId, now } = get();
      const visible = visibleSessions(sessions, now);
      if (visible.length === 0) return;
      const at = visible.findIndex((session) => session.sessionId === selectedId);
      const next = (((at < 0 ? 0 : at) + step) % visible.length + visible.length) % visible.length;
      set({ selectedId: visible[next].sessionId, userSelected: true });
    },

    selectIndex(index) {
      const visible = visibleSessions(get().sessions, get().now);
      const target = visible[index];
      if (target) set({ selectedId: target.sessionId, userSelected: true });
    },

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
        const notice = state.notice && now - state.notice.at >= NOTICE_MS ? undefined : state.notice;
        const selection = state.userSelected ? {} : reselect(state, now);
        return { tick: state.tick + 1, now, bubbles, notice, ...selection, ...extras };
      });
    },

    toggleMute(now) {
      set((state) => {
        const muted = !state.muted;
        return {
          muted,
          bubbles: muted ? clearBubbles(state.bubbles, now) : state.bubbles,
          notice: { text: toSafeText(muted ? 'reactions muted (m to unmute)' : 'reactions on'), at: now, tone: 'info' },
        };
      });
    },

    toggleHelp() {
      set((state) => ({ helpVisible: !state.helpVisible }));
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
      set({ notice: { text, at: now, tone } });
    },

    setDelegateStats(stats) {
      set({ delegateStats: stats && toDelegateStatRows(stats) });
    },

    setInteract(handler) {
      set({ interact: handler });
    },

    requestInteraction(what, now) {
      const { interact, role, runnerPid } = get();
      if (interact) interact(what);
      else if (role === 'viewer') {
        set({ notice: { text: toSafeText(`viewer: the buddy lives in pid ${runnerPid ?? '?'}; ${what} it there`), at: now, tone: 'info' } });
      } else set({ notice: { text: toSafeText(`no pet to ${what} yet (buddy-tui hatch)`), at: now, tone: 'info' } });
    },
  }));
}

/** The selected session, if any. */
export const selectSelectedSession = (state: BuddyState): SafeSessionState | undefined =>
  state.selectedId === undefined ? undefined : state.sessions[state.selectedId];
