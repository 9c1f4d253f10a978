/**
 * The fast path after a re-hatch or a feed (issue 45): the resident process renders a line after
 * each refresh for the next one, so a pet changed between two refreshes showed the old face at the
 * next one. It renders the lines again when the pet file changes: the next refresh prints the new
 * pet. The real sh command and the real `buddy-tui hatch` (run `npm run build` first).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fastStatuslineCommand } from '../../src/statusline/fast-command.js';
import { startResidentStatuslines } from '../../src/statusline/resident-lines.js';
import { FIXTURE_SESSION, fixturePayload, midTurnEvents, reaction, sandbox, type Sandbox } from './support.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const boxes: Sandbox[] = [];
afterAll(() => {
  for (const made of boxes) rmSync(made.base, { recursive: true, force: true });
});

function cli(made: Sandbox, args: string[]): void {
  const ran = spawnSync(process.execPath, [CLI, ...args], { env: made.env, encoding: 'utf8' });
  expect(ran.status, ran.stderr).toBe(0);
}

function hatch(made: Sandbox, species: string, name: string, again = false): void {
  const args = ['hatch', '--species', species, '--name', name, ...(again ? ['--reroll'] : [])];
  const ran = spawnSync(process.execPath, [CLI, ...args], {
    env: made.env,
    encoding: 'utf8',
  });
  expect(ran.status, ran.stderr).toBe(0);
}

/** The installed command as Claude Code runs it; `/bin/echo` as node: a fallback prints its own words. */
const viaCommand = (made: Sandbox) =>
  spawnSync('/bin/sh', ['-c', fastStatuslineCommand({ node: '/bin/echo', cliScript: CLI })], {
    input: JSON.stringify(fixturePayload(42)),
    env: made.env,
    encoding: 'utf8',
  }).stdout;

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!check()) throw new Error(`never happened: ${what}`);
}

describe('the fast path after the pet changed', () => {
  it('a re-hatch between two refreshes shows at the next one', async () => {
    const made = sandbox({ COLUMNS: '100', CLAUDE_CODE_SESSION_ID: FIXTURE_SESSION, BUDDY_TUI_NOW: '' });
    boxes.push(made);
    made.session(FIXTURE_SESSION, { events: midTurnEvents() });
    mkdirSync(join(made.root, 'inbox'), { mode: 0o700 });
    hatch(made, 'cat', 'Pixel');
    const resident = startResidentStatuslines({ root: made.root, env: made.env });
    try {
      viaCommand(made); // hands the payload over
      const line = join(made.root, 'statusline', `${FIXTURE_SESSION}.line`);
      const lineHas = (text: string) => existsSync(line) && readFileSync(line, 'utf8').includes(text);
      await until(() => lineHas('Pixel'), 'the first line');
      expect(viaCommand(made)).toContain('Pixel');

      // The payload's late watch events settle first: a render they cause would hide the point.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await resident.flush();
      hatch(made, 'cat', 'Nova', true);
      // No refresh meanwhile (a refresh would render the line anyway): the pet's change alone does.
      await until(() => lineHas('Nova'), 'the line of the new pet');
      const next = viaCommand(made);
      expect(next).toContain('Nova');
      expect(next).not.toContain('Pixel');
    } finally {
      resident.close();
    }
  });

  it('a mute (/buddy mute, or m in a pane) between two refreshes hides the bubble at the next one', async () => {
    const made = sandbox({ COLUMNS: '100', CLAUDE_CODE_SESSION_ID: FIXTURE_SESSION, BUDDY_TUI_NOW: '' });
    boxes.push(made);
    const said = { ...reaction('Who dares fail?', 0), ts: Date.now(), ttlMs: 600_000 };
    made.session(FIXTURE_SESSION, { events: midTurnEvents(), reactions: [said] });
    mkdirSync(join(made.root, 'inbox'), { mode: 0o700 });
    hatch(made, 'cat', 'Pixel');
    const resident = startResidentStatuslines({ root: made.root, env: made.env });
    try {
      viaCommand(made);
      const line = join(made.root, 'statusline', `${FIXTURE_SESSION}.line`);
      const lineHas = (text: string) => existsSync(line) && readFileSync(line, 'utf8').includes(text);
      await until(() => lineHas('Who dares fail?'), 'the line with the bubble');
      await new Promise((resolve) => setTimeout(resolve, 500));
      await resident.flush();
      // /buddy mute, as the mod runs it: the one mute in pane-prefs.json; no refresh meanwhile.
      cli(made, ['mod-state', '--act', 'mute']);
      await until(() => !lineHas('Who dares fail?'), 'the line without the bubble');
      expect(viaCommand(made)).not.toContain('Who dares fail?');
      expect(viaCommand(made)).toContain('Pixel');
    } finally {
      resident.close();
    }
  });
});
