/**
 * A session's tmux place is read from the top level of its journal lines only, where buddy-tui
 * stamps it. An MCP tool with a free-form argument lets anyone who steers the model put
 * `tmux_pane` / `tmux_socket` keys into a tool's input: those give no place, whether written by
 * the real hook or found in a journal as it stands.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeOfLine, readSessionPlace } from '../../src/notify/session-place.js';
import { feedThroughHook } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

const SID = 'place-nested';
const FORGED = { tmux_pane: '%0', tmux_socket: '/tmp/elsewhere/sock', tmux_server_pid: 1 };
/** A permission prompt for an MCP tool whose free-form `record` holds the place keys. */
const mcpAsk = (input: Record<string, unknown>) =>
  JSON.stringify({
    session_id: SID,
    hook_event_name: 'PermissionRequest',
    tool_name: 'mcp__x__store',
    tool_input: input,
  });

function rootWith(lines: Array<Record<string, unknown>>): string {
  const root = join(makeTempDir(), 'state');
  mkdirSync(join(root, SID), { recursive: true, mode: 0o700 });
  writeFileSync(join(root, SID, 'events.jsonl'), lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  return root;
}

describe("keys nested in a tool's input", () => {
  it('written by the real hook outside tmux: no place', async () => {
    const root = join(makeTempDir(), 'state');
    const env = { BUDDY_TUI_STATE_DIR: root, TMUX: '', TMUX_PANE: '' };
    await feedThroughHook([mcpAsk({ record: FORGED }), mcpAsk(FORGED)], env);
    expect(readSessionPlace(root, SID)).toBeUndefined();
  });

  it("written by the real hook inside tmux: the place is the hook's, never the nested one", async () => {
    const root = join(makeTempDir(), 'state');
    const env = { BUDDY_TUI_STATE_DIR: root, TMUX: '/tmp/tmux-1000/default,77,0', TMUX_PANE: '%5' };
    await feedThroughHook([mcpAsk({ record: FORGED })], env);
    expect(readSessionPlace(root, SID)).toEqual({ pane: '%5', socket: '/tmp/tmux-1000/default' });
  });

  it('in a journal: the newest top-level place is taken, lines with only nested keys are passed over', () => {
    const top = { session_id: SID, hook_event_name: 'SessionStart', tmux_pane: '%3', tmux_server_pid: 42 };
    // A line whose only place is nested, newer than the stamped one.
    const onlyNested = { session_id: SID, hook_event_name: 'PreToolUse', tool_input: { record: FORGED, ...FORGED } };
    expect(readSessionPlace(rootWith([top, onlyNested]), SID)).toEqual({ pane: '%3', serverPid: 42 });
    expect(readSessionPlace(rootWith([onlyNested]), SID)).toBeUndefined();
  });

  it('one line: only well-formed top-level values make a place', () => {
    const line = (fields: Record<string, unknown>) => JSON.stringify({ hook_event_name: 'Stop', ...fields });
    expect(placeOfLine(line({ tool_input: FORGED }))).toBeUndefined();
    expect(placeOfLine(line({ tool_input: { a: { b: [FORGED] } } }))).toBeUndefined();
    expect(placeOfLine(line({ tmux_pane: '%0; rm', tool_input: FORGED }))).toBeUndefined();
    expect(placeOfLine(line({ tmux_pane: '%2', tmux_socket: 'rel/sock', tmux_server_pid: -1 }))).toEqual({
      pane: '%2',
    });
    expect(placeOfLine('{"tmux_pane":"%1",')).toBeUndefined();
  });
});
