/**
 * The key binding docs/install.md gives, `bind-key B run-shell 'buddy-tui pane'`, pressed for real:
 * a private tmux server (the user's) with a client attached from inside a second private server,
 * which types the prefix and B into it. tmux shows run-shell's output in view mode over the
 * current pane (issue 47: "opened in tmux pane %1" covered Claude Code's approval dialog), so the
 * command prints nothing on success; pressed again, it opens no second pane.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { CLI_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { shellQuote, startTmux, type TmuxServer } from '../e2e/tmux-server.js';
import { waitUntil } from '../support/wait-until.js';

const servers: TmuxServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) server.kill();
  // The split's buddy-tui closes on SIGHUP and may write its last log line into the temp dir.
  await new Promise((resolve) => setTimeout(resolve, 1000));
});

describe('bind-key B run-shell "buddy-tui pane", pressed', () => {
  it('opens the pane with nothing shown over the current one, and a second press opens no other', {
    timeout: 120_000,
  }, async () => {
    const dir = makeTempDir();
    for (const name of ['user', 'terminal', 'state']) mkdirSync(join(dir, name), { mode: 0o700 });
    const user = startTmux(join(dir, 'user'), { width: 160, height: 40 });
    servers.push(user.server);
    const tmux = user.server.tmux;
    tmux(['set-environment', '-g', 'BUDDY_TUI_STATE_DIR', join(dir, 'state')]);
    tmux(['set-environment', '-g', 'XDG_CONFIG_HOME', join(dir, 'config')]);
    // The documented binding, with buddy-tui spelled as the built CLI; run-shell (no -b) holds the
    // binding's next command until it ends and its output is shown, so @pressed marks "done".
    const binding = `${shellQuote(process.execPath)} ${shellQuote(CLI_ENTRY)} pane`;
    tmux(['bind-key', 'B', 'run-shell', binding, '\\;', 'set-option', '-g', '-F', '@pressed', '#{e|+:#{@pressed},1}']);

    // A terminal for the user's client: a pane of another server (prefix C-a, so C-b goes through).
    const terminal = startTmux(join(dir, 'terminal'), {
      width: 160,
      height: 42,
      command: `env -u TMUX tmux -S ${shellQuote(user.server.socket)} attach -t test`,
    });
    servers.push(terminal.server);
    terminal.server.tmux(['set-option', '-g', 'prefix', 'C-a']);
    await waitUntil(
      () => tmux(['list-clients']).stdout.trim(),
      (clients) => clients !== '',
      'the attached client',
    );

    const pressed = () => Number(tmux(['show-options', '-gv', '@pressed']).stdout.trim() || 0);
    const panes = () => tmux(['list-panes', '-F', '#{pane_id} #{pane_in_mode}']).stdout.trim().split('\n');
    for (const press of [1, 2]) {
      terminal.server.sendKeys(terminal.pane, 'C-b', 'B');
      await waitUntil(pressed, (count) => count >= press, `press ${press} done`, 60_000);
      expect(panes(), user.server.capture(user.pane)).toHaveLength(2);
      // No view mode over the pane the user was in (nor any other).
      expect(panes().map((line) => line.split(' ')[1])).toEqual(['0', '0']);
    }
  });
});
