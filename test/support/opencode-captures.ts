/**
 * OpenCode's and Kilo's recorded plugin calls (test/fixtures/<id>/captured.jsonl: the bus events
 * and hook calls of ../shared/<host>/hook-events.jsonl that buddy-tui's plugin handles, chat.params
 * and chat.headers left out) replayed through the plugin's own recorder, one process per run: the
 * records it would append to the inbox, which the host's translator reads.
 */
import {
  busEventRecords,
  disposeRecords,
  emptyOpenCodeMemory,
  hookRecords,
  type OpenCodeRecord,
} from '../../src/ingest/host-plugin/opencode-records.js';
import { readFileSync } from 'node:fs';
import type { RecordedRun } from './host-fixtures.js';

export interface CapturedCall {
  run: string;
  /** "event" for a bus event, else the hook's name. */
  label: string;
  payload: { input?: unknown; output?: unknown } & Record<string, unknown>;
}

/** One plugin call's records, as the plugin (opencode-plugin.ts) makes them. */
export function recordsOfCall(memory: ReturnType<typeof emptyOpenCodeMemory>, call: CapturedCall): OpenCodeRecord[] {
  if (call.label === 'event') return busEventRecords(memory, call.payload);
  if (call.label === 'dispose') return disposeRecords(memory);
  return hookRecords(memory, call.label, call.payload.input, call.payload.output);
}

/** The capture's runs as the records the plugin writes for them. */
export function capturedRecordRuns(path: string): RecordedRun[] {
  const runs = new Map<string, { memory: ReturnType<typeof emptyOpenCodeMemory>; payloads: OpenCodeRecord[] }>();
  const calls = readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CapturedCall);
  for (const line of calls) {
    const run = runs.get(line.run) ?? { memory: emptyOpenCodeMemory(), payloads: [] };
    runs.set(line.run, run);
    run.payloads.push(...recordsOfCall(run.memory, line));
  }
  return [...runs].map(([name, run]) => ({ name, payloads: run.payloads }));
}
