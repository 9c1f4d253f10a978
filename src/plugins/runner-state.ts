/**
 * The one explicit state a plugin runner holds, how it is made, and the warning every step
 * logs through it. Each step of the runner takes this state as its first argument.
 */
import type { JournalEvent } from '../protocol/hook-event.js';
import { sanitizeText } from '../text/sanitize.js';
import type { RunnerLimits } from './plugin-config.js';
import type { CompiledHandler } from './matching.js';
import { userShell } from './command-handler.js';
import { createRunQueue, type RunQueue } from './run-queue.js';
import { createRecoveryTracker, DEFAULT_CHATTINESS, type Chattiness } from './chattiness.js';
import { createCooldowns, type Cooldowns } from './cooldowns.js';
import { TurnClock } from './turn-clock.js';
import { DEFAULT_LIMITS, type PluginRunnerOptions, type PluginWarning } from './runner-types.js';

export type Limits = Record<keyof typeof DEFAULT_LIMITS, number>;

/** Everything one runner holds, passed explicitly to each step. */
export interface RunnerState {
  readonly options: PluginRunnerOptions;
  readonly now: () => number;
  readonly parentEnv: NodeJS.ProcessEnv;
  readonly shell: string;
  readonly queue: RunQueue;
  /** Kills the runs in flight (their process groups included). */
  readonly killers: Set<() => void>;
  /** One promise per event that matched plugins, until its runs are done. */
  readonly pending: Set<Promise<void>>;
  /** Events a user's plugin answered (a reaction or a delegate request), until the event's runs settle. */
  readonly heard: Set<string>;
  readonly cooldowns: Cooldowns;
  readonly turnClock: TurnClock;
  readonly isRecovery: ReturnType<typeof createRecoveryTracker>;
  handlers: readonly CompiledHandler[];
  limits: Limits;
  chattiness: Chattiness;
  runs: number;
  eventCount: number;
  /** The runner's lifetime: once it is aborted, no event runs and no answer is delivered. */
  readonly signal: AbortSignal;
}

/** A plugin as the steps need it: its name, its file, its cooldown. */
export interface PluginRef {
  name: string;
  file?: string;
  cooldownMs: number;
}

export const withDefaults = (limits: RunnerLimits | undefined): Limits => ({ ...DEFAULT_LIMITS, ...limits });

export function makeRunnerState(options: PluginRunnerOptions, signal: AbortSignal): RunnerState {
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
    heard: new Set(),
    cooldowns: createCooldowns(now, (reaction, why) => options.onDropped?.(reaction, why)),
    turnClock: new TurnClock(),
    isRecovery: createRecoveryTracker(),
    handlers: options.handlers ?? [],
    limits,
    chattiness: options.chattiness ?? DEFAULT_CHATTINESS,
    runs: 0,
    eventCount: 0,
    signal,
  };
}

export function warn(
  state: RunnerState,
  plugin: { name: string; file?: string },
  event: JournalEvent,
  message: string,
): void {
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
