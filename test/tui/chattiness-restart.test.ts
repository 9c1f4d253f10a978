/**
 * The chattiness picked with `c` survives a restart of the real pane (built `buddy-tui` in a
 * private tmux server), and config.json changed after the pick wins again. Needs tmux and
 * `npm run build`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shellQuote, startTmux, waitUntil } from '../e2e/tmux-server.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

const base = makeTempDir('buddy-chatty-');
const { server } = startTmux(base, { width: 100, height: 30 });
afterAll(() => server.kill());

const dir = join(base, 'home');
const root = join(dir, 'root');
for (const sub of ['cfg/buddy-tui', 'state', 'foundry']) mkdirSync(join(dir, sub), { recursive: true, mode: 0o700 });
const env = {
  BUDDY_TUI_STATE_DIR: root,
  XDG_CONFIG_HOME: join(dir, 'cfg'),
  XDG_STATE_HOME: join(dir, 'state'),
  BUDDY_TUI_FOUNDRY_DIR: join(dir, 'foundry'),
};
const prefsFile = join(dir, 'state', 'buddy-tui', 'pane-prefs.json');

/** Starts the pane, returns its id once it runs the plugins. */
async function startPane(name: string): Promise<string> {
  const envPrefix = Object.entries({ ...env, CI: 'false' })
    .map(([k, v]) => `${k}=${shellQuote(v)}`)
    .join(' ');
  const pane = server
    .tmux([
      'new-window',
      '-d',
      '-t',
      'test',
      '-n',
      name,
      '-P',
      '-F',
      '#{pane_id}',
      `env -u FORCE_COLOR ${envPrefix} ${shellQuote(process.execPath)} ${shellQuote(CLI_ENTRY)}`,
    ])
    .stdout.trim();
  await server.waitFor(pane, /buddy-tui install/);
  await waitUntil(() => existsSync(join(root, 'runner.lock')), Boolean, 'the runner lock');
  return pane;
}

async function quit(pane: string): Promise<void> {
  server.sendKeys(pane, 'q');
  await waitUntil(() => !existsSync(join(root, 'runner.lock')), Boolean, 'the pane to close');
}

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
