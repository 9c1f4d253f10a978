/**
 * The translator of a host buddy-tui has no translator for (`generic`, or a user's host with a map
 * from config.json: user-host-map.ts). The payload is Claude Code's shape once the map renamed its
 * names; what a shell wrapper can send besides: `exit_code` on PostToolUse (or in `tool_response`),
 * a non-zero one making the call Claude's failure (`PostToolUseFailure`, `error` "Exit code N").
 * The host is stamped as the id the user gave, never as Claude Code.
 */
import type { InternalEvent } from '../protocol/internal-event.js';
import { isEventShaped, type HostPayload } from './translator-contract.js';
import { applyUserHostMap, type UserHostMap } from './user-host-map.js';

/** An integer exit code as sent: `exit_code` on the event, else `exit_code`/`exitCode` in `tool_response`. */
function sentExitCode(event: HostPayload): number | undefined {
  const response = event.tool_response as { exit_code?: unknown; exitCode?: unknown } | null | undefined;
  const sent =
    event.exit_code ??
    (typeof response === 'object' && response !== null ? (response.exit_code ?? response.exitCode) : undefined);
  return typeof sent === 'number' && Number.isInteger(sent) ? sent : undefined;
}

function withExitCode(event: HostPayload): HostPayload {
  const name = event.hook_event_name;
  if (name !== 'PostToolUse' && name !== 'PostToolUseFailure') return event;
  const exitCode = sentExitCode(event);
  if (exitCode === undefined) return event;
  if (exitCode === 0 && name === 'PostToolUse') return { ...event, exit_code: 0 };
  const said = typeof event.error === 'string' && event.error ? event.error : undefined;
  const error = said?.startsWith(`Exit code ${exitCode}`) ? said : `Exit code ${exitCode}${said ? `\n${said}` : ''}`;
  return { ...event, hook_event_name: 'PostToolUseFailure', exit_code: exitCode, error };
}

/** The payload as the internal event of `host`; undefined when, mapped, it is not Claude-shaped. */
export function userHostEvent(host: string, payload: HostPayload, map?: UserHostMap): InternalEvent | undefined {
  const mapped = map ? applyUserHostMap(payload, map) : payload;
  if (!isEventShaped(mapped)) return undefined;
  return { ...withExitCode(mapped), host } as InternalEvent;
}
