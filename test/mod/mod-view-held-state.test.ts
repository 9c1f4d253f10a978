/**
 * The runner's mod view files are drawn from the state the watcher already folded (issue 50: the
 * pane and the headless runner hand it over with each batch), only while the journal is where that
 * state was folded to; once the journal moved on, the view is the journal's own story again.
 */
import { appendFileSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeModHeartbeat } from '../../src/mod/mod-bridge.js';
import { startModViewWriter } from '../../src/mod/mod-view-writer.js';
import { modViewPath } from '../../src/mod/mod-views.js';
import { createSessionEventsFeed } from '../../src/tui/watch/session-events-feed.js';
import { foldEvents } from '../../src/state/reducer.js';
import { FIXTURE_SESSION, NOW, midTurnEvents, sandbox, type Sandbox } from '../statusline/support.js';

const boxes: Sandbox[] = [];
afterAll(() => {
  for (const made of boxes) rmSync(made.base, { recursive: true, force: true });
});

describe("the mod's view and its runner's folded state", () => {
  it('draws the handed-over state only at its journal position', async () => {
    const made = sandbox({});
    boxes.push(made);
    made.session(FIXTURE_SESSION, { events: midTurnEvents() });
    mkdirSync(join(made.root, 'inbox'), { mode: 0o700 });
    writeModHeartbeat(made.root, FIXTURE_SESSION, process.pid, NOW);
    const journal = join(made.root, FIXTURE_SESSION, 'events.jsonl');
    const controller = new AbortController();
    const events = createSessionEventsFeed(controller.signal);
    const listeners = new Set<() => void>();
    const writer = startModViewWriter({
      root: made.root,
      env: made.env,
      clock: () => NOW,
      store: { subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)) },
      events,
      report: () => undefined,
      signal: controller.signal,
    });
    const view = () => readFileSync(modViewPath(made.root, FIXTURE_SESSION)!, 'utf8');
    try {
      await writer.lookNow();
      expect(JSON.parse(view()).working).toBe(true);
      const at = () => ({ ino: statSync(journal).ino, offset: statSync(journal).size });
      // A held state that ended the turn, which the journal has not: at the journal's position, it is drawn.
      const stop = { ts: NOW - 500, session_id: FIXTURE_SESSION, hook_event_name: 'Stop' as const };
      const state = foldEvents(undefined, [...midTurnEvents(), stop], FIXTURE_SESSION);
      events.publish([{ sessionId: FIXTURE_SESSION, events: [stop], state, journal: at() }]);
      // The view is written again when its inputs change: the reactions file stands for the change.
      appendFileSync(join(made.root, FIXTURE_SESSION, 'reactions.jsonl'), '\n');
      await writer.lookNow();
      expect(JSON.parse(view()).working).toBe(false);

      // The journal moved past the held state: the view is the journal's (a tool running again).
      const stale = at();
      const tool = { ts: NOW - 100, session_id: FIXTURE_SESSION, hook_event_name: 'PreToolUse', tool_name: 'WebFetch' };
      appendFileSync(journal, `${JSON.stringify({ ...tool, tool_use_id: 'journal' })}\n`);
      events.publish([{ sessionId: FIXTURE_SESSION, events: [stop], state, journal: stale }]);
      await writer.lookNow();
      expect(JSON.parse(view()).working).toBe(true);
    } finally {
      controller.abort();
    }
  });
});
