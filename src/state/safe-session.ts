/**
 * A session as the pane's store carries it: the reducer's state with every string the pane
 * draws sanitised once, when the state enters the store, instead of on every tick in the
 * components. A SafeSessionState is a SessionState (the selectors take either), whose drawn
 * texts are SafeText; the lengths are the ones the activity panel and the tabs show.
 */
import { toSafeText, toSafeTextOrUndefined, type SafeText } from '../text/safe-text.js';
import { keyedRecord } from './keyed-record.js';
import type { ActiveSubagent, RunningTool, SessionState, ToolFailure, WaitingForUser } from './session-state.js';
import { waitingSentence } from './waiting-text.js';

export interface SafeRunningTool extends RunningTool {
  tool: SafeText;
  detail?: SafeText;
}

export interface SafeToolFailure extends ToolFailure {
  tool: SafeText;
  /** The error's first line. */
  error: SafeText;
  detail?: SafeText;
}

export interface SafeSubagent extends ActiveSubagent {
  agentType: SafeText;
}

export interface SafeWaiting extends WaitingForUser {
  tool?: SafeText;
  detail?: SafeText;
  /** The bubble's sentence, made safe whole: "waiting for you: approve Bash `rm -rf build`". */
  text: SafeText;
}

export interface SafeSessionState extends SessionState {
  /** The tab and panel title: the project's name, or the start of the session id. */
  label: SafeText;
  /** The agent host's short name for the overview's badge: the session's `host` when it has one, else "claude". */
  host: SafeText;
  projectName?: SafeText;
  model?: SafeText;
  endReason?: SafeText;
  toolsRunning: Record<string, SafeRunningTool>;
  failures: SafeToolFailure[];
  subagents: Record<string, SafeSubagent>;
  waiting?: SafeWaiting;
  /** This turn's tools as [name, count] with the names made safe, unordered: displays order them with src/display/tool-order.ts. */
  toolCounts: Array<[SafeText, number]>;
}

// The reducer copies records shallowly, so an unchanged entry is the same object from one state
// to the next: each is sanitised once over its life.
const cache = new WeakMap<object, object>();

function once<Raw extends object, Safe>(raw: Raw, make: (raw: Raw) => Safe): Safe {
  let safe = cache.get(raw) as Safe | undefined;
  if (safe === undefined) {
    safe = make(raw);
    cache.set(raw, safe as object);
  }
  return safe;
}

const safeRunning = (tool: RunningTool): SafeRunningTool =>
  once(tool, (raw) => ({
    ...raw,
    tool: toSafeText(raw.tool, { maxLength: 40 }),
    detail: toSafeTextOrUndefined(raw.detail, { maxLength: 100 }),
  }));

const safeFailure = (failure: ToolFailure): SafeToolFailure =>
  once(failure, (raw) => ({
    ...raw,
    tool: toSafeText(raw.tool, { maxLength: 30 }),
    error: toSafeText(String(raw.error ?? '').split('\n')[0], { maxLength: 160 }),
    detail: toSafeTextOrUndefined(raw.detail, { maxLength: 100 }),
  }));

const safeWaiting = (waiting: WaitingForUser): SafeWaiting =>
  once(waiting, (raw) => ({
    ...raw,
    tool: toSafeTextOrUndefined(raw.tool, { maxLength: 40 }),
    detail: toSafeTextOrUndefined(raw.detail, { maxLength: 100 }),
    text: toSafeText(waitingSentence(raw), { maxLength: 200 }),
  }));

const safeSubagent = (agent: ActiveSubagent): SafeSubagent =>
  once(agent, (raw) => ({ ...raw, agentType: toSafeText(raw.agentType, { maxLength: 40 }) }));

function mapRecord<From, To>(record: Record<string, From>, make: (value: From) => To): Record<string, To> {
  const out = keyedRecord<To>();
  for (const key of Object.keys(record)) out[key] = make(record[key]);
  return out;
}

export function toSafeSession(state: SessionState): SafeSessionState {
  return once(state, (raw) => ({
    ...raw,
    label: toSafeText(raw.projectName ?? raw.sessionId.slice(0, 8), { maxLength: 60 }),
    projectName: toSafeTextOrUndefined(raw.projectName, { maxLength: 60 }),
    host: toSafeText(raw.host ?? 'claude', { maxLength: 12 }),
    model: toSafeTextOrUndefined(raw.model, { maxLength: 40 }),
    endReason: toSafeTextOrUndefined(raw.endReason, { maxLength: 30 }),
    toolsRunning: mapRecord(raw.toolsRunning, safeRunning),
    failures: raw.failures.map(safeFailure),
    subagents: mapRecord(raw.subagents, safeSubagent),
    waiting: raw.waiting && safeWaiting(raw.waiting),
    toolCounts: Object.entries(raw.toolsThisTurn).map(([tool, count]): [SafeText, number] => [
      toSafeText(tool, { maxLength: 30 }),
      count,
    ]),
  }));
}
