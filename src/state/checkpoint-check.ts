/**
 * What a checkpoint's `state` must look like before a reader trusts it: every field of
 * SessionState with its JSON type, checked by hand (the statusline reads checkpoints and stays
 * free of zod). A checkpoint is only a cache, so anything off makes the reader fold the journal
 * again instead: a hand-edited or damaged `failures: "lots"` never reaches `status --json`.
 */
import { keyedRecord } from './keyed-record.js';
import type { SessionState } from './session-state.js';

type Check = (value: unknown) => boolean;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const isCount: Check = (value) => isNumber(value) && (value as number) >= 0;
const isString: Check = (value) => typeof value === 'string';
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);
const arrayOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);
const recordOf =
  (check: Check): Check =>
  (value) =>
    isObject(value) && Object.values(value).every(check);
const oneOf =
  (...values: readonly unknown[]): Check =>
  (value) =>
    values.includes(value);

/** An object whose listed fields pass their checks (other fields are left alone). */
const shape =
  (fields: Record<string, Check>): Check =>
  (value) =>
    isObject(value) &&
    Object.entries(fields).every(([key, check]) => check(Object.hasOwn(value, key) ? value[key] : undefined));

const runningTool = shape({
  toolUseId: isString,
  tool: isString,
  startedAt: isNumber,
  agentId: optional(isString),
  detail: optional(isString),
});
const toolFailure = shape({
  tool: isString,
  error: isString,
  at: isNumber,
  toolUseId: optional(isString),
  detail: optional(isString),
  isInterrupt: optional((value) => typeof value === 'boolean'),
  fixedAt: optional(isNumber),
});
const toolDuration = shape({ count: isCount, totalMs: isNumber, maxMs: isNumber });
const subagent = shape({ agentId: isString, agentType: isString, startedAt: isNumber });
const compaction = shape({ trigger: isString, phase: oneOf('pre', 'post'), at: isNumber });
const waiting = shape({
  since: isNumber,
  reason: oneOf('permission', 'question', 'idle'),
  tool: optional(isString),
  detail: optional(isString),
});
const minute = (value: unknown) =>
  Array.isArray(value) && value.length === 2 && isNumber(value[0]) && isCount(value[1]);

const SESSION_STATE_FIELDS: Record<keyof SessionState, Check> = {
  version: oneOf(1),
  sessionId: isString,
  origin: oneOf('journal', 'foundry'),
  host: optional(isString),
  cwd: optional(isString),
  projectName: optional(isString),
  transcriptPath: optional(isString),
  model: optional(isString),
  permissionMode: optional(isString),
  startedAt: optional(isNumber),
  lastEventAt: optional(isNumber),
  endedAt: optional(isNumber),
  endReason: optional(isString),
  eventCount: isCount,
  lastEventName: optional(isString),
  waiting: optional(waiting),
  pendingPrompts: isCount,
  promptCount: isCount,
  turnStartedAt: optional(isNumber),
  lastTurnMs: optional(isNumber),
  turnCount: isCount,
  turnStartHostTime: optional(isNumber),
  lastTurnEndHostTime: optional(isNumber),
  toolsThisTurn: recordOf(isCount),
  toolsRunning: recordOf(runningTool),
  unendedToolStarts: recordOf(isCount),
  toolDurations: recordOf(toolDuration),
  toolRunsTotal: isCount,
  toolFailuresTotal: isCount,
  failures: arrayOf(toolFailure),
  subagents: recordOf(subagent),
  subagentsStartedTotal: isCount,
  filesTouched: arrayOf(isString),
  compactions: arrayOf(compaction),
  compactionCount: isCount,
  activity: arrayOf(minute),
  seen: arrayOf(isString),
};

const isSessionStateShape = shape(SESSION_STATE_FIELDS);

/**
 * The state read back from a checkpoint, when every field has its type (records keyed by event
 * data made prototype-free again, as the reducer keeps them); undefined otherwise.
 */
export function checkedSessionState(value: unknown): SessionState | undefined {
  if (!isSessionStateShape(value)) return undefined;
  const state = value as unknown as SessionState;
  return {
    ...state,
    toolsThisTurn: keyedRecord(state.toolsThisTurn),
    toolsRunning: keyedRecord(state.toolsRunning),
    unendedToolStarts: keyedRecord(state.unendedToolStarts),
    toolDurations: keyedRecord(state.toolDurations),
    subagents: keyedRecord(state.subagents),
  };
}
