/**
 * Shared setup of the inbox drain tests (drain-inbox*.test.ts): a state root with an inbox,
 * spooled files as the sh hook leaves them, the journal a session got, processes that look like
 * a spool still writing, and a report collector.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { Report } from '../../src/report/reporter.js';
import { makeTempDir } from '../support/temp-dir.js';
import { journal } from './spool-writers.js';

export const A = 'aaaaaaaa-0000-4000-8000-00000000000a';
export const B = 'bbbbbbbb-0000-4000-8000-00000000000b';
export const T0 = 1_900_000_000_000;

export function rootWithInbox(): string {
  const root = join(makeTempDir(), 'state');
  mkdirSync(join(root, 'inbox'), { recursive: true, mode: 0o700 });
  return root;
}

/** A spooled file as the sh hook leaves it, with its mtime set. */
export function spool(root: string, name: string, content: string, mtimeMs: number): void {
  const path = join(root, 'inbox', name);
  writeFileSync(path, content, { mode: 0o600 });
  utimesSync(path, mtimeMs / 1000, mtimeMs / 1000);
}

export const event = (sid: string, name: string, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ session_id: sid, hook_event_name: name, ...extra })}\n`;

export { journal };

export const names = (root: string, sid: string) => journal(root, sid).map((e) => e.hook_event_name);
export const spooled = (root: string) =>
  readdirSync(join(root, 'inbox'))
    .filter((name) => /^(claude|codex)\./.test(name))
    .sort();

/**
 * Processes that look like a spool still writing (their `$0` is the spool's): `liveWriter()`
 * starts one and returns its pid, which names a file; all are killed after each test. Call it
 * at the top of a test file.
 */
export function useLiveWriters(): { liveWriter: () => number; writers: ChildProcess[] } {
  const writers: ChildProcess[] = [];
  function liveWriter(): number {
    const child = spawn('/bin/sh', ['-c', 'sleep 60; true', 'buddy-tui-ingest'], { stdio: 'ignore' });
    writers.push(child);
    return child.pid!;
  }
  afterEach(() => {
    for (const child of writers.splice(0)) child.kill();
  });
  return { liveWriter, writers };
}

export function collect(): { reports: Report[]; report: (r: Report) => void } {
  const reports: Report[] = [];
  return { reports, report: (r) => reports.push(r) };
}
