/**
 * The overview of every session at a glance: what each row says (pure, from the sessions in the
 * store), when the pane shows it (on `o`, or docked by itself in a big pane with several live
 * sessions) and where its cursor is. The store's slice for it is store/overview-slice.ts.
 */
import { hostCapabilities } from '../../hosts/host-capabilities.js';
import type { SafeSessionState } from '../../state/safe-session.js';
import {
  FAILURE_FRESH_MS,
  currentTool,
  freshFailure as freshFailureOf,
  sessionActivity,
  subagentGroups,
  type SessionActivity,
} from '../../state/selectors.js';
import { visibleSessions } from './visible-sessions.js';
import { toSafeText, type SafeText } from '../../text/safe-text.js';
import { sessionTags } from '../../display/session-tags.js';
import type { Overlay, OverviewDock } from './types.js';

/** One session's line, in plain data the component draws. */
export interface OverviewRow {
  id: string;
  project: SafeText;
  host: SafeText;
  activity: SessionActivity;
  /** The tool running now (the most recently started) and for how long. */
  tool?: SafeText;
  toolMs?: number;
  /** Active subagents; undefined when the host reports none (Gemini CLI): shown as "—", not as none. */
  subagents?: number;
  /** The last failure, while it is fresh (see FAILURE_FRESH_MS). */
  failure?: { tool: SafeText; error: SafeText };
  /** Since the last event. */
  sinceMs?: number;
}

/** A failure marks its session this long after it happened (and for the rest of the turn it happened in). */
export { FAILURE_FRESH_MS };

/** The auto overview docks below the pane from this many terminal columns... */
export const OVERVIEW_AUTO_MIN_COLUMNS = 100;
/** ...and this many rows... */
export const OVERVIEW_AUTO_MIN_ROWS = 30;
/** ...with at least this many live (not ended) sessions. */
export const OVERVIEW_AUTO_MIN_LIVE = 2;
/** The docked overview shows at most this many rows (it scrolls with the cursor). */
export const OVERVIEW_DOCK_MAX_ROWS = 6;

function freshFailure(session: SafeSessionState, now: number): OverviewRow['failure'] {
  const failure = freshFailureOf(session, now);
  return failure ? { tool: failure.tool, error: failure.error } : undefined;
}

/** The overview's rows: the sessions of the tabs, in tab order. */
export function overviewRows(sessions: Record<string, SafeSessionState>, now: number): OverviewRow[] {
  const visible = visibleSessions(sessions, now);
  const tags = sessionTags(visible);
  return visible.map((session) => {
    const tag = tags.get(session.sessionId);
    const tool = session.endedAt === undefined ? currentTool(session) : undefined;
    return {
      id: session.sessionId,
      project: tag ? toSafeText(`${session.label} ${tag}`) : session.label,
      host: session.host,
      activity: sessionActivity(session),
      tool: tool?.tool,
      toolMs: tool ? Math.max(0, now - tool.startedAt) : undefined,
      subagents: hostCapabilities(session.host).subagents
        ? subagentGroups(session, now).reduce((sum, group) => sum + group.count, 0)
        : undefined,
      failure: freshFailure(session, now),
      sinceMs: session.lastEventAt === undefined ? undefined : Math.max(0, now - session.lastEventAt),
    };
  });
}

/** full: the overview is the pane's body; docked: below the selected session's view; none. */
export type OverviewMode = 'full' | 'docked' | 'none';

interface OverviewInputs {
  overlay: Overlay;
  overviewDock: OverviewDock;
  sessions: Record<string, SafeSessionState>;
  now: number;
  columns: number;
  rows: number;
}

/** How the overview shows now: full when it is the overlay, else docked when the pane is big and several sessions are live, until closed. */
export function overviewMode(state: OverviewInputs): OverviewMode {
  if (state.overlay === 'overview') return 'full';
  if (state.overviewDock === 'closed') return 'none';
  if (state.columns < OVERVIEW_AUTO_MIN_COLUMNS || state.rows < OVERVIEW_AUTO_MIN_ROWS) return 'none';
  const live = visibleSessions(state.sessions, state.now).filter((session) => session.endedAt === undefined);
  return live.length >= OVERVIEW_AUTO_MIN_LIVE ? 'docked' : 'none';
}

/** What the cursor depends on. */
interface OverviewCursorInputs {
  overviewCursor?: string;
  selectedId?: string;
  sessions: Record<string, SafeSessionState>;
  now: number;
}

/** The cursor's session: the one the arrows moved to while it is still listed, else the selected one. */
export function overviewCursorId(state: OverviewCursorInputs): string | undefined {
  const ids = visibleSessions(state.sessions, state.now).map((session) => session.sessionId);
  if (state.overviewCursor !== undefined && ids.includes(state.overviewCursor)) return state.overviewCursor;
  return state.selectedId !== undefined && ids.includes(state.selectedId) ? state.selectedId : ids[0];
}
