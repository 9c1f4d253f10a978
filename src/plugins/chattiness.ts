/**
 * How much the buddy says on its own (`reactions.chattiness`). It only ever changes the built-in
 * quips: the user's own plugins and delegates are always heard, and so is "waiting for you".
 * - quiet: failures, recoveries (tests green again after a failing run), and Claude waiting for you;
 * - normal: failures, test results, commits, long turns, subagents (what the buddy always said);
 * - chatty: all of that plus pushes, compaction, session start and end, with a shorter cooldown.
 * Zod-free: the config schema and the pane import it.
 */
import type { EventKind } from '../protocol/event-kind.js';

export const CHATTINESS_LEVELS = ['quiet', 'normal', 'chatty'] as const;
export type Chattiness = (typeof CHATTINESS_LEVELS)[number];
export const DEFAULT_CHATTINESS: Chattiness = 'normal';

export const isChattiness = (value: unknown): value is Chattiness =>
  typeof value === 'string' && (CHATTINESS_LEVELS as readonly string[]).includes(value);

/** The level after this one (the pane key cycles quiet → normal → chatty → quiet). */
export function nextChattiness(level: Chattiness): Chattiness {
  return CHATTINESS_LEVELS[(CHATTINESS_LEVELS.indexOf(level) + 1) % CHATTINESS_LEVELS.length]!;
}

/** The built-in quips' cooldown when chatty (the configured one, when shorter, wins). */
export const CHATTY_COOLDOWN_MS = 1_000;

const QUIET_KINDS: ReadonlySet<EventKind> = new Set(['tool_failure', 'test_failure', 'notification']);
const NORMAL_KINDS: ReadonlySet<EventKind> = new Set([
  'tool_failure',
  'test_failure',
  'tests_passed',
  'git_commit',
  'long_turn',
  'subagent_start',
]);
const CHATTY_KINDS: ReadonlySet<EventKind> = new Set([
  ...NORMAL_KINDS,
  'notification',
  'git_push',
  'compaction',
  'session_start',
  'session_end',
]);
/** Quips for what the user did in the pane (feed, pet): not at quiet. */
const USER_ACTION_KINDS: ReadonlySet<EventKind> = new Set(['fed', 'petted', 'played']);

/** Whether a built-in quip of this kind is said at this level (`recovery`: the tests turned green again). */
export function quipAllowed(level: Chattiness, kind: EventKind, recovery = false): boolean {
  if (USER_ACTION_KINDS.has(kind)) return level !== 'quiet';
  if (level === 'quiet') return QUIET_KINDS.has(kind) || (kind === 'tests_passed' && recovery);
  return (level === 'chatty' ? CHATTY_KINDS : NORMAL_KINDS).has(kind);
}

const MAX_TRACKED_SESSIONS = 256;

/**
 * Remembers, per session, whether the last test run failed, so a passing run after it is known
 * as a recovery. Fed every event's kinds, whatever the level (a switch to quiet knows at once).
 */
export function createRecoveryTracker(): (sessionId: string, kinds: readonly EventKind[]) => boolean {
  const failing = new Set<string>();
  return (sessionId, kinds) => {
    if (kinds.includes('test_failure')) {
      failing.add(sessionId);
      if (failing.size > MAX_TRACKED_SESSIONS) failing.delete(failing.values().next().value!);
      return false;
    }
    if (kinds.includes('tests_passed')) return failing.delete(sessionId);
    return false;
  };
}
