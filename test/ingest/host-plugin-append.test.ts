/**
 * The in-process host plugin's inbox writer (src/ingest/host-plugin/append-event.ts): one long-lived
 * host process writes many events under its one pid, into the inbox the sh spool writes, and the
 * unchanged drain journals them in order. Where the inbox is missing or not sound, the real Node
 * hook (dist/hook.js, built by `npm run build`) takes the event, as the spool hands it over.
 */
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drainInbox } from '../../src/ingest/drain-inbox.js';
import { appendHostEvent, tmuxPlaceSuffix } from '../../src/ingest/host-plugin/append-event.js';
import { parseInboxName } from '../../src/ingest/inbox-order.js';
import { HOOK_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { journal } from './spool-writers.js';

const SID = 'plugin00-0000-4000-8000-000000000001';
const event = (seq: number) => ({ session_id: SID, hook_event_name: 'PostToolUse', tool_name: 'Bash', seq });
const nodeHook = { node: process.execPath, hookScript: HOOK_ENTRY };

function rootWithInbox(): string {
  const root = join(makeTempDir(), 'state');
  mkdirSync(join(root, 'inbox'), { recursive: true, mode: 0o700 });
  return root;
}

const inboxNames = (root: string) => readdirSync(join(root, 'inbox')).filter((name) => !name.startsWith('.'));

describe('appendHostEvent: an in-process plugin writes the inbox', () => {
  it('200 events of one process are all spooled under its pid and drained in order (the spool has 8 names a pid)', () => {
    const root = rootWithInbox();
    const env = { BUDDY_TUI_STATE_DIR: root };
    for (let seq = 1; seq <= 200; seq += 1) expect(appendHostEvent('claude', event(seq), { env })).toBe('spooled');
    const names = inboxNames(root);
    expect(names).toHaveLength(200);
    expect(names.every((name) => parseInboxName(name)?.pid === process.pid)).toBe(true);
    expect(drainInbox(root)).toMatchObject({ drained: 200, waiting: 0 });
    expect(journal(root, SID).map((line) => line.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(inboxNames(root)).toEqual([]);
  });

  it('passes over names a reused pid left waiting, and leaves them whole', () => {
    const root = rootWithInbox();
    const env = { BUDDY_TUI_STATE_DIR: root };
    const pid = 424_242;
    const old = JSON.stringify({ ...event(0), session_id: `${SID.slice(0, -1)}9` });
    for (const k of [1, 2, 3]) writeFileSync(join(root, 'inbox', `claude.${pid}.${k}`), old);
    expect(appendHostEvent('claude', event(1), { env, pid })).toBe('spooled');
    expect(inboxNames(root)).toHaveLength(4);
    expect(drainInbox(root)).toMatchObject({ drained: 4 });
    expect(journal(root, SID).map((line) => line.seq)).toEqual([1]);
  });

  it('writes nothing for buddy-tui own model calls (BUDDY_TUI_CHILD=1)', () => {
    const root = rootWithInbox();
    expect(appendHostEvent('claude', event(1), { env: { BUDDY_TUI_STATE_DIR: root, BUDDY_TUI_CHILD: '1' } })).toBe(
      'skipped',
    );
    expect(inboxNames(root)).toEqual([]);
  });

  it('adds the tmux place as the spool does, and the drain stamps it', () => {
    const root = rootWithInbox();
    const env = { BUDDY_TUI_STATE_DIR: root, TMUX_PANE: '%7', TMUX: '/tmp/tmux-1/default,4321,0' };
    expect(tmuxPlaceSuffix(env)).toBe('.t7.4321');
    expect(tmuxPlaceSuffix({ TMUX_PANE: '%7;rm', TMUX: '/s,1,0' })).toBe('');
    expect(appendHostEvent('claude', event(1), { env })).toBe('spooled');
    expect(inboxNames(root)[0]).toMatch(/\.t7\.4321$/);
    drainInbox(root);
    expect(journal(root, SID)[0]).toMatchObject({ tmux_pane: '%7', tmux_server_pid: 4321 });
  });

  it('a missing inbox: the real Node hook creates it and journals the event', () => {
    const root = join(makeTempDir(), 'state');
    expect(appendHostEvent('claude', event(1), { env: { BUDDY_TUI_STATE_DIR: root }, nodeHook })).toBe('node-hook');
    expect(journal(root, SID).map((line) => line.seq)).toEqual([1]);
    expect(existsSync(join(root, 'inbox'))).toBe(true);
  });

  it('an unsound inbox (a symlink, refused root) is never written; without a Node hook the event is dropped, not thrown', () => {
    const base = makeTempDir();
    const root = join(base, 'state');
    const elsewhere = join(base, 'elsewhere');
    mkdirSync(root, { mode: 0o700 });
    mkdirSync(elsewhere, { mode: 0o700 });
    symlinkSync(elsewhere, join(root, 'inbox'));
    expect(appendHostEvent('claude', event(1), { env: { BUDDY_TUI_STATE_DIR: root } })).toBe('dropped');
    expect(readdirSync(elsewhere)).toEqual([]);
    const refused = rootWithInbox();
    writeFileSync(join(refused, 'inbox', '.root-refused'), 'open to others\n');
    expect(appendHostEvent('claude', event(1), { env: { BUDDY_TUI_STATE_DIR: refused } })).toBe('dropped');
    expect(inboxNames(refused)).toEqual([]);
    expect(appendHostEvent('claude', 10n, { env: { BUDDY_TUI_STATE_DIR: refused } })).toBe('dropped');
  });

  it('a write that fails inside the writer (its dot file is a folder) never throws: the Node hook takes the event', () => {
    const root = rootWithInbox();
    // Not chmod: the tests may run as root, whom no mode stops.
    mkdirSync(join(root, 'inbox', `.claude.${process.pid}.part`));
    const outcome = appendHostEvent('claude', event(1), { env: { BUDDY_TUI_STATE_DIR: root }, nodeHook });
    expect(outcome).toBe('node-hook');
    expect(journal(root, SID).map((line) => line.seq)).toEqual([1]);
    expect(appendHostEvent('claude', event(2), { env: { BUDDY_TUI_STATE_DIR: root } })).toBe('dropped');
  });
});
