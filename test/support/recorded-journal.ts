/**
 * Long journals made from the recorded Claude Code 2.1.332 session (test/fixtures/hook-events.jsonl):
 * its events repeated round after round with fresh ids (tool_use_id, agent_id, prompt_id) and
 * evenly spaced timestamps. Written line by line from templates, so 150 MB takes a second or two.
 */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { serializeEventLine } from '../../src/state/journal.js';

const FIXTURE = new URL('../fixtures/hook-events.jsonl', import.meta.url);

export function recordedEvents(): JournalEvent[] {
  return readFileSync(FIXTURE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as JournalEvent);
}

/** The recorded events from the first prompt through the Stop: one whole turn. */
export function recordedTurn(): JournalEvent[] {
  const events = recordedEvents();
  return events.slice(
    events.findIndex((e) => e.hook_event_name === 'UserPromptSubmit'),
    events.findIndex((e) => e.hook_event_name === 'Stop') + 1,
  );
}

export interface RepeatOptions {
  sessionId: string;
  /** The first event's time; each next event is `stepMs` later. */
  start: number;
  stepMs: number;
  /** writeRepeatedJournal: instead of `start`, the time of the last repeated event (exactly). */
  endAt?: number;
}

/** The start that makes a journal of about `bytes` from `templates` end near `endAt`. */
export function startFor(templates: JournalEvent[], bytes: number, stepMs: number, endAt: number): number {
  const perRound = templates.reduce((sum, event) => sum + serializeEventLine({ ...event, ts: endAt }).length, 0);
  return endAt - Math.ceil(bytes / perRound) * templates.length * stepMs;
}

const idsOf = (event: JournalEvent): string[] =>
  [event.tool_use_id, event.agent_id, event.prompt_id].filter(
    (id): id is string => typeof id === 'string' && id !== '',
  );

/** `templates` repeated `rounds` times as events: each round's ids end in `-r<round>`. */
export function repeatedEvents(templates: JournalEvent[], rounds: number, options: RepeatOptions): JournalEvent[] {
  const events: JournalEvent[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const template of templates) {
      const event: JournalEvent = {
        ...template,
        session_id: options.sessionId,
        ts: options.start + events.length * options.stepMs,
      };
      for (const key of ['tool_use_id', 'agent_id', 'prompt_id'] as const) {
        if (typeof template[key] === 'string' && template[key]) event[key] = `${template[key]}-r${round}`;
      }
      events.push(event);
    }
  }
  return events;
}

/**
 * Writes a journal of at least `bytes`: `templates` repeated (as repeatedEvents would, ids also
 * rewritten inside other fields such as PostToolBatch's tool_calls), then `after` with its own
 * timestamps kept. Returns the number of lines and the last repeated event's time.
 */
export function writeRepeatedJournal(
  path: string,
  templates: JournalEvent[],
  bytes: number,
  options: RepeatOptions,
  after: JournalEvent[] = [],
): { lines: number; lastTs: number } {
  // Serialised once, with the session id in place and `ts` first so it can be swapped in as text.
  const lines = templates.map(({ ts: _unused, ...template }) => {
    const text = serializeEventLine({ ts: 0, ...template, session_id: options.sessionId });
    return { rest: text.slice('{"ts":0,'.length), ids: idsOf(template as JournalEvent) };
  });
  // Rounds until `bytes` (a round is never cut, ids grow with the round number): counted first
  // when the end time is given, so that the journal's times never pass it (a journal that ran on
  // into the future of its own live tail would fold far more than a real one from its end).
  let start = options.start;
  if (options.endAt !== undefined) {
    let total = 0;
    let events = 0;
    for (let round = 0; total < bytes; round += 1) {
      for (const { rest, ids } of lines)
        total +=
          `{"ts":${options.endAt},`.length +
          rest.length +
          ids.reduce((n, id) => n + rest.split(`"${id}"`).length - 1, 0) * `-r${round}`.length;
      events += lines.length;
    }
    start = options.endAt - (events - 1) * options.stepMs;
  }
  const fd = openSync(path, 'w', 0o600);
  let written = 0;
  let count = 0;
  let ts = start;
  try {
    let buffer: string[] = [];
    let pending = 0;
    for (let round = 0; written + pending < bytes; round += 1) {
      for (const { rest, ids } of lines) {
        let text = rest;
        for (const id of ids) text = text.replaceAll(`"${id}"`, `"${id}-r${round}"`);
        ts = start + count * options.stepMs;
        const line = `{"ts":${ts},${text}`;
        buffer.push(line);
        pending += line.length;
        count += 1;
      }
      if (pending > 4 * 1024 * 1024) {
        written += writeSync(fd, buffer.join(''));
        buffer = [];
        pending = 0;
      }
    }
    for (const event of after) buffer.push(serializeEventLine({ ...event, session_id: options.sessionId }));
    writeSync(fd, buffer.join(''));
  } finally {
    closeSync(fd);
  }
  return { lines: count + after.length, lastTs: ts };
}
