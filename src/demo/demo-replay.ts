/**
 * Replays a recorded session through the REAL hook command, one `node dist/hook.js` process
 * per event as Claude Code runs it, at a natural pace: the recorded gaps, kept between a floor
 * (so each step can be seen) and a ceiling (so the demo never stalls), divided by `speed`.
 * Events are scheduled on one timeline, so a slow hook start does not push the rest back; the
 * demo's pace (`settle`) holds it while the pane shows what an event made the buddy say.
 */
import { spawn } from 'node:child_process';
import { readSmallFile } from '../files/read-small-file.js';

/** A demo recording: a few hundred events. */
const RECORDING_MAX_BYTES = 16 * 1024 * 1024;

export type RecordedEvent = Record<string, unknown> & { hook_event_name: string; session_id: string };

export const MIN_GAP_MS = 200;
export const MAX_GAP_MS = 550;
/** The pause before the first event, so the empty pane shows for a moment. */
export const FIRST_DELAY_MS = 400;

/** Parses a JSONL recording, skipping lines that are not hook payloads. */
export function parseRecording(text: string): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const value = JSON.parse(line) as RecordedEvent;
      if (typeof value?.hook_event_name === 'string' && typeof value.session_id === 'string') events.push(value);
    } catch {
      // A damaged line costs one event, never the demo.
    }
  }
  return events;
}

export function loadRecording(file: string): RecordedEvent[] {
  return parseRecording(readSmallFile(file, { maxBytes: RECORDING_MAX_BYTES, followSymlinks: true }));
}

/** The wait before each event, in ms. */
export function replayDelays(events: RecordedEvent[], speed = 1): number[] {
  const factor = speed > 0 ? 1 / speed : 1;
  return events.map((event, i) => {
    if (i === 0) return FIRST_DELAY_MS * factor;
    const gap = Number(event.ts) - Number(events[i - 1].ts);
    const natural = Number.isFinite(gap) ? gap : MIN_GAP_MS;
    return Math.min(MAX_GAP_MS, Math.max(MIN_GAP_MS, natural)) * factor;
  });
}

/** The payload as Claude Code would send it now: no receive time, this round's session id. */
export function payloadFor(event: RecordedEvent, sessionId: string): string {
  const { ts: _ts, ...payload } = event;
  return JSON.stringify({ ...payload, session_id: sessionId });
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Runs the hook once with `payload` on stdin; resolves with its exit code. */
export function runHookProcess(hookEntry: string, payload: string, env: NodeJS.ProcessEnv): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [hookEntry], { env, stdio: ['pipe', 'ignore', 'ignore'] });
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code));
    child.stdin.on('error', () => {
      // The hook exited before reading: it has its reasons, and it logs them itself.
    });
    child.stdin.end(payload);
  });
}

export interface ReplayOptions {
  events: RecordedEvent[];
  hookEntry: string;
  env: NodeJS.ProcessEnv;
  sessionId: string;
  speed?: number;
  signal?: AbortSignal;
  onEvent?: (event: RecordedEvent, index: number) => void;
  /** Waited for after each event (the demo's pace, demo-pace.ts); the timeline moves on by the time it took. */
  settle?: () => Promise<void>;
}

/** Replays every event once; stops early when `signal` aborts. Returns how many were sent. */
export async function replayThroughHook(options: ReplayOptions): Promise<number> {
  const delays = replayDelays(options.events, options.speed);
  let started = performance.now();
  let due = 0;
  let sent = 0;
  for (const [index, event] of options.events.entries()) {
    due += delays[index];
    await sleep(Math.max(0, started + due - performance.now()), options.signal);
    if (options.signal?.aborted) break;
    await runHookProcess(options.hookEntry, payloadFor(event, options.sessionId), options.env);
    sent += 1;
    options.onEvent?.(event, index);
    if (options.settle) {
      const before = performance.now();
      await options.settle();
      started += performance.now() - before;
    }
  }
  return sent;
}
