/**
 * Runs the plugins an event matches, concurrently, under a global cap on runs in flight, and
 * turns their answers into Reactions, delegate requests or logged warnings. Nothing a plugin
 * does can throw out of here, block the caller, or reach Claude Code.
 *
 * Top-level steps over one explicit state (runner-state.ts): an event is numbered and timed
 * (turn-clock.ts), its plugins run (handler-execution.ts, handler-runs.ts), and each outcome
 * becomes one action (answer-reaction.ts) that the plugin's cooldown lets through or not.
 * The public types are in runner-types.ts.
 */
import { randomUUID } from 'node:crypto';
import type { JournalEvent } from '../protocol/hook-event.js';
import type { Reaction } from '../protocol/reaction.js';
import { eventKinds, type EventKind } from '../protocol/event-kind.js';
import { matchingHandlers, type CompiledHandler } from './matching.js';
import type { HandlerOutcome } from './handler-runs.js';
import { BUILTIN_PLUGIN_NAME, builtinQuipAnswer } from './builtin-quips.js';
import { CHATTY_COOLDOWN_MS } from './chattiness.js';
import { answerAction } from './answer-reaction.js';
import type { PluginRunner, PluginRunnerOptions } from './runner-types.js';
import { makeRunnerState, warn, withDefaults, type PluginRef, type RunnerState } from './runner-state.js';
import { execute } from './handler-execution.js';
import { lifetimeWithin, onAbort } from '../process/lifetime.js';

export { MAX_REACTION_LENGTH, MAX_TTL_MS, MIN_TTL_MS } from './answer-reaction.js';
export {
  DEFAULT_LIMITS,
  type PluginRunner,
  type PluginRunnerOptions,
  type PluginWarning,
  type RunnerStats,
} from './runner-types.js';
export { pluginInput } from './handler-execution.js';

const SETTLED: Promise<void> = Promise.resolve();

/** An outcome to where it goes: the bubble or the delegate when the plugin's cooldown lets it, or the log. */
function deliver(
  state: RunnerState,
  plugin: PluginRef,
  event: JournalEvent,
  kinds: EventKind[],
  eventId: string,
  outcome: HandlerOutcome,
  startedAt: number,
): Reaction | undefined {
  const action = answerAction(outcome, {
    plugin: plugin.name,
    event,
    kinds,
    eventId,
    startedAt,
    now: state.now(),
    newId: randomUUID,
  });
  switch (action.kind) {
    case 'none':
      return;
    case 'warning':
      warn(state, plugin, event, action.message);
      return;
    case 'delegate':
      if (state.cooldowns.passes(plugin.name, plugin.cooldownMs)) {
        state.heard.add(eventId);
        state.options.onDelegate?.(action.request, action.meta);
      }
      return;
    case 'reaction':
      if (!state.cooldowns.passes(plugin.name, plugin.cooldownMs, action.reaction)) return;
      if (plugin.name !== BUILTIN_PLUGIN_NAME) state.heard.add(eventId);
      state.options.onReaction?.(action.reaction);
      return action.reaction;
  }
}

async function runOne(
  state: RunnerState,
  handler: CompiledHandler,
  event: JournalEvent,
  kinds: EventKind[],
  eventId: string,
): Promise<void> {
  const cooldownMs = handler.origin.limits?.cooldownMs ?? state.limits.cooldownMs;
  const plugin: PluginRef = { name: handler.name, file: handler.origin.file, cooldownMs };
  try {
    await state.queue.run(async () => {
      if (state.signal.aborted) return;
      state.runs += 1;
      const startedAt = state.now();
      const outcome = await execute(state, handler, event);
      if (!state.signal.aborted) deliver(state, plugin, event, kinds, eventId, outcome, startedAt);
    });
  } catch (error) {
    warn(state, plugin, event, `internal error: ${(error as Error).message}`);
  }
}

