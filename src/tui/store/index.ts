/**
 * The store's door: components import the store and pure display modules only, so what else
 * they read comes through here. Services and tests import it from here too.
 */
export {
  createBuddyStore,
  NOTICE_MS,
  selectSelectedSession,
  toDelegateStatRows,
  VOICE_USAGE_ROW,
} from './buddy-store.js';
export type {
  BuddyState,
  BuddyStore,
  BuddyStoreOptions,
  Interaction,
  Notice,
  Overlay,
  PetSnapshot,
  Role,
  SpriteView,
  TickExtras,
} from './types.js';

export type { SafeRow, SafeText } from '../../text/safe-text.js';
export type { SafeSessionState } from '../../state/safe-session.js';
export type { ReactionKind } from '../../protocol/reaction.js';
export type { SessionState } from '../../state/session-state.js';
export {
  activityPerMinute,
  awaitsAnswer,
  currentTool,
  formatElapsed,
  isProcessingPrompt,
  lastFailure,
  subagentGroups,
} from '../../state/selectors.js';
export { isDim } from './bubble-queue.js';
export { historyCounts, type HistoryEntry } from './reaction-history.js';
export { hostRows, type HostRow } from './host-rows.js';
export { DEFAULT_SPRITE } from './default-sprite.js';
export {
  overviewCursorId,
  overviewMode,
  overviewRows,
  OVERVIEW_DOCK_MAX_ROWS,
  type OverviewMode,
  type OverviewRow,
} from './overview.js';
export { ABANDONED_MS, mostRecentSession, RECENTLY_ENDED_MS } from '../../state/session-visibility.js';
export { visibleSessions } from './visible-sessions.js';
