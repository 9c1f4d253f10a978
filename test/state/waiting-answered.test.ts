/**
 * The mod's "answered" record (ASK_ANSWERED, journaled by `buddy-tui mod-state --answered`): Claude
 * Code sends no hook when the user approves, so the ask would show until the approved call's
 * PostToolUse. Folded on the recorded session (test/fixtures/waiting-session.jsonl).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents } from '../../src/state/reducer.js';
import { sessionActivity } from '../../src/state/selectors.js';
import { ASK_ANSWERED } from '../../src/state/waiting.js';

const session: JournalEvent[] = readFileSync(new URL('../fixtures/waiting-session.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const at = (name: string, type?: string) =>
  session.find((e) => e.hook_event_name === name && (type === undefined || e.notification_type === type))!;

const pre = at('PreToolUse');
const request = at('PermissionRequest');
const upToAsk = session.slice(0, 4);
const answered = (overrides: Partial<JournalEvent> = {}): JournalEvent => ({
  session_id: pre.session_id,
  hook_event_name: ASK_ANSWERED,
  tool_use_id: pre.tool_use_id,
  tool_name: 'Bash',
  ts: request.ts + 2000,
  ...overrides,
});

describe('the mod tells buddy-tui the ask was answered', () => {
  it('the record ends the ask at once: the approved call runs, and the session works', () => {
    expect(foldEvents(undefined, upToAsk).waiting?.reason).toBe('permission');
    const state = foldEvents(undefined, [...upToAsk, answered()]);
    expect(state.waiting).toBeUndefined();
    expect(sessionActivity(state)).toBe('working');
    expect(Object.keys(state.toolsRunning)).toEqual([pre.tool_use_id]);
  });

  it('is buddy-tui own record: it is not counted as the host activity, and a second copy changes nothing', () => {
    const before = foldEvents(undefined, upToAsk);
    const after = foldEvents(undefined, [...upToAsk, answered(), answered()]);
    expect(after.eventCount).toBe(before.eventCount);
    expect(after.lastEventName).toBe(before.lastEventName);
  });

  it('the permission reminder that comes after the answer does not bring the ask back', () => {
    const reminder = { ...at('Notification', 'permission_prompt'), ts: request.ts + 6000 };
    expect(foldEvents(undefined, [...upToAsk, answered(), reminder]).waiting).toBeUndefined();
  });

  it('a record drained ahead of its PermissionRequest keeps that ask from showing', () => {
    const state = foldEvents(undefined, [...session.slice(0, 3), answered({ ts: pre.ts + 10 }), request]);
    expect(state.waiting).toBeUndefined();
  });

  it('the answer of another tool leaves the ask alone; a later ask of the same tool shows again', () => {
    expect(foldEvents(undefined, [...upToAsk, answered({ tool_name: 'Edit' })]).waiting?.tool).toBe('Bash');
    const second = { ...pre, tool_use_id: 'toolu_second', ts: request.ts + 3000 };
    const again = { ...request, ts: request.ts + 3100 };
    expect(foldEvents(undefined, [...upToAsk, answered(), second, again]).waiting).toMatchObject({
      reason: 'permission',
      tool: 'Bash',
      since: again.ts,
    });
  });
});
