/**
 * A Codex pet in a real terminal: tmux on a private socket runs the built pane with a pet
 * hatched as codex:<id>; real hook processes feed a session through idle, a running tool, a
 * permission wait and a failed tool, and `capture-pane -e` shows each state's row colour in
 * half-block cells, at two pane sizes. Inside tmux the kitty protocol is not used, even in a
 * terminal that says it is Ghostty. A second start draws from the cache without decoding again.
 * Needs tmux and `npm run build`.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shellQuote } from '../e2e/tmux-server.js';
import { CLI_ENTRY, feedThroughHook } from '../support/hook-process.js';
import { ROW_COLORS, cellColors, solidColor, writeCodexPet, type Rgb } from '../support/picture-sheet.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';
import { waitUntil } from '../support/wait-until.js';

const socket = `buddy-picture-${process.pid}-${randomBytes(3).toString('hex')}`;
const tmux = (...args: string[]): string =>
  execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });

afterAll(() => {
  try {
    tmux('kill-server');
  } catch {
    // Already gone.
  }
});

/** The row colour most of the screen's one-colour cells (█, or ▀ alike above and below) show, and the widest row of them. */
function pictureOn(screen: string): { color?: Rgb; width: number } {
  const rows = screen.split('\n').map((line) =>
    cellColors(line)
      .map(solidColor)
      .filter((color) => color !== undefined),
  );
  const colors = rows.flat();
  const color = ROW_COLORS.find(
    (row) => colors.filter((one) => one.every((value, i) => value === row[i])).length > colors.length / 2,
  );
  return { color, width: Math.max(0, ...rows.map((one) => one.length)) };
}

const SESSION = 'sess-picture-tmux';
const payload = (event: Record<string, unknown>) =>
  JSON.stringify({ session_id: SESSION, cwd: '/w/app', transcript_path: '/w/t.jsonl', ...event });

describe('a Codex pet in tmux', () => {
  it('follows idle, running, waiting and failed in colour at two sizes, and starts again from the cache', {
    timeout: 180_000,
  }, async () => {
    const base = makeTempDir('buddy-picture-tmux-');
    for (const dir of ['cfg', 'state', 'codex']) mkdirSync(join(base, dir), { mode: 0o700 });
    await writeCodexPet(join(base, 'codex', 'pets'), 'chefito');
    const env = {
      HOME: base,
      CODEX_HOME: join(base, 'codex'),
      BUDDY_TUI_STATE_DIR: join(base, 'root'),
      XDG_CONFIG_HOME: join(base, 'cfg'),
      XDG_STATE_HOME: join(base, 'state'),
    };
    expect(runCli(['hatch', '--species', 'codex:chefito', '--name', 'Chef'], env).code).toBe(0);
    const envPrefix = Object.entries({
      ...env,
      CI: 'false',
      TERM: 'xterm-256color',
      COLORTERM: 'truecolor',
      TERM_PROGRAM: 'ghostty',
    })
      .map(([k, v]) => `${k}=${shellQuote(v)}`)
      .join(' ');
    const command = `exec env -u FORCE_COLOR -u NO_COLOR ${envPrefix} ${shellQuote(process.execPath)} ${shellQuote(CLI_ENTRY)} --no-plugins`;
    tmux('new-session', '-d', '-s', 'main', '-x', '100', '-y', '30', command);
    tmux('set-option', '-t', 'main', 'remain-on-exit', 'on');
    const screen = () => tmux('capture-pane', '-e', '-p', '-t', 'main');
    const showing = (row: number, what: string) =>
      waitUntil(
        () => pictureOn(screen()),
        (seen) => seen.color === ROW_COLORS[row],
        what,
        30_000,
      );

    await feedThroughHook([payload({ hook_event_name: 'SessionStart', source: 'startup' })], env);
    const idle = await showing(0, 'idle (row 0)');
    expect(idle.width).toBeGreaterThan(10);
    expect(screen()).not.toContain('\x1b_G');

    await feedThroughHook(
      [
        payload({ hook_event_name: 'UserPromptSubmit', prompt: 'go' }),
        payload({
          hook_event_name: 'PreToolUse',
          tool_name: 'Bash',
          tool_input: { command: 'npm test' },
          tool_use_id: 't1',
        }),
      ],
      env,
    );
    await showing(7, 'running (row 7)');
    await feedThroughHook(
      [payload({ hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'npm test' } })],
      env,
    );
    await showing(6, 'waiting (row 6)');
    await feedThroughHook(
      [
        payload({
          hook_event_name: 'PostToolUseFailure',
          tool_name: 'Bash',
          tool_input: { command: 'npm test' },
          tool_use_id: 't1',
          error: 'Exit code 1',
        }),
      ],
      env,
    );
    await showing(5, 'failed (row 5)');

    // A bigger pane: the picture is made again at its new size, still in the failed row.
    tmux('resize-window', '-t', 'main', '-x', '140', '-y', '44');
    const wide = await waitUntil(
      () => pictureOn(screen()),
      (seen) => seen.width > idle.width && seen.color === ROW_COLORS[5],
      'the bigger picture',
    );
    expect(wide.width).toBeGreaterThan(idle.width);

    // Quit and start again: the frames come from the cache (no new file, none rewritten).
    const cacheDir = join(base, 'root', 'pictures.cache');
    const cached = () =>
      readdirSync(cacheDir)
        .map((name) => `${name}@${statSync(join(cacheDir, name)).mtimeMs}`)
        .sort();
    const before = cached();
    expect(before).toHaveLength(2);
    tmux('send-keys', '-t', 'main', 'q');
    await waitUntil(
      () => tmux('display-message', '-p', '-t', 'main', '#{pane_dead}').trim(),
      (dead) => dead === '1',
      'the pane to quit',
    );
    tmux('respawn-pane', '-t', 'main', command);
    await waitUntil(
      () => pictureOn(screen()),
      (seen) => seen.width === wide.width && seen.color !== undefined,
      'the picture again',
    );
    expect(cached()).toEqual(before);
  });
});
