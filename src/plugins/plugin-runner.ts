/**
 * Runs the plugins an event matches, concurrently, under a global cap on runs in flight, and
 * turns their answers into Reactions, delegate requests or logged warnings. Nothing a plugin
 * does can throw out of here, block the caller, or reach Claude Code.
 *
 * Top-level steps over one explicit state: an event is numbered and timed (turn-clock.ts), its
 * plugins run (handler-runs.ts), and each outcome becomes one action (answer-reaction.ts) that
 * the plugin's cooldown lets through or not.
 */
import { randomUUID } from 'node:crypto';
import { addAbortListener } from 'node:events';
import { statSync } from 'node:fs';
import { DEFAULT_HOST } from '../hosts/host-id.js';
import type { JournalEvent } from '../protocol/hook-event.js';
import type { Reaction } from '../protocol/reaction.js';
import type { DelegateMeta, DelegateRequest } from '../protocol/plugin-answer.js';
import { eventKinds, type EventKind } from '../protocol/event-kind.js';
import { sanitizeText } from '../text/sanitize.js';
import type { RunnerLimits } from '../config/config-schema.js';
import type { Reporter } from '../report/reporter.js';
import { matchingHandlers, type CompiledHandler } from './matching.js';
import { buildPluginEnv } from './plugin-env.js';
import { userShell } from './command-handler.js';
import { runCommandHandler, runHttpHandler, type HandlerOutcome, type HandlerRunContext } from './handler-runs.js';
import { createRunQueue, type RunQueue } from './run-queue.js';
import { BUILTIN_PLUGIN_NAME, builtinQuipAnswer, type QuipFor } from './builtin-quips.js';
import { CHATTY_COOLDOWN_MS, createRecoveryTracker, DEFAULT_CHATTINESS, type Chattiness } from './chattiness.js';
import { createCooldowns, type Cooldowns } from './cooldowns.js';
import { TurnClock } from './turn-clock.js';
import { answerAction } from './answer-reaction.js';

export { MAX_REACTION_LENGTH, MAX_TTL_MS, MIN_TTL_MS } from './answer-reaction.js';
export const DEFAULT_LIMITS = {
  maxConcurrent: 4,
  timeoutSeconds: 10,
  cooldownMs: 3000,
  maxOutputBytes: 64 * 1024,
} as const;

export interface PluginWarning {
  plugin: string;
  sessionId: string;
  event: string;
  message: string;
  ts: number;
  /** The file that declared the plugin. */
  file?: string;
}

export interface PluginRunnerOptions {
  handlers?: readonly CompiledHandler[];
  limits?: RunnerLimits;
  /** Where the allowlisted variables are taken from (default: process.env). */
  env?: NodeJS.ProcessEnv;
  shell?: string;
  /** CLAUDE_PROJECT_DIR when the event carries no cwd. */
  projectDir?: string;
  /** Enables the built-in quip reactions. */
  quipFor?: QuipFor;
  /** How much the built-in quips say (default normal); the user's plugins are not affected. */
  chattiness?: Chattiness;
  onReaction?: (reaction: Reaction) => void;
  /** A user's plugin answered, but its cooldown kept the answer off the bubble (the pane's history keeps it). */
  onDropped?: (reaction: Reaction, why: string) => void;
  onDelegate?: (request: DelegateRequest, meta: DelegateMeta) => void;
  /** A plugin's logged problem (level warning, where 'plugin', the warning as detail). */
  report?: Reporter<PluginWarning>;
  now?: () => number;
  /** The owner's lifetime: when it aborts, the runner closes as close() does. */
  signal?: AbortSignal;
}

export interface RunnerStats {
  runs: number;
  inFlight: number;
  waiting: number;
  peakInFlight: number;
  droppedByCooldown: number;
}

