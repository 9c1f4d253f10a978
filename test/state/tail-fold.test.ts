/**
 * Folding a long journal from its end (tail-fold.ts) shows exactly what a fold of the whole
 * journal shows, in the statusline (with its window) and in the pane (with its own): checked at
 * every cut point of journals made from the recorded Claude Code session, with and without a
 * checkpoint to start from.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { serializeEventLine } from '../../src/state/journal.js';
import { foldEvents } from '../../src/state/reducer.js';
import {
  activityPerMinute,
  currentTool,
  isProcessingPrompt,
  lastFailure,
  subagentGroups,
} from '../../src/state/selectors.js';
import { toolsByUse } from '../../src/display/tool-order.js';
import type { SessionState } from '../../src/state/session-state.js';
import { SUBAGENT_WINDOW_MS, foldJournalTail } from '../../src/state/tail-fold.js';
import type { PayloadView } from '../../src/statusline/payload.js';
import { buildView } from '../../src/statusline/view.js';
import { T0, midTurnEvents } from '../statusline/support.js';
import { recordedEvents, recordedTurn, repeatedEvents } from '../support/recorded-journal.js';
import { makeTempDir } from '../support/temp-dir.js';

const SID = 'tail-fold-session';
/** No model or folder from the payload: the statusline falls back to the state's. */
const BARE_PAYLOAD: PayloadView = {};

/** Everything the statusline and the pane show of a session at `now`. */
function shown(state: SessionState, now: number) {
  return {
    statusline: buildView({ payload: BARE_PAYLOAD, state, face: '(o.o)', reactionMaxAgeMs: 0, now }),
    pane: {
      projectName: state.projectName,
      model: state.model,
      startedAt: state.startedAt,
      lastEventAt: state.lastEventAt,
      visible: state.eventCount > 0,
      // The status line of the activity panel (components/ActivityPanel.tsx), and the mood's inputs.
      status:
        state.endedAt !== undefined
          ? { endedAt: state.endedAt, endReason: state.endReason }
          : isProcessingPrompt(state)
            ? { pendingPrompts: state.pendingPrompts, turnStartedAt: state.turnStartedAt }
            : { lastTurnMs: state.lastTurnMs },
      running: currentTool(state),
      runningCount: Object.keys(state.toolsRunning).length,
      tools: toolsByUse(Object.entries(state.toolsThisTurn)),
      agents: subagentGroups(state, now),
      failure: lastFailure(state),
      activity: activityPerMinute(state, now),
    },
  };
}

/** A long session: the recorded one (ends, resumes, a compaction) round after round, a minute apart. */
function resumingSession(): JournalEvent[] {
  return repeatedEvents(recordedEvents(), 8, { sessionId: SID, start: T0 - 8 * 37 * 60_000, stepMs: 60_000 });
}

/** Turn after turn, 20 s apart, ending mid-turn: subagents running, a tool running, a prompt queued. */
function busySession(): JournalEvent[] {
  const turns = repeatedEvents(recordedTurn(), 10, { sessionId: SID, start: T0 - 10 * 28 * 20_000, stepMs: 20_000 });
  return [...turns, ...midTurnEvents().map((event) => ({ ...event, session_id: SID, ts: event.ts + 60_000 }))];
}

function writeJournal(path: string, events: JournalEvent[]): number[] {
  const lines = events.map((event) => serializeEventLine(event));
  writeFileSync(path, lines.join(''));
  // Byte offset after each line.
  let offset = 0;
  return lines.map((line) => (offset += Buffer.byteLength(line)));
}

describe('foldJournalTail', () => {
  const sessions: Array<[string, () => JournalEvent[]]> = [
    ['a session that ends, resumes and compacts', resumingSession],
    ['a busy session cut mid-turn', busySession],
  ];

  it.each(sessions)('shows what a whole fold shows, at every cut point of %s', (_name, make) => {
    const events = make();
    const path = join(makeTempDir(), 'events.jsonl');
    let skipped = 0;
    for (let cut = 1; cut <= events.length; cut += 1) {
      const prefix = events.slice(0, cut);
      writeJournal(path, prefix);
      const tail = foldJournalTail(path, SID);
      // The statusline's shorter window: what it shows is the same too.
      const statuslineTail = foldJournalTail(path, SID, undefined, { windowMs: SUBAGENT_WINDOW_MS });
      const whole = foldEvents(undefined, prefix, SID);
      const last = prefix[prefix.length - 1].ts;
      for (const now of [last + 5_000, last + 9 * 60_000]) {
        expect(shown(tail!.state, now), `cut ${cut} at +${now - last} ms`).toEqual(shown(whole, now));
        expect(shown(statuslineTail!.state, now).statusline, `statusline, cut ${cut} at +${now - last} ms`).toEqual(
          shown(whole, now).statusline,
        );
      }
      if (tail!.partial && statuslineTail!.partial) skipped += 1;
    }
    // Most cut points really skipped part of the journal (or the check above proves little).
    expect(skipped).toBeGreaterThan(events.length / 2);
  });

  it('starts from a checkpoint and agrees with a whole fold', () => {
    const events = busySession();
    const path = join(makeTempDir(), 'events.jsonl');
    const ends = writeJournal(path, events);
    const ino = foldJournalTail(path, SID)!.journal.ino;
    for (let at = 10; at < events.length; at += 17) {
      const base = { journal: { ino, offset: ends[at - 1] }, state: foldEvents(undefined, events.slice(0, at), SID) };
      const tail = foldJournalTail(path, SID, base)!;
      expect(tail.journal.offset).toBe(ends[ends.length - 1]);
      const now = events[events.length - 1].ts + 5_000;
      expect(shown(tail.state, now), `checkpoint after ${at} events`).toEqual(
        shown(foldEvents(undefined, events, SID), now),
      );
    }
  });

  it('folds the whole journal when the last turn reaches back to its start', () => {
    const events = repeatedEvents(recordedTurn(), 1, { sessionId: SID, start: T0, stepMs: 3_600_000 });
    const path = join(makeTempDir(), 'events.jsonl');
    writeJournal(path, events);
    const tail = foldJournalTail(path, SID)!;
    expect(tail.partial).toBe(false);
    expect(tail.state).toEqual(foldEvents(undefined, events, SID));
  });

  it('stops at the last complete line and says undefined for a missing journal', () => {
    const events = busySession();
    const path = join(makeTempDir(), 'events.jsonl');
    const ends = writeJournal(path, events);
    writeFileSync(path, `${serializeEventLine(events[0]).slice(0, 30)}`, { flag: 'a' });
    expect(foldJournalTail(path, SID)!.journal.offset).toBe(ends[ends.length - 1]);
    expect(foldJournalTail(join(makeTempDir(), 'missing.jsonl'), SID)).toBeUndefined();
  });
});
