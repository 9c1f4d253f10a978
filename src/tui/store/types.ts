/**
 * The store's types in one file: the state, its slices and what the services hand it. Everything
 * that needs a store type (the slices, the default sprite, the services) imports it from here,
 * never from the store's code, so no two modules import each other's types.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { Chattiness } from '../../plugins/chattiness.js';
import type { SessionState } from '../../state/session-state.js';
import type { SafeSessionState } from '../../state/safe-session.js';
import type { PictureView } from '../../species/picture-view.js';
import type { SafeRow, SafeText } from '../../text/safe-text.js';
import type { BubbleQueue, ShownReaction } from './bubble-queue.js';

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

/**
 * The views that take the pane's body over, one at a time: one value, so opening one closes the
 * other by construction. components/PaneBody.tsx draws each; components/keymap.ts opens them.
 */
export type Overlay = 'none' | 'help' | 'history' | 'overview' | 'hosts';

/** The store's part about overlays (overlay-slice.ts). */
export interface OverlaySlice {
  overlay: Overlay;
  /** Opens one overlay (closing the one open) or, with 'none', closes it. */
  setOverlay(overlay: Overlay): void;
  /** Opens it, or closes it when it is the one open. */
  toggleOverlay(overlay: Exclude<Overlay, 'none'>): void;
}

/** The docked overview: shown by itself in a big pane (auto) until the user closes the overview. */
export type OverviewDock = 'auto' | 'closed';

/** The store's part about the overview: the dock, the arrow cursor, Enter (overview-slice.ts). */
export interface OverviewSlice {
  /** auto until the user closes the overview (`o`, Esc or Enter); open full, it is the overlay 'overview'. */
  overviewDock: OverviewDock;
  /** The session the arrows point at in the overview; the selected one until they move. */
  overviewCursor?: string;
  /** `o`: opens the overview full, or closes it (full or docked). */
  toggleOverview(): void;
  moveOverviewCursor(step: number): void;
  /** Enter: select the session under the cursor and close the overview. */
  openOverviewCursor(): void;
}

/** The store's part about what the buddy says: the chattiness (reaction-slice.ts). */
export interface ReactionSlice {
  /** How much the built-in quips say (the user's plugins are always heard). */
  chattiness: Chattiness;
  /** Sets the level; `announce` puts the new level in the footer. */
  setChattiness(level: Chattiness, now: number, announce?: boolean): void;
  /** The `c` key: the next level, announced (saved and followed by every pane and the runner). */
  cycleChattiness(now: number): void;
  /** Reactions said before this pane saw them: into the history only (as shown then), never a bubble. */
  recallReactions(reactions: readonly ShownReaction[]): void;
}

/** The store's part about keys whose work the services do (interaction-slice.ts). */
export interface InteractionSlice {
  /** Set by the services: what f and p do. */
  interact?: (what: Interaction) => void;
  setInteract(handler: ((what: Interaction) => void) | undefined): void;
  requestInteraction(what: Interaction, now: number): void;
  /** Set by the services: what v does (src/tui/services/voice-switch.ts). */
  switchVoice?: () => void;
  setVoiceSwitch(handler: (() => void) | undefined): void;
  /** `v`: the buddy's voice on or off, through the services' switch. */
  requestVoiceSwitch(now: number): void;
}

/** The store's part about sessions and which one is shown (session-slice.ts). */
export interface SessionSlice {
  /** Sessions as the reader folded them, their drawn texts made safe on the way in. */
  sessions: Record<string, SafeSessionState>;
  /** Read changes of sessions not shown, waiting for the next tick to be folded into `sessions`. */
  heldSessions: Record<string, SafeSessionState>;
  /** The session shown; follows the most recently active one until the user picks one. */
  selectedId?: string;
  userSelected: boolean;
  /** Puts states in at once (the pane's start, tests). */
  applySessions(states: SessionState[], now: number, eventCount?: number): void;
  /** The watcher's reads: the shown session's at once, the others held for the next tick. */
  receiveSessions(states: SessionState[], now: number, eventCount?: number): void;
  /**
   * Set by the pane's tick: asked when a read draws at once; when the tick is due soon it does
   * the tick's work now and returns its extras, so the read and the tick make one frame, not two.
   */
  earlyTick?: (now: number) => TickExtras | undefined;
  setEarlyTick(earlyTick: ((now: number) => TickExtras | undefined) | undefined): void;
  removeSessions(ids: string[], now: number): void;
  select(id: string): void;
  selectRelative(step: number): void;
  selectIndex(index: number): void;
}

export interface BuddyState extends SessionSlice, OverlaySlice, OverviewSlice, ReactionSlice, InteractionSlice {
  bubbles: BubbleQueue;
  muted: boolean;
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
  /** Warnings that came while another was showing: each shows in turn when the one before ends. */
  laterWarnings?: Notice[];
  /** Delegate accounting (calls, tokens, cache hits...) for the help overlay, when available. */
  delegateStats?: SafeRow[];
  /** Events applied since start (for the help overlay and the benchmark). */
  eventsApplied: number;

  /** Queues a reaction; with `droppedBecause`, one that never reached the queue, kept in the history. */
  pushReaction(reaction: ShownReaction, now: number, droppedBecause?: string): void;
  /** The tick: time, animation frame, bubbles, and what the services recomputed, in ONE update. */
  advance(now: number, extras?: TickExtras): void;
  toggleMute(now: number): void;
  /** Sets mute (clearing the bubbles); `announce` says so in the footer. */
  setMuted(muted: boolean, now: number, announce?: boolean): void;
  setPet(pet: PetSnapshot | undefined): void;
  setMood(mood: string): void;
  setSprite(sprite: SpriteView | undefined): void;
  setTerminalSize(columns: number, rows: number): void;
  setRole(role: Role, runnerPid?: number): void;
  setNotice(text: SafeText, now: number, tone?: Notice['tone']): void;
  setDelegateStats(stats: Record<string, string | number> | undefined): void;
}

export type BuddyStore = StoreApi<BuddyState>;

/** How a slice writes the store (zustand's `set`). */
export type SetState = (partial: Partial<BuddyState> | ((state: BuddyState) => Partial<BuddyState>)) => void;
export type GetState = () => BuddyState;

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
