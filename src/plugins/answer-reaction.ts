/**
 * What the runner does with a plugin's outcome, decided once and purely: nothing, a logged
 * warning, a delegate hand-off, or one reaction (built once: the same one reaches the bubble, or
 * the history when the plugin's cooldown keeps it off the bubble). Its text is made safe here,
 * once (toReactionText); an answer with nothing left to show is nothing. Time and ids are the caller's.
 */
import type { JournalEvent } from '../protocol/hook-event.js';
import { DEFAULT_REACTION_TTL_MS, REACTION_PRIORITY, type Reaction } from '../protocol/reaction.js';
import {
  parsePluginAnswer,
  type DelegateMeta,
  type DelegateRequest,
  type StaticReaction,
} from '../protocol/plugin-answer.js';
import { priorityOfKinds, type EventKind } from '../protocol/event-kind.js';
import { sanitizeText } from '../text/sanitize.js';
import { REACTION_TEXT_MAX, toReactionText, type SafeText } from '../text/safe-text.js';
import { BUILTIN_PLUGIN_NAME } from './builtin-quips.js';
import type { HandlerOutcome } from './handler-runs.js';

/** Longest bubble text; longer answers are cut with an ellipsis (the one limit of every reaction). */
export const MAX_REACTION_LENGTH = REACTION_TEXT_MAX;
/** A plugin cannot pin the bubble: its ttl and priority are kept within these bounds. */
export const MIN_TTL_MS = 1_000;
export const MAX_TTL_MS = 60_000;

/** The run an outcome came from. */
export interface AnswerContext {
  plugin: string;
  event: JournalEvent;
  kinds: EventKind[];
  /** The event's number in the runner (see Reaction.eventId). */
  eventId: string;
  startedAt: number;
  now: number;
  newId: () => string;
}

export type AnswerAction =
  | { kind: 'none' }
  | { kind: 'warning'; message: string }
  | { kind: 'delegate'; request: DelegateRequest; meta: DelegateMeta }
  | { kind: 'reaction'; reaction: Reaction };

const NONE: AnswerAction = { kind: 'none' };
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The fields every reaction of this run shares. */
function baseOf(context: AnswerContext) {
  const { event, plugin } = context;
  return {
    id: context.newId(),
    sessionId: event.session_id,
    source: plugin,
    event: event.hook_event_name,
    eventId: context.eventId,
    ttlMs: DEFAULT_REACTION_TTL_MS,
    ts: context.now,
    elapsedMs: context.now - context.startedAt,
    ...(plugin === BUILTIN_PLUGIN_NAME ? { fallback: true } : {}),
  };
}

/** A plugin's exit-2 stderr: a warning bubble. */
function warningReaction(text: SafeText, context: AnswerContext): AnswerAction {
  if (!text) return NONE;
  return {
    kind: 'reaction',
    reaction: { ...baseOf(context), kind: 'warning', text, priority: REACTION_PRIORITY.warning },
  };
}

/** A reaction answer or plain stdout: as urgent as the event it answers unless it says otherwise, within bounds. */
function answerReaction(text: SafeText, extra: StaticReaction | undefined, context: AnswerContext): AnswerAction {
  if (!text) return NONE;
  const base = baseOf(context);
  const reaction: Reaction = {
    ...base,
    kind: 'reaction',
    text,
    ...(extra?.mood ? { mood: sanitizeText(extra.mood, { maxLength: 32 }) } : {}),
    priority: clamp(
      extra?.priority ?? priorityOfKinds(context.kinds),
      REACTION_PRIORITY.chat,
      REACTION_PRIORITY.failure,
    ),
    ttlMs: clamp(extra?.ttlMs ?? DEFAULT_REACTION_TTL_MS, MIN_TTL_MS, MAX_TTL_MS),
  };
  return { kind: 'reaction', reaction };
}

function delegateHandOff(request: DelegateRequest, context: AnswerContext): AnswerAction {
  const { plugin, event, kinds, eventId } = context;
  const meta: DelegateMeta = {
    plugin,
    sessionId: event.session_id,
    event,
    kinds,
    eventId,
    ...(request.systemPrompt ? { systemPrompt: request.systemPrompt } : {}),
    receivedAt: context.now,
  };
  return { kind: 'delegate', request, meta };
}

export function answerAction(outcome: HandlerOutcome, context: AnswerContext): AnswerAction {
  if (outcome.kind === 'none') return NONE;
  if (outcome.kind === 'warning') return { kind: 'warning', message: outcome.message };
  if (outcome.kind === 'warning-reaction') return warningReaction(toReactionText(outcome.text), context);
  const answer = parsePluginAnswer(outcome.raw);
  switch (answer.type) {
    case 'none':
      return NONE;
    case 'invalid':
      return { kind: 'warning', message: `invalid answer: ${answer.message}` };
    case 'delegate':
      return delegateHandOff(answer.request, context);
    case 'reaction':
      return answerReaction(toReactionText(answer.reaction.reaction), answer.reaction, context);
    case 'claude-output':
      return answerReaction(toReactionText(answer.text), undefined, context);
  }
}