export interface PluginRunner {
  /** Resolves when every plugin run for this event has finished (callers may ignore it). */
  handleEvent(event: JournalEvent): Promise<void>;
  setHandlers(handlers: readonly CompiledHandler[]): void;
  setLimits(limits: RunnerLimits | undefined): void;
  setChattiness(level: Chattiness): void;
  stats(): RunnerStats;
  /** Drops queued runs and kills the ones in flight (process groups included). */
  close(): Promise<void>;
}

const SETTLED: Promise<void> = Promise.resolve();

function isDirectory(path: unknown): path is string {
  if (typeof path !== 'string' || path === '') return false;
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * What a plugin reads on stdin: the hook JSON as received (normalised by its host's adapter),
 * `host` always set, plus the raw journal event.
 */
export function pluginInput(event: JournalEvent): Record<string, unknown> {
  const { ts: _ts, ...received } = event;
  return { ...received, host: event.host ?? DEFAULT_HOST, payload: event };
}

type Limits = Record<keyof typeof DEFAULT_LIMITS, number>;

/** Everything one runner holds, passed explicitly to each step. */
interface RunnerState {
  readonly options: PluginRunnerOptions;
  readonly now: () => number;
  readonly parentEnv: NodeJS.ProcessEnv;
  readonly shell: string;
  readonly queue: RunQueue;
  /** Kills the runs in flight (their process groups included). */
  readonly killers: Set<() => void>;
  /** One promise per event that matched plugins, until its runs are done. */
  readonly pending: Set<Promise<void>>;
  readonly cooldowns: Cooldowns;
  readonly turnClock: TurnClock;
  readonly isRecovery: ReturnType<typeof createRecoveryTracker>;
  handlers: readonly CompiledHandler[];
  limits: Limits;
  chattiness: Chattiness;
  runs: number;
  eventCount: number;
  closed: boolean;
}

/** A plugin as the steps need it: its name, its file, its cooldown. */
interface PluginRef {
  name: string;
  file?: string;
  cooldownMs: number;
}

const withDefaults = (limits: RunnerLimits | undefined): Limits => ({ ...DEFAULT_LIMITS, ...limits });

function makeRunnerState(options: PluginRunnerOptions): RunnerState {
  const now = options.now ?? Date.now;
  const parentEnv = options.env ?? process.env;
  const limits = withDefaults(options.limits);
  return {
    options,
    now,
    parentEnv,
    shell: options.shell ?? userShell(parentEnv),
    queue: createRunQueue(limits.maxConcurrent),
    killers: new Set(),
    pending: new Set(),
    cooldowns: createCooldowns(now, (reaction, why) => options.onDropped?.(reaction, why)),
    turnClock: new TurnClock(),
    isRecovery: createRecoveryTracker(),
    handlers: options.handlers ?? [],
    limits,
    chattiness: options.chattiness ?? DEFAULT_CHATTINESS,
    runs: 0,
    eventCount: 0,
    closed: false,
  };
}

function warn(state: RunnerState, plugin: { name: string; file?: string }, event: JournalEvent, message: string): void {
  try {
    const warning: PluginWarning = {
      plugin: plugin.name,
      sessionId: event.session_id,
      event: event.hook_event_name,
      message: sanitizeText(message, { maxLength: 400 }),
      ts: state.now(),
      ...(plugin.file ? { file: plugin.file } : {}),
    };
    state.options.report?.({ level: 'warning', where: 'plugin', message: warning.message, detail: warning });
  } catch {
    // A failing logger must not take the runner down.
  }
}

/** An outcome to where it goes: the bubble or the delegate when the plugin's cooldown lets it, or the log. */
function deliver(
  state: RunnerState,
  plugin: PluginRef,
  event: JournalEvent,
  kinds: EventKind[],
  eventId: string,
  outcome: HandlerOutcome,
  startedAt: number,
): void {
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
      return warn(state, plugin, event, action.message);
    case 'delegate':
      if (state.cooldowns.passes(plugin.name, plugin.cooldownMs))
        state.options.onDelegate?.(action.request, action.meta);
      return;
    case 'reaction':
      if (state.cooldowns.passes(plugin.name, plugin.cooldownMs, action.reaction))
        state.options.onReaction?.(action.reaction);
  }
}

/** One run of a handler: its environment, directory and limits worked out, then the process or request. */
async function execute(state: RunnerState, handler: CompiledHandler, event: JournalEvent): Promise<HandlerOutcome> {
  const { origin } = handler;
  const { parentEnv, limits } = state;
  const projectDir = isDirectory(event.cwd) ? event.cwd : (state.options.projectDir ?? process.cwd());
  const env = buildPluginEnv({ parentEnv, event, root: origin.root, projectDir, extra: origin.env });
  const timeoutSeconds = handler.handler.timeout ?? origin.limits?.timeoutSeconds ?? limits.timeoutSeconds;
  const timeoutMs = Math.round(timeoutSeconds * 1000);
  const run: HandlerRunContext = {
    env,
    projectDir,
    body: JSON.stringify(pluginInput(event)),
    timeoutSeconds,
    timeoutMs,
    maxOutputBytes: limits.maxOutputBytes,
    track: ({ kill, result }) => {
      state.killers.add(kill);
      return result.finally(() => state.killers.delete(kill));
    },
    warn: (message) => warn(state, { name: handler.name, file: origin.file }, event, message),
  };
  if (handler.handler.type === 'command') {
    const cwd = isDirectory(event.cwd) ? event.cwd : origin.root;
    return runCommandHandler(handler.handler, { shell: state.shell, cwd, root: origin.root }, run);
  }
  return runHttpHandler(handler.handler, parentEnv, run);
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
      if (state.closed) return;
      state.runs += 1;
      const startedAt = state.now();
      const outcome = await execute(state, handler, event);
      if (!state.closed) deliver(state, plugin, event, kinds, eventId, outcome, startedAt);
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
): void {
  const { quipFor } = state.options;
  const { limits, chattiness } = state;
  const cooldownMs = chattiness === 'chatty' ? Math.min(limits.cooldownMs, CHATTY_COOLDOWN_MS) : limits.cooldownMs;
  if (!quipFor || state.cooldowns.coolingDown(BUILTIN_PLUGIN_NAME, cooldownMs)) return;
  const startedAt = state.now();
  try {
    const answer = builtinQuipAnswer(kinds, event.session_id, quipFor, chattiness, recovery);
    if (answer)
      deliver(
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
  if (state.closed || typeof event?.session_id !== 'string' || typeof event.hook_event_name !== 'string')
    return SETTLED;
  const kinds = eventKinds(event, state.turnClock.turnLength(event, state.now()));
  // Every answer to this event carries its number, so the user's answer can take the quip's place.
  const eventId = `e${++state.eventCount}`;
  const tasks = matchingHandlers(state.handlers, event).map((handler) => runOne(state, handler, event, kinds, eventId));
  sayBuiltinQuip(state, event, kinds, eventId, state.isRecovery(event.session_id, kinds));
  // Most events match no plugin: no promise per event then (a burst of 50,000 would make
  // a quarter of a million of them).
  if (tasks.length === 0) return SETTLED;
  // Never rejects: callers may fire and forget.
  const all = Promise.allSettled(tasks).then(() => undefined);
  state.pending.add(all);
  void all.finally(() => state.pending.delete(all));
  return all;
}

async function closeRunner(state: RunnerState): Promise<void> {
  state.closed = true;
  state.queue.clear();
  for (const kill of state.killers) kill();
  await Promise.all([...state.pending]);
}

export function createPluginRunner(options: PluginRunnerOptions = {}): PluginRunner {
  const state = makeRunnerState(options);
  if (options.signal) addAbortListener(options.signal, () => void closeRunner(state));
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
    close: () => closeRunner(state),
  };
}
