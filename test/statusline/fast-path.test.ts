/**
 * The statusLine command's sh fast path (src/statusline/fast-command.ts) against the Node
 * statusline: the real sh command, the real dist/statusline.js, a real resident process
 * (src/statusline/resident-lines.ts). Where the fast path is taken it prints exactly what Node
 * prints for the same state and payload; where it cannot vouch for its line it falls back.
 * To see which path ran, some runs name `/bin/echo` as the node: the fallback then prints
 * "<cli.js> statusline" instead of a status line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { foldEvents } from '../../src/state/reducer.js';
import { startResidentStatuslines } from '../../src/statusline/resident-lines.js';
import { runSpool } from '../support/spool-process.js';
import {
  FALLBACK,
  FIXTURE_SESSION,
  NOW,
  fixturePayload,
  midTurnEvents,
  midTurnSandboxes,
  type Sandbox,
  viaBuiltCommand as viaCommand,
} from './support.js';

const BUNDLE = fileURLToPath(new URL('../../dist/statusline.js', import.meta.url));
const RESIDENT = fileURLToPath(new URL('../support/resident-process.ts', import.meta.url));
const { setUp, removeAll } = midTurnSandboxes();
afterAll(removeAll);

function viaNode(made: Sandbox, payload: unknown): string {
  const run = spawnSync(process.execPath, [BUNDLE], {
    input: JSON.stringify(payload),
    env: made.env,
    encoding: 'utf8',
  });
  expect(run.status).toBe(0);
  return run.stdout;
}

const lineFile = (made: Sandbox) => join(made.root, 'statusline', `${FIXTURE_SESSION}.line`);
const journal = (made: Sandbox) => join(made.root, FIXTURE_SESSION, 'events.jsonl');

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!check()) throw new Error(`never happened: ${what}`);
}

/** The line file reflects the journal as it is now (the resident process has caught up). */
const lineCurrent = (made: Sandbox) =>
  existsSync(lineFile(made)) &&
  readFileSync(lineFile(made), 'utf8').split('\n', 1)[0] === String(readFileSync(journal(made)).length);

