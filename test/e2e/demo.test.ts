/**
 * `buddy-tui demo` under a real terminal (a private tmux server): the recorded session goes
 * through the real hook into a throwaway state root, and within 20 s of the pane's first frame
 * the screen shows tools, a subagent, the queue badge, a failure, a plugin reaction and the
 * buddy's mood; q quits and the demo's temporary folder is gone.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { startTmux, type TmuxServer } from './tmux-server.js';

/** What the first 20 s must show; each seen at least once while polling. */
const EXPECTED: Record<string, RegExp> = {
  'tools of the turn': /tools .*Bash/,
  'a running tool': /▶ (Bash|Read|Grep|Edit)/,
  'a subagent': /● general-purpose/,
  'the queue badge': /💬/,
  'the failure': /✗ Bash .*Exit code 1/,
  'a plugin reaction': /╰─ (demo-coach|test-coach)/,
  "the buddy's worried face after the failure": /\( X X\)/,
};
const WINDOW_MS = 20_000;

let server: TmuxServer | undefined;
afterEach(() => {
  server?.kill();
  server = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('buddy-tui demo under tmux', () => {
  it('shows the whole companion within 20 s of its first frame, and q quits cleanly', async () => {
    const dir = makeTempDir();
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    const env = { TMPDIR: tmp, XDG_CONFIG_HOME: join(dir, 'config'), XDG_STATE_HOME: join(dir, 'state') };
    const exitFile = join(dir, 'exit-code');
    const command = `sh -c '${process.execPath} ${CLI_ENTRY} demo --species dragon; echo $? > ${exitFile}'`;
    const started = startTmux(dir, { width: 110, height: 36, env, command });
    server = started.server;
    const pane = started.pane;

    await server.waitFor(pane, /buddy-tui|greeter/, 90_000);
    const firstFrame = Date.now();
    const seen = new Map<string, number>();
    let screen = '';
    while (Date.now() - firstFrame < WINDOW_MS && seen.size < Object.keys(EXPECTED).length) {
      screen = server.capture(pane);
      for (const [what, pattern] of Object.entries(EXPECTED)) {
        if (!seen.has(what) && pattern.test(screen)) seen.set(what, Date.now() - firstFrame);
      }
      await sleep(150);
    }
    const missing = Object.keys(EXPECTED).filter((what) => !seen.has(what));
    console.log(`demo: first seen (ms after the first frame): ${JSON.stringify(Object.fromEntries(seen))}`);
    expect(missing, `not shown within ${WINDOW_MS} ms; last screen:\n${screen}`).toEqual([]);
    expect(readdirSync(tmp).filter((name) => name.startsWith('buddy-tui-demo-'))).toHaveLength(1);

    server.sendKeys(pane, 'q');
    await server.waitFor(pane, () => existsSync(exitFile), 15_000);
    expect(readFileSync(exitFile, 'utf8').trim()).toBe('0');
    expect(readdirSync(tmp).filter((name) => name.startsWith('buddy-tui-demo-'))).toEqual([]);
  }, 150_000);
});
