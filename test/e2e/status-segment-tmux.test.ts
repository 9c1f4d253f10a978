// The README's two lines of .tmux.conf, in a real tmux: status-right runs
// `buddy-tui status --tmux`, and the status bar a real tmux client draws shows a Codex session
// waiting at its permission prompt and a Claude Code session working, both journaled by the real
// hook from recorded payloads. tmux 3.3a runs #() jobs only for a client's status line
// (`display-message -p '#{E:status-right}'` expands them to nothing), so an outer tmux pane holds
// an attached client of the inner server and its screen is read back: what the user sees.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../support/hook-process.js';
import { feedSegmentWorld } from '../support/segment-world.js';
import { makeTempDir } from '../support/temp-dir.js';
import { shellQuote, startTmux, waitUntil, type TmuxServer } from './tmux-server.js';

const servers: TmuxServer[] = [];
afterAll(() => servers.forEach((server) => server.kill()));

describe('status-right with buddy-tui status --tmux', () => {
  let inner: TmuxServer;
  let outer: { server: TmuxServer; pane: string };
  beforeAll(async () => {
    const base = makeTempDir();
    mkdirSync(join(base, 'state'), { mode: 0o700 });
    mkdirSync(join(base, 'outer'));
    const env = {
      BUDDY_TUI_STATE_DIR: join(base, 'state'),
      XDG_STATE_HOME: join(base, 'xdg-state'),
      XDG_CONFIG_HOME: join(base, 'config'),
      BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
    };
    await feedSegmentWorld(env);
    inner = startTmux(base, { env }).server;
    servers.push(inner);
    // What the README tells users to put in ~/.tmux.conf (this checkout's CLI as `buddy-tui`).
    inner.tmux([
      'set-option',
      '-g',
      'status-right',
      `#(${shellQuote(process.execPath)} ${shellQuote(CLI_ENTRY)} status --tmux)`,
    ]);
    inner.tmux(['set-option', '-g', 'status-interval', '1']);
    outer = startTmux(join(base, 'outer'), {
      width: 150,
      height: 10,
      command: `tmux -S ${shellQuote(inner.socket)} attach -t test`,
    });
    servers.push(outer.server);
  }, 60_000);

  it('the bar shows the waiting Codex session (loud, in tmux style colours) and the working Claude Code one', async () => {
    const bar = await waitUntil(
      () => outer.server.capture(outer.pane).trimEnd().split('\n').at(-1) ?? '',
      (line) => line.includes('!1'),
      'the segment in the status bar',
      20_000,
    );
    expect(bar).toMatch(/\S+ +!1 +●1$/);
    // The loud part really is styled by tmux (black on yellow, bold), not printed as `#[...]` text.
    const styled = outer.server.capture(outer.pane, { escapes: true });
    expect(styled).not.toContain('#[');
    expect(styled).toMatch(/\u001b\[[0-9;]*(43|30)[0-9;]*m[^\n]*!1/);
  }, 30_000);
});
