/**
 * The pane in a real terminal (tmux) with config.json and a session's checkpoint as FIFOs and
 * the pet's species file a link to /dev/zero: it starts, shows the session and names the
 * config file, and quits on q (a pane blocked in open() would do neither). Then pet.json as a
 * FIFO: named on the screen too. Needs tmux and `npm run build`.
 */
import { symlinkSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { isPidAlive } from '../../src/process/pid-alive.js';
import { shellQuote, startTmux, type TmuxServer } from '../e2e/tmux-server.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { waitUntil } from '../support/wait-until.js';
import { makeFifo, makeWorld, type HostileWorld } from '../support/hostile-world.js';

const servers: TmuxServer[] = [];
afterAll(() => {
  for (const server of servers) server.kill();
});

/** Starts the pane on the world in a fresh tmux server; its pid and a screen reader. */
function startPane(world: HostileWorld) {
  const envPrefix = Object.entries(world.env)
    .map(([key, value]) => `${key}=${shellQuote(value)}`)
    .join(' ');
  const command = `exec env -u FORCE_COLOR ${envPrefix} CI=false ${shellQuote(process.execPath)} ${shellQuote(CLI_ENTRY)}`;
  const { server, pane } = startTmux(makeTempDir('buddy-hostile-tmux-'), { width: 160, height: 30, command });
  servers.push(server);
  const pid = Number(server.tmux(['display-message', '-p', '-t', pane, '#{pane_pid}']).stdout.trim());
  return { server, pane, pid };
}

async function quits(server: TmuxServer, pane: string, pid: number): Promise<void> {
  server.sendKeys(pane, 'q');
  await waitUntil(
    () => isPidAlive(pid),
    (alive) => !alive,
    'the pane to exit on q',
    20_000,
  );
}

describe('the pane with files that never end', () => {
  it('starts, shows the session, names config.json, and quits on q', { timeout: 240_000 }, async () => {
    const world = await makeWorld();
    makeFifo(world.configFile);
    makeFifo(world.checkpoint);
    symlinkSync('/dev/zero', world.speciesFile);
    const { server, pane, pid } = startPane(world);
    const screen = await server.waitFor(
      pane,
      (text) => text.includes('project') && text.includes('Bash') && text.includes('is a FIFO'),
      60_000,
    );
    expect(screen.replace(/\s+/g, ' ')).toContain(`${world.configFile}: cannot read: is a FIFO`);
    await quits(server, pane, pid);
  });

  it('names pet.json as a FIFO and still shows the session', { timeout: 240_000 }, async () => {
    const world = await makeWorld();
    makeFifo(world.petFile);
    const { server, pane, pid } = startPane(world);
    const screen = await server.waitFor(pane, (text) => text.includes('project') && text.includes('is a FIFO'), 60_000);
    expect(screen.replace(/\s+/g, ' ')).toContain(`${world.petFile} cannot be read (cannot read: is a FIFO`);
    await quits(server, pane, pid);
  });
});
