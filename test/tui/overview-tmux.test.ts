/**
 * The overview in a real terminal: three sessions fed through the real hook command (the recorded
 * Claude Code session, rewritten to three session ids and projects and cut at different points),
 * the built `buddy-tui` in a private tmux server, and what `capture-pane` shows. Needs tmux and
 * `npm run build`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, describe, expect, it } from 'vitest';
import { isPidAlive } from '../../src/process/pid-alive.js';
import { shellQuote, startTmux } from '../e2e/tmux-server.js';
import { CLI_ENTRY, feedThroughHook, fixturePayloads } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

const base = makeTempDir('buddy-overview-');
const { server, pane } = startTmux(base, { width: 100, height: 30 });
afterAll(async () => {
  // The pane saves the pet as it closes: let it finish before the temp dir goes.
  const pid = Number(server.tmux(['display-message', '-p', '-t', pane, '#{pane_pid}']).stdout.trim());
  server.kill();
  for (let i = 0; i < 100 && pid > 0 && isPidAlive(pid); i += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
});

const TITLE = 'sessions · ↑↓ select · Enter open · o close';

/** The recorded payloads up to and including the first `name` event, as session `id` working in `project`. */
function sessionUpTo(name: string, id: string, project: string): string[] {
  const payloads = fixturePayloads().map((line) => JSON.parse(line) as Record<string, unknown>);
  const end = payloads.findIndex((payload) => payload.hook_event_name === name) + 1;
  return payloads
    .slice(0, end)
    .map((payload) => JSON.stringify({ ...payload, session_id: id, cwd: `/home/dev/${project}` }));
}

/** The overview's lines: those below its title. */
const overviewLines = (screen: string) => {
  const lines = screen.split('\n');
  const title = lines.findIndex((line) => line.startsWith('sessions ·'));
  return title < 0 ? [] : lines.slice(title + 1);
};
const rowOf = (screen: string, project: string) =>
  overviewLines(screen).find((line) => new RegExp(`^.. ${project} `).test(line)) ?? '';

describe('the overview in tmux', () => {
  it('docks with three sessions fed by the real hook, marks the failure, and Enter opens the selected session', {
    timeout: 180_000,
  }, async () => {
    const root = join(base, 'root');
    for (const dir of ['cfg', 'state', 'foundry']) mkdirSync(join(base, dir), { mode: 0o700 });
    const env = {
      BUDDY_TUI_STATE_DIR: root,
      XDG_CONFIG_HOME: join(base, 'cfg'),
      XDG_STATE_HOME: join(base, 'state'),
      BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
    };
    const envPrefix = Object.entries({ ...env, CI: 'false' })
      .map(([k, v]) => `${k}=${shellQuote(v)}`)
      .join(' ');
    server.tmux([
      'respawn-pane',
      '-k',
      '-t',
      pane,
      `exec env -u FORCE_COLOR -u NO_COLOR ${envPrefix} ${shellQuote(process.execPath)} ${shellQuote(CLI_ENTRY)}`,
    ]);
    await server.waitFor(pane, /buddy-tui install/);

    // alpha runs Bash; beta's Bash just failed and its prompt is still pending; gamma ended.
    await feedThroughHook(sessionUpTo('PreToolUse', 'alpha-session', 'alpha'), env);
    await feedThroughHook(sessionUpTo('PostToolUseFailure', 'beta-session', 'beta'), env);
    await feedThroughHook(sessionUpTo('SessionEnd', 'gamma-session', 'gamma'), env);

    const docked = await server.waitFor(
      pane,
      (screen) =>
        screen.includes(TITLE) &&
        // Every session's last event drawn: the sessions not shown come in on the pane's next tick
        // (issue 50), so a frame may show gamma ended before alpha's tool.
        /\[claude\] +working +▶ Bash/.test(rowOf(screen, 'alpha')) &&
        rowOf(screen, 'beta').includes('✗ Bash') &&
        rowOf(screen, 'gamma').includes('ended'),
    );
    expect(overviewLines(docked).filter((line) => /^.. (alpha|beta|gamma) /.test(line))).toHaveLength(3);
    expect(rowOf(docked, 'alpha')).toMatch(/\[claude\] +working +▶ Bash/);
    expect(rowOf(docked, 'beta')).toMatch(/^.✗ beta +\[claude\] +thinking .*✗ Bash: Exit code/);
    expect(rowOf(docked, 'gamma')).toMatch(/\[claude\] +ended/);
    // The session shown (beta, the most recent live one) is still drawn above the dock, and the cursor is on it.
    expect(rowOf(docked, 'beta').startsWith('›')).toBe(true);
    expect(docked.split('\n')[0]).toMatch(/1 alpha .*2 beta .*3 gamma/);
    // The failure is red (and marked ✗ without colour, above).
    const coloured =
      server
        .capture(pane, { escapes: true })
        .split('\n')
        .find((line) => line.includes('✗ Bash: Exit')) ?? '';
    expect(coloured).toMatch(/\x1b\[(?:[0-9;]*;)?31m✗ Bash: Exit/);

    // ↑ moves the cursor to alpha, Enter opens it and closes the overview.
    server.sendKeys(pane, 'Up');
    await server.waitFor(pane, (screen) => rowOf(screen, 'alpha').startsWith('›'));
    server.sendKeys(pane, 'Enter');
    const opened = await server.waitFor(pane, (screen) => !screen.includes(TITLE));
    expect(opened).toContain('▶ Bash');
    expect(opened).not.toContain('✗ Bash');
    // The activity panel's title is the project.
    expect(opened.split('\n').map((line) => line.trim())).toContain('alpha');

    // o brings it back as the whole body; at 40x12 it still fits, each session on one line.
    server.tmux(['resize-window', '-t', pane, '-x', '40', '-y', '12']);
    await server.waitFor(
      pane,
      (screen) => screen.split('\n').every((line) => stringWidth(line) <= 40) && !screen.includes('events/min'),
    );
    server.sendKeys(pane, 'o');
    const small = await server.waitFor(
      pane,
      (screen) => screen.includes('sessions ·') && rowOf(screen, 'gamma') !== '',
    );
    for (const line of small.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(40);
    expect(rowOf(small, 'alpha')).toContain('working');
    expect(rowOf(small, 'beta')).toMatch(/^.✗ beta .*thinking/);
    expect(rowOf(small, 'gamma')).toContain('ended');
  });
});
