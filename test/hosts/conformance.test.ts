/**
 * The host conformance test: every host's translator over every recorded payload of that host
 * (test/support/host-fixtures.ts) gives internal events the reducer can rely on
 * (src/protocol/internal-event.ts), and a run folds into a session that names its host.
 */
import { describe, expect, it } from 'vitest';
import { hostTranslator, normalizeHostEvent } from '../../src/hosts/host-translator.js';
import { HOST_IDS, type HostId } from '../../src/hosts/host-id.js';
import { HOOK_EVENT_NAMES, TOOL_EVENTS, type JournalEvent } from '../../src/protocol/hook-event.js';
import { TOOL_ROLES, type InternalEvent } from '../../src/protocol/internal-event.js';
import { foldEvents } from '../../src/state/reducer.js';
import { ASK_ANSWERED } from '../../src/state/waiting.js';
import { HOST_FIXTURES } from '../support/host-fixtures.js';

/** What is wrong with one internal event; [] when nothing. */
function problems(event: InternalEvent, host: HostId): string[] {
  const out: string[] = [];
  const name = event.hook_event_name;
  if (event.host !== host) out.push(`host is ${String(event.host)}`);
  if (typeof event.session_id !== 'string' || !event.session_id) out.push('no session_id');
  if (!(HOOK_EVENT_NAMES as readonly string[]).includes(name) && !HOST_ONLY_EVENTS.has(name))
    out.push(`unknown event ${name}`);
  // A permission prompt may not say which tool (Copilot's and Gemini's come as a Notification).
  if ((TOOL_EVENTS.has(name) || name === 'PreToolUse') && name !== 'PermissionRequest') {
    if (typeof event.tool_name !== 'string' || !event.tool_name) out.push(`${name} without tool_name`);
    if (event.tool_input !== undefined && (typeof event.tool_input !== 'object' || event.tool_input === null))
      out.push('tool_input not an object');
  }
  if (event.tool_role !== undefined && !(TOOL_ROLES as readonly string[]).includes(event.tool_role))
    out.push(`tool_role ${event.tool_role}`);
  if (event.tool_use_id !== undefined && typeof event.tool_use_id !== 'string') out.push('tool_use_id not a string');
  if (name === 'PostToolUseFailure' && typeof event.error !== 'string') out.push('failure without error text');
  if (event.exit_code !== undefined && !Number.isInteger(event.exit_code)) out.push('exit_code not an integer');
  if (event.exit_code && name !== 'PostToolUseFailure') out.push(`exit code ${event.exit_code} not a failure`);
  if (
    event.files_touched !== undefined &&
    !(Array.isArray(event.files_touched) && event.files_touched.every((f) => typeof f === 'string'))
  )
    out.push('files_touched not strings');
  if ((name === 'SubagentStart' || name === 'SubagentStop') && typeof event.agent_id !== 'string')
    out.push(`${name} without agent_id`);
  if (name === 'Notification' && event.notification_type !== undefined && typeof event.notification_type !== 'string')
    out.push('notification_type not a string');
  return out;
}

/** Event names a translator may keep in the journal that the reducer only counts as activity. */
const HOST_ONLY_EVENTS: ReadonlySet<string> = new Set([
  'SubagentPrompt',
  'SubagentTurnEnd',
  'PromptContinuation',
  // OpenCode's and Kilo's permission reply: the wait ends at the answer (opencode-events.ts).
  ASK_ANSWERED,
]);

describe.each(HOST_IDS.map((host) => [host]))('host %s conforms', (host) => {
  const runs = HOST_FIXTURES[host]();

  it('has recorded payloads', () => {
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.every((run) => run.payloads.length > 0)).toBe(true);
  });

  it.each(runs.map((run) => [run.name, run]))('%s: every payload becomes a sound internal event', (_name, run) => {
    const events = run.payloads.map((payload) => normalizeHostEvent(host, payload));
    const found = events.flatMap((event, i) =>
      event ? problems(event, host).map((p) => `#${i} ${event.hook_event_name}: ${p}`) : [],
    );
    expect(found).toEqual([]);
    // Only the host's own leftovers are dropped; the translator never throws on them.
    expect(events.filter(Boolean).length).toBeGreaterThan(0);
  });

  it.each(runs.map((run) => [run.name, run]))('%s: folds into sessions that name the host', (_name, run) => {
    const events = run.payloads.flatMap((payload, i) => {
      const event = normalizeHostEvent(host, payload);
      return event ? [{ ...event, ts: 1_000 + i } as JournalEvent] : [];
    });
    const sessions = new Set(events.map((e) => e.session_id));
    for (const id of sessions) {
      const state = foldEvents(
        undefined,
        events.filter((e) => e.session_id === id),
        id,
      );
      expect(state.host).toBe(host);
    }
  });

  it('says what it can report, and its recorded events never show more', () => {
    const caps = hostTranslator(host).capabilities;
    expect(Object.keys(caps).sort()).toEqual([
      'exitCodes',
      'sessionEnd',
      'subagents',
      'toolCallIds',
      'turnEnd',
      'waitingForApproval',
    ]);
    const events = runs.flatMap((run) => run.payloads.flatMap((payload) => normalizeHostEvent(host, payload) ?? []));
    const names = new Set(events.map((event) => event.hook_event_name));
    // A host said to have no subagent events gives none; one said to have them gives some.
    expect(names.has('SubagentStart')).toBe(caps.subagents);
    if (!caps.toolCallIds) expect(events.filter((event) => event.tool_use_id !== undefined)).toEqual([]);
    if (caps.sessionEnd === 'always') expect(names.has('SessionEnd')).toBe(true);
  });

  it('refuses what is not an object without throwing', () => {
    for (const junk of [null, 3, 'x', [], [{ session_id: 's', hook_event_name: 'Stop' }]])
      expect(normalizeHostEvent(host, junk)).toBeUndefined();
  });
});
