/**
 * Golden outputs: the fixture payloads with the fixture journals, at widths 40, 80 and 200,
 * colour on and off, for each layout. `UPDATE_GOLDEN=1 npx vitest run test/statusline` rewrites
 * the files under test/statusline/golden/ (review the diff before committing).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { visibleWidth } from '../../src/display/text-width.js';
import { runStatusline } from '../../src/statusline/render.js';
import { RESET } from '../../src/statusline/style.js';
import {
  FIXTURE_SESSION,
  endedEvents,
  failedEvents,
  fixturePayload,
  midTurnEvents,
  reaction,
  realPayload,
  sandbox,
  visible,
  voiceCallsToday,
  waitingEvents,
} from './support.js';
import { rmSync } from 'node:fs';

const GOLDEN_DIR = fileURLToPath(new URL('./golden/', import.meta.url));
const update = process.env.UPDATE_GOLDEN === '1';

const midTurn = sandbox();
midTurn.session(FIXTURE_SESSION, {
  events: midTurnEvents(),
  reactions: [reaction('Three Bash calls and counting! The Explore agents are still digging.', 5000)],
});
const ended = sandbox();
ended.session(FIXTURE_SESSION, { events: endedEvents() });
const empty = sandbox();
const waiting = sandbox();
waiting.session(FIXTURE_SESSION, { events: waitingEvents() });
const failed = sandbox();
failed.session(FIXTURE_SESSION, { events: failedEvents() });
// The voice used its default budget (100 calls today): the quips are canned until the UTC day ends.
const voiceSpent = sandbox();
voiceSpent.session(FIXTURE_SESSION, {
  events: endedEvents().slice(0, -1),
  reactions: [reaction('Ooh, a failure. Classic.', 3000)],
});
voiceCallsToday(voiceSpent, 100);

const CASES = [
  { name: 'mid-turn', box: midTurn, payload: fixturePayload(42), layouts: ['lines2', 'lines1', 'segment'] },
  { name: 'ended', box: ended, payload: fixturePayload(87), layouts: ['lines2'] },
  { name: 'no-state', box: empty, payload: realPayload(), layouts: ['lines2'] },
  { name: 'waiting', box: waiting, payload: fixturePayload(12), layouts: ['lines2', 'lines1', 'segment'] },
  { name: 'failed', box: failed, payload: fixturePayload(30), layouts: ['lines2', 'lines1'] },
  { name: 'voice-spent', box: voiceSpent, payload: fixturePayload(30), layouts: ['lines2', 'lines1', 'segment'] },
] as const;

const LAYOUT_FLAGS: Record<string, string[]> = { lines2: [], lines1: ['--lines', '1'], segment: ['--segment'] };

afterAll(() => {
  for (const box of [midTurn, ended, empty, waiting, failed, voiceSpent])
    rmSync(box.base, { recursive: true, force: true });
});

describe('statusline golden outputs', () => {
  for (const { name, box, payload, layouts } of CASES) {
    for (const layout of layouts) {
      for (const width of [40, 80, 200]) {
        for (const color of [true, false]) {
          const file = `${name}-${layout}-w${width}-${color ? 'color' : 'plain'}.txt`;
          it(file, async () => {
            const args = [...LAYOUT_FLAGS[layout], ...(color ? [] : ['--no-color'])];
            const { output } = await runStatusline(JSON.stringify(payload), args, {
              ...box.env,
              COLUMNS: String(width),
            });

            const rows = layout === 'segment' ? [output] : output.split('\n').slice(0, -1);
            if (layout !== 'segment') expect(output.endsWith('\n')).toBe(true);
            else expect(output).not.toContain('\n');
            for (const row of rows) {
              expect(visibleWidth(row)).toBeLessThanOrEqual(layout === 'segment' ? Math.min(width, 40) : width);
              if (color) expect(row.endsWith(RESET)).toBe(true);
              else expect(row).not.toContain('\u001b');
            }
            expect(rows).toHaveLength(layout === 'lines2' ? 2 : 1);

            const path = `${GOLDEN_DIR}${file}`;
            if (update) writeFileSync(path, visible(output));
            expect(existsSync(path), `${file} missing: run with UPDATE_GOLDEN=1`).toBe(true);
            expect(visible(output)).toBe(readFileSync(path, 'utf8'));
          });
        }
      }
    }
  }
});
