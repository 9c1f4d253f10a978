/**
 * The statusLine beside buddy-tui's mod (issue 45): while the mod draws the buddy in this session's
 * Claude Code (its heartbeat names a Claude Code that runs), `node dist/cli.js statusline` leaves the
 * face, its bubble, the ask and what ages ("4s ago", a running tool's time) to the mod and keeps
 * what only it shows; with no mod, or a mod whose Claude Code is gone, it shows them as before.
 * (Run `npm run build` first.)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildView } from '../../src/statusline/view.js';
import { rowsFor } from '../../src/statusline/segments.js';
import { foldEvents } from '../../src/state/reducer.js';
import {
  FIXTURE_SESSION,
  NOW,
  failedEvents,
  fixturePayload,
  midTurnEvents,
  reaction,
  sandbox,
  waitingEvents,
  type Sandbox,
} from './support.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const BUBBLE = 'Three Bash calls and counting!';
const boxes: Sandbox[] = [];
afterAll(() => {
  for (const made of boxes) rmSync(made.base, { recursive: true, force: true });
});

function statusline(env: Record<string, string>): string {
  const run = spawnSync(process.execPath, [CLI, 'statusline', '--no-color'], {
    input: JSON.stringify(fixturePayload(42)),
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

/** The mod's heartbeat as `buddy-tui mod-state` writes it, naming `pid` as its Claude Code. */
function heartbeat(root: string, pid: number): void {
  const dir = join(root, 'mod-bridge', 'mods');
  for (const folder of [root, join(root, 'mod-bridge'), dir]) mkdirSync(folder, { recursive: true, mode: 0o700 });
  writeFileSync(
    join(dir, `${FIXTURE_SESSION}.json`),
    JSON.stringify({ v: 1, sessionId: FIXTURE_SESSION, pid, at: NOW }),
  );
}

describe('the statusLine while the mod draws the buddy', () => {
  it('spawned: no face, no bubble, no age while the mod of a running Claude Code draws; all of it once that Claude Code is gone', () => {
    const box = sandbox({ COLUMNS: '160' });
    boxes.push(box);
    box.session(FIXTURE_SESSION, { events: failedEvents(), reactions: [reaction(BUBBLE, 2000)] });
    const alone = statusline(box.env);
    expect(alone).toContain(BUBBLE);
    expect(alone).toMatch(/✗ Bash \d+s ago/);

    heartbeat(box.root, process.pid); // this test stands in for the running Claude Code
    const beside = statusline(box.env);
    expect(beside).not.toContain(BUBBLE);
    expect(beside).not.toMatch(/ago/);
    expect(beside.split('\n')[0].startsWith(alone.split(' ')[0])).toBe(false); // the face is the mod's
    expect(beside).toContain('Opus'); // the model: only the statusLine shows it

    heartbeat(box.root, spawnSync('true').pid as number); // a Claude Code that has exited
    expect(statusline(box.env)).toBe(alone);
  });

  it('the view: the ask, a running tool and agents keep no time; the turn tools, queue and model stay', () => {
    const input = (events: ReturnType<typeof midTurnEvents>, modDraws: boolean) =>
      buildView({
        payload: { sessionId: FIXTURE_SESSION, modelName: 'Opus' },
        state: foldEvents(undefined, events),
        face: '(o.o)',
        name: 'Pixel',
        reaction: reaction(`thinking about it`, 1000, 'thinking'),
        reactionMaxAgeMs: 300_000,
        now: NOW,
        modDraws,
      });
    const text = (view: ReturnType<typeof buildView>) =>
      rowsFor(view, 2, false)
        .flat()
        .flatMap((segment) => segment.parts.map((part) => part.text))
        .join('');
    const busy = input(midTurnEvents(), true);
    expect(text(busy)).not.toMatch(/\d+s|thinking about it|Pixel|\(o\.o\)/);
    expect(text(busy)).toContain('▸ Bash');
    expect(text(busy)).toContain('Explore');
    expect(text(busy)).toContain('Opus');
    expect(text(input(midTurnEvents(), false))).toMatch(/\(o\.o\).*thinking about it.*▸ Bash \d+s/);
    expect(text(input(waitingEvents(), true))).not.toContain('approve');
    expect(text(input(waitingEvents(), false))).toContain('approve Bash');
  });
});
