// `buddy-tui status --format '{project}'` in a real tmux's status-right, for projects whose folder
// names are tmux formats: `#[fg=red]` (a style), `#{session_name}` (a variable) and `#(…)` (a
// command tmux would run). The docs' way (`--format … --tmux`) and a status-right written with
// `--format` alone (tmux runs it as a job, so it escapes too) must both show the names as text and
// run nothing (tmux 3.3a runs no job from a job's output, but blanked that segment: it showed
// `<>`, and the styled one `xtest` in red). As in status-segment-tmux.test.ts, an outer tmux holds an attached client of the
// inner server, whose status line is read back: what the user sees.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ENTRY, feedThroughHook } from '../support/hook-process.js';
import { WAITING } from '../support/segment-world.js';
import { makeTempDir } from '../support/temp-dir.js';
import { shellQuote, startTmux, waitUntil, type TmuxServer } from './tmux-server.js';

const STYLED = '#[fg=red]x#{session_name}';
const COMMAND = '#(cd;touch pwned)';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const servers: TmuxServer[] = [];
afterAll(() => servers.forEach((server) => server.kill()));

describe('status-right with buddy-tui status --format and a project named like a tmux format', () => {
  let base: string;
  let outer: { server: TmuxServer; pane: string };
  beforeAll(async () => {
    base = makeTempDir();
    mkdirSync(join(base, 'outer'));
    const env = {
      XDG_STATE_HOME: join(base, 'xdg-state'),
      XDG_CONFIG_HOME: join(base, 'config'),
      BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
    };
    // One root per project, so each is the focus session of its own segment.
    for (const [root, project] of [
      ['styled', STYLED],
      ['command', COMMAND],
    ]) {
      mkdirSync(join(base, root), { mode: 0o700 });
      const payloads = WAITING.slice(0, 2).map((payload) =>
        JSON.stringify({ ...payload, cwd: `/home/dev/${project}`, session_id: `${root}-1` }),
      );
      await feedThroughHook(payloads, { ...env, BUDDY_TUI_STATE_DIR: join(base, root) });
    }
    const inner = startTmux(base, { env }).server;
    servers.push(inner);
    const job = (root: string, flags: string) =>
      `#(BUDDY_TUI_STATE_DIR=${shellQuote(join(base, root))} ${shellQuote(process.execPath)} ${shellQuote(CLI_ENTRY)} status ${flags})`;
    const right = [
      `[${job('styled', "--format '{project}' --tmux")}]`,
      `[${job('command', "--format '{project}' --tmux")}]`,
      `<${job('styled', "--format '{project}'")}>`,
      `<${job('command', "--format '{project}'")}>`,
      // docs/status.md's line: the template's own style stays a style.
      `{${job('styled', '--format "#[fg=yellow]{face}#[default] {project}" --tmux')}}`,
    ].join(' ');
    inner.tmux(['set-option', '-g', 'status-right', right]);
    inner.tmux(['set-option', '-g', 'status-right-length', '200']);
    inner.tmux(['set-option', '-g', 'status-left', '']);
    inner.tmux(['set-option', '-g', 'status-interval', '1']);
    outer = startTmux(join(base, 'outer'), {
      width: 200,
      height: 10,
      command: `tmux -S ${shellQuote(inner.socket)} attach -t test`,
    });
    servers.push(outer.server);
  }, 60_000);

  it('shows each folder name as text, in both ways of writing it, and runs nothing', async () => {
    const bar = await waitUntil(
      () => outer.server.capture(outer.pane).trimEnd().split('\n').at(-1) ?? '',
      (line) => line.endsWith('}') && !['[]', '<>', '{}'].some((empty) => line.includes(empty)),
      'five filled segments in the status bar',
      20_000,
    );
    expect(bar).toMatch(
      new RegExp(
        `\\[${escape(STYLED)}\\] \\[${escape(COMMAND)}\\] <${escape(STYLED)}> <${escape(COMMAND)}> \\{\\S+ ${escape(STYLED)}\\}$`,
      ),
    );
    expect(bar).not.toContain('xtest');
    expect(existsSync(join(base, 'pwned'))).toBe(false);
    // `#[fg=red]` stayed text: nothing on the bar is red; the template's yellow is a colour.
    const styled = outer.server.capture(outer.pane, { escapes: true });
    expect(styled).not.toMatch(/\u001b\[[0-9;]*31[;m]/);
    expect(styled).toMatch(/\u001b\[[0-9;]*33[;m]/);
    expect(styled).not.toContain('fg=yellow');
  }, 30_000);
});
