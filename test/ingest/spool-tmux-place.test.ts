/**
 * The sh spool's tmux place: TMUX_PANE and the tmux server's pid (TMUX's second field) go into the
 * inbox file's name by parameter expansion, and the drain stamps them as `tmux_pane` and
 * `tmux_server_pid`. Whatever the two variables hold, the event is drained: a value that is not a
 * pane and a pid adds no place, and a payload's own `tmux_pane` never passes for the hook's.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drainInbox } from '../../src/ingest/drain-inbox.js';
import { parseInboxName } from '../../src/ingest/inbox-order.js';
import { makeTempDir } from '../support/temp-dir.js';
import { runSpool } from '../support/spool-process.js';

const SID = 'a1b2c3d4-0000-4000-8000-00000000place';

function rootWithInbox(): string {
  const root = join(makeTempDir(), 'state');
  mkdirSync(join(root, 'inbox'), { recursive: true, mode: 0o700 });
  return root;
}

const lastLine = (root: string) => {
  const path = join(root, SID, 'events.jsonl');
  const lines = existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : [];
  return lines.length ? (JSON.parse(lines.at(-1)!) as Record<string, unknown>) : undefined;
};

/** One event spooled with this tmux environment: the name the spool chose and the journal line the drain wrote. */
async function spoolIn(env: { TMUX?: string; TMUX_PANE?: string }, payload: Record<string, unknown> = {}) {
  const root = rootWithInbox();
  const result = await runSpool(JSON.stringify({ session_id: SID, hook_event_name: 'Notification', ...payload }), {
    BUDDY_TUI_STATE_DIR: root,
    TMUX: '',
    TMUX_PANE: '',
    ...env,
  });
  expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
  const [name] = readdirSync(join(root, 'inbox')).filter((entry) => !entry.startsWith('.'));
  expect(drainInbox(root)).toMatchObject({ drained: 1, waiting: 0 });
  return { name, parsed: parseInboxName(name!), line: lastLine(root) };
}

describe('the spool records the tmux place', () => {
  it('inside tmux: `.t<pane>.<server pid>` in the name, stamped on the journal line', async () => {
    const { name, parsed, line } = await spoolIn({ TMUX: '/tmp/tmux-1000/default,4242,0', TMUX_PANE: '%12' });
    expect(name).toMatch(/^claude\.\d+\.t12\.4242$/);
    expect(parsed).toMatchObject({ host: 'claude', tmuxPane: '%12', tmuxServerPid: 4242 });
    expect(line).toMatchObject({
      tmux_pane: '%12',
      tmux_server_pid: 4242,
      inbox: expect.stringMatching(/^claude\.\d+\.t12\.4242@/),
    });
  });

  it('outside tmux, or with values that are not a pane and a pid: no place, and the event is still drained', async () => {
    const cases = [
      {},
      { TMUX_PANE: '%3' },
      { TMUX: '/tmp/tmux-1000/default,4242,0' },
      { TMUX: '/tmp/x', TMUX_PANE: '%3' },
      { TMUX: '/tmp/x,42;rm -rf ~,0', TMUX_PANE: '%3' },
      { TMUX: '/tmp/x,42,0', TMUX_PANE: '%3.1' },
      { TMUX: '/tmp/x,42,0', TMUX_PANE: '3$(id)' },
      { TMUX: '/tmp/x,42,0', TMUX_PANE: '%' },
    ];
    for (const env of cases) {
      const { name, parsed, line } = await spoolIn(env, { tmux_pane: '%99' });
      expect({ env, name }).toEqual({ env, name: expect.stringMatching(/^claude\.\d+$/) });
      expect(parsed?.tmuxPane).toBeUndefined();
      // The payload's own tmux_pane is not the hook's: dropped.
      expect(line).not.toHaveProperty('tmux_pane');
    }
  });

  it('a pane number or pid too long for tmux: the name parses, the event drains, no place', async () => {
    const { parsed, line } = await spoolIn({ TMUX: '/tmp/x,12345678901,0', TMUX_PANE: '%1' });
    expect(parsed).toMatchObject({ host: 'claude' });
    expect(parsed?.tmuxPane).toBeUndefined();
    expect(line).toMatchObject({ hook_event_name: 'Notification' });
    expect(line).not.toHaveProperty('tmux_pane');
  });
});
