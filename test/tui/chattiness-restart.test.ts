/**
 * The chattiness picked with `c` survives a restart of the real pane (built `buddy-tui` in a
 * private tmux server), and config.json changed after the pick wins again. Needs tmux and
 * `npm run build`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTmux, waitUntil } from '../e2e/tmux-server.js';
import { openBuiltPane, privateHome, quitPane } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

const base = makeTempDir('buddy-chatty-');
const { server } = startTmux(base, { width: 100, height: 30 });
afterAll(() => server.kill());

const dir = join(base, 'home');
const { root, env } = privateHome(dir, 'cfg/buddy-tui');
const prefsFile = join(dir, 'state', 'buddy-tui', 'pane-prefs.json');

/** Starts the pane, returns its id once it runs the plugins. */
async function startPane(name: string): Promise<string> {
  const pane = openBuiltPane(server, env, { name });
  await server.waitFor(pane, /buddy-tui install/);
  await waitUntil(() => existsSync(join(root, 'runner.lock')), Boolean, 'the runner lock');
  return pane;
}

const quit = (pane: string) => quitPane(server, pane, root);

/** The level the help view reports. */
async function levelShown(pane: string): Promise<string> {
  server.sendKeys(pane, '?');
  const screen = await server.waitFor(pane, /reactions: .* dropped .*· (quiet|normal|chatty)/);
  server.sendKeys(pane, '?');
  // One key at a time: keys sent together reach Ink as one input string.
  await server.waitFor(pane, (text) => !text.includes('switch session'));
  return /reactions: .* dropped .*· (quiet|normal|chatty)/.exec(screen)![1]!;
}

describe('chattiness across restarts', () => {
  it('c picks a level, the next pane starts with it; config.json edited afterwards wins', {
    timeout: 90_000,
  }, async () => {
    writeFileSync(join(dir, 'cfg/buddy-tui/config.json'), JSON.stringify({ reactions: { chattiness: 'quiet' } }));
    let pane = await startPane('first');
    expect(await levelShown(pane)).toBe('quiet');
    server.sendKeys(pane, 'c');
    await server.waitFor(pane, /chattiness: normal · c to change/);
    server.sendKeys(pane, 'c');
    await server.waitFor(pane, /chattiness: chatty/);
    await quit(pane);
    expect(JSON.parse(readFileSync(prefsFile, 'utf8'))).toEqual({ chattiness: 'chatty', overrides: 'quiet' });

    pane = await startPane('second');
    expect(await levelShown(pane)).toBe('chatty');
    await quit(pane);

    writeFileSync(join(dir, 'cfg/buddy-tui/config.json'), JSON.stringify({ reactions: { chattiness: 'normal' } }));
    pane = await startPane('third');
    expect(await levelShown(pane)).toBe('normal');
    await quit(pane);
  });
});