describe('the statusline fast path', () => {
  it('prints what the Node statusline prints, at several instants', async () => {
    const made = setUp();
    const resident = startResidentStatuslines({ root: made.root, env: made.env });
    try {
      const first = fixturePayload(42);
      // The first run hands the payload over; there is no line yet, so Node answers.
      expect(viaCommand(made, first)).toBe(viaNode(made, first));
      await until(() => lineCurrent(made), 'the first line');
      const fast = viaCommand(made, first, '/bin/echo');
      expect(fast).not.toContain(FALLBACK);
      expect(fast).toBe(viaNode(made, first));
      expect(fast).toContain('Bash');

      // An event lands: until the resident process has rendered it, the old line is not printed.
      appendFileSync(
        journal(made),
        `${JSON.stringify({ ts: NOW - 1000, session_id: FIXTURE_SESSION, hook_event_name: 'PreToolUse', tool_name: 'WebFetch', tool_use_id: 'toolu_fast' })}\n`,
      );
      expect(viaCommand(made, first, '/bin/echo').trim()).toBe(FALLBACK);
      resident.sessionsChanged([FIXTURE_SESSION]);
      await until(() => lineCurrent(made), 'the line after the event');
      const after = viaCommand(made, first, '/bin/echo');
      expect(after).toBe(viaNode(made, first));
      expect(after).toContain('WebFetch');

      // A new payload: this refresh prints the line of the previous one (one refresh behind)...
      const second = fixturePayload(87);
      expect(viaCommand(made, second, '/bin/echo')).toBe(viaNode(made, first));
      await until(
        () => viaCommand(made, second, '/bin/echo') === viaNode(made, second),
        'the line for the new payload',
      );
      expect(viaNode(made, second)).not.toBe(viaNode(made, first));

      // A session id that is not a safe name is never a path: Node answers (with no state of ours).
      for (const id of ['../x', 'a.b', 'statusline', 'inbox', 'x'.repeat(129)]) {
        const odd = { ...made, env: { ...made.env, CLAUDE_CODE_SESSION_ID: id } };
        expect(viaCommand(odd, second, '/bin/echo').trim()).toBe(FALLBACK);
      }

      // ...and a run for another width is never answered with this width's line.
      const narrow = { ...made, env: { ...made.env, COLUMNS: '60' } };
      expect(viaCommand(narrow, second, '/bin/echo').trim()).toBe(FALLBACK);
    } finally {
      resident.close();
    }
  });

  it('never prints a line older than the last drain: the resident process stops, then an event spools', async () => {
    const made = setUp();
    const child = spawn(process.execPath, ['--import', 'tsx', RESIDENT], {
      env: made.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise((resolve) => child.stdout.once('data', resolve));
      const payload = fixturePayload(42);
      viaCommand(made, payload);
      await until(() => lineCurrent(made), 'the line');
      expect(viaCommand(made, payload, '/bin/echo')).toBe(viaNode(made, payload));

      // What the drain leaves in the inbox (its damaged folder, a stranger) is not an event waiting.
      mkdirSync(join(made.root, 'inbox', 'damaged'), { mode: 0o700 });
      expect(viaCommand(made, payload, '/bin/echo')).toBe(viaNode(made, payload));

      // Alive, but an event waits in the inbox: the line is not vouched for.
      const event = {
        session_id: FIXTURE_SESSION,
        hook_event_name: 'PreToolUse',
        tool_name: 'WebSearch',
        tool_use_id: 'toolu_spooled',
        cwd: '/w/p',
      };
      expect(await runSpool(JSON.stringify(event), made.env)).toMatchObject({ code: 0 });
      expect(viaCommand(made, payload, '/bin/echo').trim()).toBe(FALLBACK);

      // Stopped: its pid file stays, its line too, and the next event spools; the fallback drains and shows it.
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      const later = { ...event, tool_name: 'NotebookEdit', tool_use_id: 'toolu_later' };
      expect(await runSpool(JSON.stringify(later), made.env)).toMatchObject({ code: 0 });
      expect(viaCommand(made, payload, '/bin/echo').trim()).toBe(FALLBACK);
      const shown = viaCommand(made, payload);
      expect(shown).toContain('NotebookEdit');
      expect(shown).toBe(viaNode(made, payload));
      // Inbox drained, journal grown past the line: still not printed as current.
      expect(viaCommand(made, payload, '/bin/echo').trim()).toBe(FALLBACK);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('install and uninstall of the fast path', () => {
  it('install writes the sh command when nothing is chained, and uninstall takes it out', async () => {
    const { buddyCommands } = await import('../../src/install/buddy-entries.js');
    const { addBuddy, removeBuddy, buddyPresence } = await import('../../src/install/merge-settings.js');
    const commands = buddyCommands({ nodePath: '/usr/bin/node', distDir: '/opt/buddy tui/dist' });
    const { settings } = addBuddy({}, { commands, statuslineOnly: true });
    expect((settings.statusLine as { command: string }).command).toBe(commands.statuslineFast);
    expect(buddyPresence(settings).statusLine).toBe(true);
    expect(removeBuddy(settings)).toEqual({});
    // With a statusLine of the user's to chain, the Node statusline runs it beside ours, as before.
    const chained = addBuddy(
      { statusLine: { type: 'command', command: 'mine.sh' } },
      { commands, statuslineOnly: true },
    ).settings;
    expect((chained.statusLine as { command: string }).command).toBe(`${commands.statusline} --chain mine.sh`);
    expect(removeBuddy(chained)).toEqual({ statusLine: { type: 'command', command: 'mine.sh' } });
  });
});

// Issue 50: the pane and the headless runner hand over the state they folded with each batch.
describe('the resident statusline and its host’s state', () => {
  it('uses the handed-over state only at its journal position, and leaves an unchanged line as it is', async () => {
    const made = setUp();
    const printed = () => readFileSync(lineFile(made), 'utf8').split('\n').slice(2).join('\n');
    const at = () => ({ ino: statSync(journal(made)).ino, offset: statSync(journal(made)).size });
    const resident = startResidentStatuslines({ root: made.root, env: made.env });
    try {
      // The statusLine command hands the payload over; the resident renders from the journal.
      viaCommand(made, fixturePayload(42));
      await resident.flush();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await resident.flush();
      const fromJournal = printed();
      expect(fromJournal).toContain('Bash');

      // A held state with a tool the journal does not have, at the journal's position: it is drawn.
      const running = { ts: NOW - 500, session_id: FIXTURE_SESSION, hook_event_name: 'PreToolUse' as const };
      const held = foldEvents(
        undefined,
        [...midTurnEvents(), { ...running, tool_name: 'WebSearch', tool_use_id: 'held' }],
        FIXTURE_SESSION,
      );
      resident.sessionsRead([{ sessionId: FIXTURE_SESSION, state: held, journal: at() }]);
      await resident.flush();
      expect(printed()).toContain('WebSearch');

      // Rendered again as it is: the file is not written again (the same inode, not a rename's new one).
      const ino = statSync(lineFile(made)).ino;
      resident.sessionsChanged([FIXTURE_SESSION]);
      await resident.flush();
      expect(statSync(lineFile(made)).ino).toBe(ino);

      // The journal moved past the held position: the line is the journal's story, read again.
      const stale = at();
      appendFileSync(
        journal(made),
        `${JSON.stringify({ ...running, tool_name: 'WebFetch', tool_use_id: 'journal' })}\n`,
      );
      resident.sessionsRead([{ sessionId: FIXTURE_SESSION, state: held, journal: stale }]);
      await resident.flush();
      expect(printed()).toContain('WebFetch');
      expect(printed()).not.toContain('WebSearch');
      expect(readFileSync(lineFile(made), 'utf8').split('\n', 1)[0]).toBe(String(statSync(journal(made)).size));
      expect(fromJournal).not.toBe(printed());
    } finally {
      resident.close();
    }
  });
});
