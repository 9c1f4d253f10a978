/**
 * Names what a journal event means for the buddy (a failure, tests turning green, a commit...).
 * Shared by the pet engine, the built-in quips and the delegate fallback, so they agree.
 */
import type { JournalEvent } from './hook-event.js';
import { REACTION_PRIORITY } from './reaction.js';
import { toolRoleOf } from './internal-event.js';
import { writtenFiles } from './written-files.js';

export const EVENT_KINDS = [
  'session_start',
  'session_end',
  'prompt',
  'tool_start',
  'tool_success',
  'tool_failure',
  'test_failure',
  'tests_passed',
  'git_commit',
  'git_push',
  'file_written',
  'subagent_start',
  'subagent_stop',
  'turn_end',
  'long_turn',
  'compaction',
  'notification',
  'idle',
  'fed',
  'petted',
  'played',
  'level_up',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** A turn longer than this counts as a long turn. */
export const LONG_TURN_MS = 3 * 60_000;

const TEST_COMMAND =
  /\b(?:npm (?:run )?test|npx (?:vitest|jest|mocha)|vitest|jest|pytest|go test|cargo (?:test|nextest)|mvn test|gradle test|rspec|phpunit|ctest|yarn test|pnpm test|bun test|node --test|make test)\b/;
const GIT_COMMIT = /\bgit\s+(?:-C\s+\S+\s+)?commit\b/;
const GIT_PUSH = /\bgit\s+(?:-C\s+\S+\s+)?push\b/;

/** The command line of a shell tool's call (Claude Code's `Bash`, or any tool an adapter gave the shell role). */
export function bashCommandOf(event: JournalEvent): string | undefined {
  if (toolRoleOf(event) !== 'shell') return undefined;
  const command = event.tool_input?.command;
  return typeof command === 'string' ? command : undefined;
}

export function isTestCommand(command: string): boolean {
  return TEST_COMMAND.test(command);
}

/**
 * The kinds of one event, most specific first. `turnMs` is the length of the turn that a
 * Stop closes, when the caller knows it (the reducer's state does).
 */
export function eventKinds(event: JournalEvent, turnMs?: number): EventKind[] {
  const command = bashCommandOf(event);
  switch (event.hook_event_name) {
    case 'SessionStart':
      return ['session_start'];
    case 'SessionEnd':
      return ['session_end'];
    case 'UserPromptSubmit':
      return ['prompt'];
    case 'PreToolUse':
      return ['tool_start'];
    case 'PostToolUse': {
      const kinds: EventKind[] = [];
      if (command && isTestCommand(command)) kinds.push('tests_passed');
      if (command && GIT_COMMIT.test(command)) kinds.push('git_commit');
      if (command && GIT_PUSH.test(command)) kinds.push('git_push');
      if (writtenFiles(event).length > 0) kinds.push('file_written');
      kinds.push('tool_success');
      return kinds;
    }
    case 'PostToolUseFailure':
      return command && isTestCommand(command) ? ['test_failure', 'tool_failure'] : ['tool_failure'];
    case 'StopFailure':
      return ['tool_failure'];
    case 'SubagentStart':
      return ['subagent_start'];
    case 'SubagentStop':
      return ['subagent_stop'];
    case 'Stop':
      return turnMs !== undefined && turnMs >= LONG_TURN_MS ? ['long_turn', 'turn_end'] : ['turn_end'];
    case 'PreCompact':
    case 'PostCompact':
      return ['compaction'];
    case 'Notification':
      return ['notification'];
    default:
      return [];
  }
}

/**
 * How urgent a reaction to an event of these kinds is, when its producer does not say: a user's
 * plugin answering a failure weighs as much as the built-in quip for it, so it is never queued
 * behind that quip as small talk. The delegate resolver uses the same table.
 */
export function priorityOfKinds(kinds: readonly EventKind[]): number {
  if (kinds.some((k) => k === 'tool_failure' || k === 'test_failure')) return REACTION_PRIORITY.failure;
  if (kinds.some((k) => k === 'tests_passed' || k === 'git_commit' || k === 'git_push'))
    return REACTION_PRIORITY.success;
  if (kinds.some((k) => k === 'notification' || k === 'compaction' || k === 'long_turn')) return REACTION_PRIORITY.info;
  return REACTION_PRIORITY.chat;
}
