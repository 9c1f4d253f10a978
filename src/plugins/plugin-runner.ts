/**
 * Runs the plugins an event matches, concurrently, under a global cap on runs in flight, and
 * turns their answers into Reactions, delegate requests or logged warnings. Nothing a plugin
 * does can throw out of here, block the caller, or reach Claude Code.
 */
import { randomUUID } from 'node:crypto';
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
import { createRunQueue } from './run-queue.js';
import { BUILTIN_PLUGIN_NAME, builtinQuipAnswer, type QuipFor } from './builtin-quips.js';
import { CHATTY_COOLDOWN_MS, createRecoveryTracker, DEFAULT_CHATTINESS, type Chattiness } from './chattiness.js';
import { createCooldowns } from './cooldowns.js';
import { TurnClock } from './turn-clock.js';
import { answerAction } from './answer-reaction.js';

export const DEFAULT_LIMITS = { maxConcurrent: 4, timeoutSeconds: 10, cooldownMs: 3000, maxOutputBytes: 64 * 1024 } as const;
export { MAX_REACTION_LENGTH, MAX_TTL_MS, MIN_TTL_MS } from './answer-reaction.js';

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

export function createPluginRunner(options: PluginRunnerOptions = {}): PluginRunner {
  const now = options.now ?? Date.now;
  const parentEnv = options.env ?? process.env;
  const shell = options.shell ?? userShell(parentEnv);
  let handlers: readonly CompiledHandler[] = options.handlers ?? [];
  let limits = { ...DEFAULT_LIMITS, ...options.limits };
  const queue = createRunQueue(limits.maxConcurrent);
  const killers = new Set<() => void>();
  const pending = new Set<Promise<void>>();
  const cooldowns = createCooldowns(now, (reaction, why) => options.onDropped?.(reaction, why));
  const turnClock = new TurnClock();
  let runs = 0;
  let eventCount = 0;
  let chattiness = options.chattiness ?? DEFAULT_CHATTINESS;
  const isRecovery = createRecoveryTracker();
  let closed = false;

  const warn = (handler: { name: string; file?: string }, event: JournalEvent, message: string) => {
    try {
      const warning: PluginWarning = {
        plugin: handler.name, sessionId: event.session_id, event: event.hook_event_name,
        message: sanitizeText(message, { maxLength: 400 }), ts: now(), ...(handler.file ? { file: handler.file } : {}),
      };
      options.report?.({ level: 'warning', where: 'plugin', message: warning.message, detail: warning });
    } catch {
      // A failing logger must not take the runner down.
    }
  };

  /** An outcome to where it goes: the bubble or the delegate when the plugin's cooldown lets it, or the log. */
  function deliver(
    plugin: { name: string; file?: string; cooldownMs: number },
    event: JournalEvent, kinds: EventKind[], eventId: string, outcome: HandlerOutcome, startedAt: number,
  ): void {
    const action = answerAction(outcome, { plugin: plugin.name, event, kinds, eventId, startedAt, now: now(), newId: randomUUID });
    switch (action.kind) {
      case 'none':
        return;
      case 'warning':
        return warn(plugin, event, action.message);
      case 'delegate':
        if (cooldowns.passes(plugin.name, plugin.cooldownMs)) options.onDelegate?.(action.request, action.meta);
        return;
      case 'reaction':
        if (cooldowns.passes(plugin.name, plugin.cooldownMs, action.reaction)) options.onReaction?.(action.reaction);
    }
  }

  async function execute(handler: CompiledHandler, event: JournalEvent): Promise<HandlerOutcome> {
    const { origin } = handler;
    const projectDir = isDirectory(event.cwd) ? event.cwd : (options.projectDir ?? process.cwd());
    const env = buildPluginEnv({ parentEnv, event, root: origin.root, projectDir, extra: origin.env });
    const timeoutSeconds = handler.handler.timeout ?? origin.limits?.timeoutSeconds ?? limits.timeoutSeconds;
    const timeoutMs = Math.round(timeoutSeconds * 1000);
    const run: HandlerRunContext = {
      env, projectDir, body: JSON.stringify(pluginInput(event)), timeoutSeconds, timeoutMs, maxOutputBytes: limits.maxOutputBytes,
      track: ({ kill, result }) => {
        killers.add(kill);
        return result.finally(() => killers.delete(kill));
      },
      warn: (message) => warn({ name: handler.name, file: origin.file }, event, message),
    };
    if (handler.handler.type === 'command') {
      const cwd = isDirectory(event.cwd) ? event.cwd : origin.root;
      return runCommandHandler(handler.handler, { shell, cwd, root: origin.root }, run);
    }
    return runHttpHandler(handler.handler, parentEnv, run);
  }

  async function runOne(handler: CompiledHandler, event: JournalEvent, kinds: EventKind[], eventId: string): Promise<void> {
    const cooldownMs = handler.origin.limits?.cooldownMs ?? limits.cooldownMs;
    const plugin = { name: handler.name, file: handler.origin.file, cooldownMs };
    try {
      await queue.run(async () => {
        if (closed) return;
        runs += 1;
        const startedAt = now();
        const outcome = await execute(handler, event);
        if (!closed) deliver(plugin, event, kinds, eventId, outcome, startedAt);
      });
    } catch (error) {
      warn(plugin, event, `internal error: ${(error as Error).message}`);
    }
  }

  return {
    handleEvent(event: JournalEvent): Promise<void> {
      if (closed || typeof event?.session_id !== 'string' || typeof event.hook_event_name !== 'string') return SETTLED;
      const kinds = eventKinds(event, turnClock.turnLength(event, now()));
      // Every answer to this event carries its number, so the user's answer can take the quip's place.
      const eventId = `e${++eventCount}`;
      const tasks = matchingHandlers(handlers, event).map((handler) => runOne(handler, event, kinds, eventId));
      const recovery = isRecovery(event.session_id, kinds);
      const quipCooldownMs = chattiness === 'chatty' ? Math.min(limits.cooldownMs, CHATTY_COOLDOWN_MS) : limits.cooldownMs;
      // A quip that the cooldown would drop is not made at all.
      if (options.quipFor && !cooldowns.coolingDown(BUILTIN_PLUGIN_NAME, quipCooldownMs)) {
        const startedAt = now();
        try {
          const answer = builtinQuipAnswer(kinds, event.session_id, options.quipFor, chattiness, recovery);
          if (answer) deliver({ name: BUILTIN_PLUGIN_NAME, cooldownMs: quipCooldownMs }, event, kinds, eventId, { kind: 'answer', raw: answer }, startedAt);
        } catch (error) {
          warn({ name: BUILTIN_PLUGIN_NAME }, event, `quip failed: ${(error as Error).message}`);
        }
      }
      // Most events match no plugin: no promise per event then (a burst of 50,000 would make
      // a quarter of a million of them).
      if (tasks.length === 0) return SETTLED;
      // Never rejects: callers may fire and forget.
      const all = Promise.allSettled(tasks).then(() => undefined);
      pending.add(all);
      void all.finally(() => pending.delete(all));
      return all;
    },
    setHandlers(next) {
      handlers = next;
    },
    setLimits(next) {
      limits = { ...DEFAULT_LIMITS, ...next };
      queue.setLimit(limits.maxConcurrent);
    },
    setChattiness(level) {
      chattiness = level;
    },
    stats: () => ({ runs, inFlight: queue.inFlight, waiting: queue.waiting, peakInFlight: queue.peak, droppedByCooldown: cooldowns.droppedCount() }),
    async close() {
      closed = true;
      queue.clear();
      for (const kill of killers) kill();
      await Promise.all([...pending]);
    },
  };
}
