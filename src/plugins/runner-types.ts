/**
 * The plugin runner's public face: its options, its limits' defaults, what it reports and what
 * it offers. Kept apart from the runner's steps so callers' types do not pull in its machinery.
 */
import type { JournalEvent } from '../protocol/hook-event.js';
import type { Reaction } from '../protocol/reaction.js';
import type { DelegateMeta, DelegateRequest } from '../protocol/plugin-answer.js';
import type { RunnerLimits } from './plugin-config.js';
import type { Reporter } from '../report/reporter.js';
import type { CompiledHandler } from './matching.js';
import type { QuipFor } from './builtin-quips.js';
import type { Chattiness } from './chattiness.js';
import type { EventKind } from '../protocol/event-kind.js';

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
  /** Every event, after its built-in quip: the buddy's voice may upgrade it (src/voice/buddy-voice.ts). */
  onBuiltinMoment?: (moment: BuiltinMoment) => void;
  /** A plugin's logged problem (level warning, where 'plugin', the warning as detail). */
  report?: Reporter<PluginWarning>;
  now?: () => number;
  /** The owner's lifetime: when it aborts, the runner closes as close() does, and the owner's end waits for it. */
  signal?: AbortSignal;
}

/** An event as the buddy's own voice hears it: its kinds, its number, the quip said for it. */
export interface BuiltinMoment {
  event: JournalEvent;
  kinds: EventKind[];
  eventId: string;
  /** The tests turned green after failing. */
  recovery: boolean;
  quip?: Reaction;
  /** Settles when the user's plugins for the event are done: true when one of them answered. */
  userAnswered(): Promise<boolean>;
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