/** The built-in quip for the event, unless its cooldown would drop it (then it is not made at all). */
function sayBuiltinQuip(
  state: RunnerState,
  event: JournalEvent,
  kinds: EventKind[],
  eventId: string,
  recovery: boolean,
): Reaction | undefined {
  const { quipFor } = state.options;
  const { limits, chattiness } = state;
  const cooldownMs = chattiness === 'chatty' ? Math.min(limits.cooldownMs, CHATTY_COOLDOWN_MS) : limits.cooldownMs;
  if (!quipFor || state.cooldowns.coolingDown(BUILTIN_PLUGIN_NAME, cooldownMs)) return;
  const startedAt = state.now();
  try {
    const answer = builtinQuipAnswer(kinds, event.session_id, quipFor, chattiness, recovery);
    if (answer)
      return deliver(
        state,
        { name: BUILTIN_PLUGIN_NAME, cooldownMs },
        event,
        kinds,
        eventId,
        { kind: 'answer', raw: answer },
        startedAt,
      );
  } catch (error) {
    warn(state, { name: BUILTIN_PLUGIN_NAME }, event, `quip failed: ${(error as Error).message}`);
  }
}

function handleEvent(state: RunnerState, event: JournalEvent): Promise<void> {
  if (state.signal.aborted || typeof event?.session_id !== 'string' || typeof event.hook_event_name !== 'string')
    return SETTLED;
  const kinds = eventKinds(event, state.turnClock.turnLength(event, state.now()));
  // Every answer to this event carries its number, so the user's answer can take the quip's place.
  const eventId = `e${++state.eventCount}`;
  const tasks = matchingHandlers(state.handlers, event).map((handler) => runOne(state, handler, event, kinds, eventId));
  const recovery = state.isRecovery(event.session_id, kinds);
  const quip = sayBuiltinQuip(state, event, kinds, eventId, recovery);
  // Most events match no plugin: no promise per event then (a burst of 50,000 would make
  // a quarter of a million of them).
  const all = tasks.length === 0 ? SETTLED : Promise.allSettled(tasks).then(() => undefined);
  if (tasks.length > 0) {
    state.pending.add(all);
    void all.finally(() => state.pending.delete(all));
  }
  const { onBuiltinMoment } = state.options;
  // The buddy's voice may upgrade the quip; a user's answer to the event is heard instead.
  if (onBuiltinMoment)
    onBuiltinMoment({
      event,
      kinds,
      eventId,
      recovery,
      ...(quip ? { quip } : {}),
      userAnswered: () => all.then(() => state.heard.delete(eventId)),
    });
  else if (tasks.length > 0) void all.then(() => state.heard.delete(eventId));
  // Never rejects: callers may fire and forget.
  return all;
}

/** The runner's teardown: queued runs dropped, runs in flight killed (their groups), and waited for. */
async function closeRunner(state: RunnerState): Promise<void> {
  state.queue.clear();
  for (const kill of state.killers) kill();
  await Promise.all([...state.pending]);
}

export function createPluginRunner(options: PluginRunnerOptions = {}): PluginRunner {
  // Its own lifetime within the owner's: close() or the owner's end ends it, and either waits for the teardown.
  const life = lifetimeWithin(options.signal);
  const state = makeRunnerState(options, life.signal);
  onAbort(life.signal, () => closeRunner(state));
  const { queue, cooldowns } = state;
  return {
    handleEvent: (event) => handleEvent(state, event),
    setHandlers(next) {
      state.handlers = next;
    },
    setLimits(next) {
      state.limits = withDefaults(next);
      queue.setLimit(state.limits.maxConcurrent);
    },
    setChattiness(level) {
      state.chattiness = level;
    },
    stats: () => ({
      runs: state.runs,
      inFlight: queue.inFlight,
      waiting: queue.waiting,
      peakInFlight: queue.peak,
      droppedByCooldown: cooldowns.droppedCount(),
    }),
    close: life.end,
  };
}
