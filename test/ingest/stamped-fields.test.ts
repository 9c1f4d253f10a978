/**
 * The fields buddy-tui stamps on a journal line (`ts`, `inbox`, `tmux_pane`, `tmux_socket`,
 * `tmux_server_pid`) are only ever its own: a host payload that carries those names at its top
 * level has them dropped, through the real Node hook and through the real sh spool and drain, and
 * a key of the same name nested in a tool's input is never read as the line's own. The host's own
 * places (`cwd`, `transcript_path`) of a payload too large to parse are its top-level ones too.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drainInbox } from '../../src/ingest/drain-inbox.js';
import { topLevelStrings } from '../../src/ingest/payload-edges.js';
import { runHook } from '../support/hook-process.js';
import { runSpool } from '../support/spool-process.js';
import { event, journal, rootWithInbox, spool, T0 } from './drain-inbox-support.js';

const SID = 'aaaaaaaa-0000-4000-8000-0000000stamp';
/** What a hostile payload claims: the same names buddy-tui stamps, at its top level. */
const FORGED = {
  tmux_pane: '%0',
  tmux_socket: '/tmp/elsewhere/sock',
  tmux_server_pid: 4242,
  inbox: 'claude.1@1',
  ts: 5,
};
const payload = JSON.stringify({ session_id: SID, hook_event_name: 'Notification', ...FORGED });
const NO_TMUX = { TMUX: '', TMUX_PANE: '' };

describe("a payload's own stamped names", () => {
  it('through the real Node hook: dropped; the line carries the receive time and no place', async () => {
    const root = rootWithInbox();
    const before = Date.now();
    expect(await runHook(payload, { BUDDY_TUI_STATE_DIR: root, ...NO_TMUX })).toMatchObject({ code: 0 });
    const [line] = journal(root, SID);
    for (const field of ['tmux_pane', 'tmux_socket', 'tmux_server_pid', 'inbox'])
      expect(line).not.toHaveProperty(field);
    expect(line!.ts).toBeGreaterThanOrEqual(before);
  });

  it("through the real Node hook inside tmux: the place is the hook's own, the forged pid gone", async () => {
    const root = rootWithInbox();
    const env = { BUDDY_TUI_STATE_DIR: root, TMUX: '/tmp/tmux-1000/default,77,0', TMUX_PANE: '%3' };
    expect(await runHook(payload, env)).toMatchObject({ code: 0 });
    const [line] = journal(root, SID);
    expect(line).toMatchObject({ tmux_pane: '%3', tmux_socket: '/tmp/tmux-1000/default' });
    expect(line).not.toHaveProperty('tmux_server_pid');
    expect(line).not.toHaveProperty('inbox');
  });

  it('through the real sh spool and the drain: none survives, inside tmux or not', async () => {
    for (const env of [NO_TMUX, { TMUX: '/tmp/tmux-1000/default,77,0', TMUX_PANE: '%3' }]) {
      const root = rootWithInbox();
      expect(await runSpool(payload, { BUDDY_TUI_STATE_DIR: root, ...env })).toMatchObject({ code: 0, stderr: '' });
      const [name] = readdirSync(join(root, 'inbox')).filter((entry) => !entry.startsWith('.'));
      expect(drainInbox(root)).toMatchObject({ drained: 1 });
      const [line] = journal(root, SID);
      expect(line!.inbox).toMatch(new RegExp(`^${name!.replaceAll('.', '\\.')}@\\d+`));
      expect(line!.ts).not.toBe(5);
      expect(line).not.toHaveProperty('tmux_socket');
      if (env.TMUX_PANE) expect(line).toMatchObject({ tmux_pane: '%3', tmux_server_pid: 77 });
      else for (const field of ['tmux_pane', 'tmux_server_pid']) expect(line).not.toHaveProperty(field);
    }
  });

  it("an `inbox` key nested in a tool's input is not the line's: the spooled event it names is still journaled", () => {
    const root = rootWithInbox();
    const name = 'claude.999999999';
    // A journaled call whose input holds the very key the next spooled file will get.
    spool(root, 'claude.999999998', event(SID, 'PreToolUse', { tool_input: { inbox: `${name}@${T0 + 2000}` } }), T0);
    expect(drainInbox(root)).toMatchObject({ drained: 1 });
    spool(root, name, event(SID, 'PostToolUse'), T0 + 2000);
    expect(drainInbox(root)).toMatchObject({ drained: 1 });
    expect(journal(root, SID).map((line) => [line.hook_event_name, line.inbox])).toEqual([
      ['PreToolUse', `claude.999999998@${T0}`],
      ['PostToolUse', `${name}@${T0 + 2000}`],
    ]);
  });

  it("a payload over 16 MiB: its marker takes the payload's own cwd, never one nested in the tool's input", () => {
    const root = rootWithInbox();
    const input = { cwd: '/elsewhere', transcript_path: '/etc/shadow', note: '{"cwd":"/inner"}', ...FORGED };
    const head = `{"session_id":"${SID}","hook_event_name":"PreToolUse","tool_input":${JSON.stringify(input)}`;
    const big = `${head},"cwd":"/work/project","tool_response":"${'z'.repeat(17 * 1024 * 1024)}"}\n`;
    spool(root, 'claude.999999997', big, T0);
    expect(drainInbox(root)).toMatchObject({ drained: 1 });
    const [line] = journal(root, SID);
    expect(line).toMatchObject({ hook_event_name: 'PreToolUse', cwd: '/work/project', truncated: true });
    expect(line).not.toHaveProperty('transcript_path');
    expect(line).not.toHaveProperty('tmux_pane');
  });

  it('topLevelStrings: the first top-level string of each key, in a whole object or only its head', () => {
    const text = '{"a":{"k":"nested"},"b":["k","x"],"k":"top","s":"\\"k\\":\\"q\\"","k2":1,"k3":"cut';
    expect(Object.fromEntries(topLevelStrings(text, ['k', 'k2', 'k3', 'x']))).toEqual({ k: 'top' });
    expect(Object.fromEntries(topLevelStrings('{"k":"a\\"b","k":"second"}', ['k']))).toEqual({ k: 'a"b' });
  });
});
