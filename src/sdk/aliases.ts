/**
 * SDK event aliases: short names for what a buddy reacts to, resolved against the hook JSON.
 *   bash:before / bash:after / bash:error   PreToolUse / PostToolUse / PostToolUseFailure on Bash
 *   <tool>:before / :after / :error         the same for any tool (edit:after, webfetch:before, ...)
 *   tool:before / tool:after / tool:error   any tool
 *   prompt, stop, notification, permission  UserPromptSubmit, Stop, Notification, PermissionRequest
 *   session:start / session:end             SessionStart / SessionEnd
 *   subagent:start / subagent:stop          SubagentStart / SubagentStop
 *   compact:before / compact:after          PreCompact / PostCompact
 *   test:fail / test:pass                   a test command failed / passed (Bash)
 *   git:commit / git:push                   a git commit / push succeeded (Bash)
 *   any Claude Code event name              that event, e.g. "PostToolBatch"
 */
import { HOOK_EVENT_NAMES } from '../protocol/hook-event.js';
import type { EventKind } from '../protocol/event-kind.js';

export interface AliasTarget {
  event: string;
  /** Lower-case tool name; undefined = any tool. */
  tool?: string;
  /** The event must carry this kind. */
  kind?: EventKind;
}

const FIXED: Record<string, AliasTarget> = {
  prompt: { event: 'UserPromptSubmit' },
  stop: { event: 'Stop' },
  notification: { event: 'Notification' },
  permission: { event: 'PermissionRequest' },
  'session:start': { event: 'SessionStart' },
  'session:end': { event: 'SessionEnd' },
  'subagent:start': { event: 'SubagentStart' },
  'subagent:stop': { event: 'SubagentStop' },
  'compact:before': { event: 'PreCompact' },
  'compact:after': { event: 'PostCompact' },
  'test:fail': { event: 'PostToolUseFailure', tool: 'bash', kind: 'test_failure' },
  'test:pass': { event: 'PostToolUse', tool: 'bash', kind: 'tests_passed' },
  'git:commit': { event: 'PostToolUse', tool: 'bash', kind: 'git_commit' },
  'git:push': { event: 'PostToolUse', tool: 'bash', kind: 'git_push' },
};

const PHASES: Record<string, string> = { before: 'PreToolUse', after: 'PostToolUse', error: 'PostToolUseFailure' };
const EVENT_NAMES: ReadonlySet<string> = new Set(HOOK_EVENT_NAMES);

/** The target of an alias, or undefined when it is not one. */
export function resolveAlias(alias: string): AliasTarget | undefined {
  // Own keys only: `constructor` or `toString` are not aliases.
  if (Object.hasOwn(FIXED, alias)) return FIXED[alias];
  if (EVENT_NAMES.has(alias)) return { event: alias };
  const match = /^([A-Za-z0-9_-]+):(before|after|error)$/.exec(alias);
  if (!match) return undefined;
  const [, tool, phase] = match;
  return { event: PHASES[phase!]!, ...(tool!.toLowerCase() === 'tool' ? {} : { tool: tool!.toLowerCase() }) };
}

export function aliasMatches(
  target: AliasTarget,
  event: { hook_event_name?: unknown; tool_name?: unknown },
  kinds: readonly EventKind[],
): boolean {
  if (event.hook_event_name !== target.event) return false;
  if (
    target.tool !== undefined &&
    (typeof event.tool_name !== 'string' || event.tool_name.toLowerCase() !== target.tool)
  )
    return false;
  return target.kind === undefined || kinds.includes(target.kind);
}
