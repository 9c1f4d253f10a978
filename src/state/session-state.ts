/**
 * The live state of one Claude Code session, as the reducer computes it from the journal.
 * Plain JSON (records and arrays, no Map or Set) so the reader can checkpoint it as is. Records
 * keyed by event data have no prototype (keyedRecord): a tool named `constructor` is a key.
 */
import { keyedRecord } from './keyed-record.js';

export interface RunningTool {
  toolUseId: string;
  tool: string;
  startedAt: number;
  /** Set when the tool runs inside a subagent. */
  agentId?: string;
  /** A short, unsanitised description: the Bash command, the file path, the pattern. */
  detail?: string;
}

export interface ToolFailure {
  tool: string;
  error: string;
  at: number;
  toolUseId?: string;
  detail?: string;
  isInterrupt?: boolean;
  /** When the same tool next ran without failing (a green run after a red one): no longer news. */
  fixedAt?: number;
}

export interface ToolDuration {
  count: number;
  totalMs: number;
  maxMs: number;
}

export interface ActiveSubagent {
  agentId: string;
  agentType: string;
  startedAt: number;
}

export interface Compaction {
  trigger: string;
  phase: 'pre' | 'post';
  at: number;
}

export interface WaitingForUser {
  since: number;
  /** permission: approve a tool; question: Claude asked something; idle: the turn ended and Claude waits for a prompt. */
  reason: 'permission' | 'question' | 'idle';
  tool?: string;
  /** A short, unsanitised description: the Bash command, the file path, the notification's message. */
  detail?: string;
}

export interface SessionState {
  version: 1;
  sessionId: string;
  /** Where the state came from: buddy-tui's own journal, or a Foundry task-log.js directory. */
  origin: 'journal' | 'foundry';

  /** The agent host the session runs in (`host` of its events); lines from before hosts have none: Claude Code. */
  host?: string;
  cwd?: string;
  projectName?: string;
  transcriptPath?: string;
  model?: string;
  permissionMode?: string;
  startedAt?: number;
  lastEventAt?: number;
  endedAt?: number;
  endReason?: string;
  eventCount: number;
  lastEventName?: string;
  /** Claude waits for the user: since when, why, and for which tool (PermissionRequest / Notification). */
  waiting?: WaitingForUser;

  /** Prompts submitted and not yet answered by Stop/StopFailure: the queue badge. */
  pendingPrompts: number;
  promptCount: number;
  turnStartedAt?: number;
  lastTurnMs?: number;
  turnCount: number;
  /**
   * By the host's own clock (`event_time`, hosts whose hooks race: Cline): when the open turn
   * started, and the latest turn end applied. A start before that end, or an end before that
   * start, belongs to a turn already closed and journaled late.
   */
  turnStartHostTime?: number;
  lastTurnEndHostTime?: number;

  /** Tool name to count, for the current (or, until the next prompt, the last) turn. */
  toolsThisTurn: Record<string, number>;
  /** Running tools by tool_use_id. */
  toolsRunning: Record<string, RunningTool>;
  /**
   * Tool calls started with no call id whose end has not come, by tool name: the next end of
   * that name is theirs, not another call (hosts without call ids fire a start and an end).
   */
  unendedToolStarts: Record<string, number>;
  toolDurations: Record<string, ToolDuration>;
  toolRunsTotal: number;
  toolFailuresTotal: number;
  /** The most recent failures, oldest first, bounded. */
  failures: ToolFailure[];

  subagents: Record<string, ActiveSubagent>;
  subagentsStartedTotal: number;

  /** Files written or edited this session, most recent last, unique, bounded. */
  filesTouched: string[];
  compactions: Compaction[];
  compactionCount: number;

  /** Events per minute: [minute since epoch, count], oldest first, the last 30 minutes that had events. */
  activity: Array<[number, number]>;

  /** Recent dedupe keys (event + tool_use_id / agent_id / prompt_id), bounded ring. */
  seen: string[];
}

export const LIMITS = {
  failures: 20,
  filesTouched: 200,
  compactions: 20,
  activityMinutes: 30,
  seen: 256,
  /** A subagent with no stop after this long is taken as gone. */
  subagentMaxAgeMs: 10 * 60_000,
} as const;

export function emptySessionState(sessionId: string, origin: SessionState['origin'] = 'journal'): SessionState {
  return {
    version: 1,
    sessionId,
    origin,
    eventCount: 0,
    pendingPrompts: 0,
    promptCount: 0,
    turnCount: 0,
    toolsThisTurn: keyedRecord(),
    toolsRunning: keyedRecord(),
    unendedToolStarts: keyedRecord(),
    toolDurations: keyedRecord(),
    toolRunsTotal: 0,
    toolFailuresTotal: 0,
    failures: [],
    subagents: keyedRecord(),
    subagentsStartedTotal: 0,
    filesTouched: [],
    compactions: [],
    compactionCount: 0,
    activity: [],
    seen: [],
  };
}
