/**
 * The resident statusline renders from the state its host already folded (issue 50: the pane
 * and the headless runner hand it over with each batch), so a render costs no journal read and no
 * checkpoint write, but only while the journal is where that state was folded to: once the
 * journal moved on, the line is the journal's own story again. A line rendered as it already
 * is on disk is not written again.
 */
import { appendFileSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { foldEvents } from '../../src/state/reducer.js';
import { startResidentStatuslines } from '../../src/statusline/resident-lines.js';
import {
  FIXTURE_SESSION,
  NOW,
  fixturePayload,
  midTurnEvents,
  sandbox,
  type Sandbox,
  viaInstalledCommand,
} from './support.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const boxes: Sandbox[] = [];
afterAll(() => {
  for (const made of boxes) rmSync(made.base, { recursive: true, force: true });
});

describe('the resident statusline and its host’s state', () => {
  it('uses the handed-over state only at its journal position, and leaves an unchanged line as it is', async () => {
    const made = sandbox({ COLUMNS: '100', CLAUDE_CODE_SESSION_ID: FIXTURE_SESSION });
    boxes.push(made);
    made.session(FIXTURE_SESSION, { events: midTurnEvents() });
    mkdirSync(join(made.root, 'inbox'), { mode: 0o700 });
    const journal = join(made.root, FIXTURE_SESSION, 'events.jsonl');
    const lineFile = join(made.root, 'statusline', `${FIXTURE_SESSION}.line`);
    const printed = () => readFileSync(lineFile, 'utf8').split('\n').slice(2).join('\n');
    const resident = startResidentStatuslines({ root: made.root, env: made.env });
    try {
      // The statusLine command hands the payload over; the resident renders from the journal.
      viaInstalledCommand(made, CLI, fixturePayload(42));
      await resident.flush();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await resident.flush();
      const fromJournal = printed();
      expect(fromJournal).toContain('Bash');

      // A held state with a tool the journal does not have, at the journal's position: it is drawn.
      const at = () => ({ ino: statSync(journal).ino, offset: statSync(journal).size });
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
      const ino = statSync(lineFile).ino;
      resident.sessionsChanged([FIXTURE_SESSION]);
      await resident.flush();
      expect(statSync(lineFile).ino).toBe(ino);

      // The journal moved past the held position: the line is the journal's story, read again.
      const stale = at();
      appendFileSync(journal, `${JSON.stringify({ ...running, tool_name: 'WebFetch', tool_use_id: 'journal' })}\n`);
      resident.sessionsRead([{ sessionId: FIXTURE_SESSION, state: held, journal: stale }]);
      await resident.flush();
      expect(printed()).toContain('WebFetch');
      expect(printed()).not.toContain('WebSearch');
      expect(readFileSync(lineFile, 'utf8').split('\n', 1)[0]).toBe(String(statSync(journal).size));
      expect(fromJournal).not.toBe(printed());
    } finally {
      resident.close();
    }
  });
});
