// docs/statusline.md names the last-good-output cache files one way, and the real statusline
// (dist/cli.js, spawned) writes exactly those names for each layout and colour setting.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../support/hook-process.js';
import { FIXTURE_SESSION, fixturePayload, midTurnEvents, sandbox } from './support.js';

const doc = readFileSync(fileURLToPath(new URL('../../docs/statusline.md', import.meta.url)), 'utf8');
const made = sandbox({ COLUMNS: '80' });
afterAll(() => rmSync(made.base, { recursive: true, force: true }));

describe('docs/statusline.md: the cache file names', () => {
  it('names them one way, and that is what the statusline writes', () => {
    const names = new Set(doc.match(/statusline-last-[^`\s]*/g));
    expect([...names]).toEqual(['statusline-last-<layout>-<color|plain>.txt']);
    const layouts = /`<layout>` is `lines1`,\s+`lines2` or `segment`/.test(doc) ? ['lines1', 'lines2', 'segment'] : [];
    expect(layouts).not.toEqual([]);

    const dir = made.session(FIXTURE_SESSION, { events: midTurnEvents() });
    const input = JSON.stringify(fixturePayload(42));
    const runs: Array<[string[], string]> = [
      [['--lines', '1'], 'statusline-last-lines1-color.txt'],
      [['--lines', '2', '--no-color'], 'statusline-last-lines2-plain.txt'],
      [['--segment'], 'statusline-last-segment-color.txt'],
    ];
    for (const [args, expected] of runs) {
      const run = spawnSync(process.execPath, [CLI_ENTRY, 'statusline', ...args], {
        input,
        env: made.env,
        encoding: 'utf8',
      });
      expect(run.status).toBe(0);
      expect(readdirSync(dir)).toContain(expected);
      // The documented pattern, filled in, is the file.
      const [layout, colour] = expected.slice('statusline-last-'.length, -'.txt'.length).split('-');
      expect(layouts).toContain(layout);
      expect(
        'statusline-last-<layout>-<color|plain>.txt'.replace('<layout>', layout).replace('<color|plain>', colour),
      ).toBe(expected);
    }
    expect(
      readdirSync(dir)
        .filter((name) => name.startsWith('statusline-last-'))
        .sort(),
    ).toEqual(runs.map(([, name]) => name).sort());
  });
});
