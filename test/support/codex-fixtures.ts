/**
 * Real Codex 0.169.0 captures (test/fixtures/codex/, see its README): the hook payloads of a
 * `codex exec` run and its rollout as it stood when the last PostToolUse hook ran, and at the end.
 * Paths were anonymised to /home/dev; `payloadsWithRollout` points the payloads at a private copy.
 */
import { appendFileSync, copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HostEvent } from '../../src/hosts/host-translator.js';
import { makeTempDir } from './temp-dir.js';

export const CODEX_FIXTURES = fileURLToPath(new URL('../fixtures/codex/', import.meta.url));
export type CodexRun = 'exec-basic' | 'exec-codemode';
export type RolloutMoment = 'at-last-post' | 'final';

export function codexPayloads(run: CodexRun | 'shared-capture'): HostEvent[] {
  return readFileSync(join(CODEX_FIXTURES, `${run}.hooks.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .map((entry) => (run === 'shared-capture' ? entry.payload : entry));
}

/** A private copy of the run's rollout, named like Codex names it. */
export function rolloutCopy(run: CodexRun, moment: RolloutMoment, dir = makeTempDir('buddy-codex-')): string {
  const path = join(dir, `rollout-2026-11-30T23-29-25-${run}.jsonl`);
  copyFileSync(join(CODEX_FIXTURES, `${run}.rollout-${moment}.jsonl`), path);
  return path;
}

/** The run's payloads with `transcript_path` on a private copy of its rollout at `moment`. */
export function payloadsWithRollout(run: CodexRun, moment: RolloutMoment): { payloads: HostEvent[]; rollout: string } {
  const rollout = rolloutCopy(run, moment);
  return { payloads: codexPayloads(run).map((p) => ({ ...p, transcript_path: rollout })), rollout };
}

/**
 * Appends later turns to a rollout until at least `bytes` follow: the run's own final rollout,
 * line for line, with its call ids made fresh per copy (so none is the id asked for),
 * as a session that went on long after the call. Returns the bytes appended.
 */
export function appendLaterTurns(rollout: string, run: CodexRun, bytes: number): number {
  const text = readFileSync(join(CODEX_FIXTURES, `${run}.rollout-final.jsonl`), 'utf8');
  const turn = text
    .split('\n')
    .filter((line) => line && !line.includes('"type":"session_meta"'))
    .join('\n');
  let appended = 0;
  for (let copy = 0; appended < bytes; copy += 1) {
    const later = `${turn.replaceAll('"call_mock_', `"call_later${copy}_`).replaceAll('"exec-', `"exec-later${copy}-`)}\n`;
    appendFileSync(rollout, later);
    appended += Buffer.byteLength(later);
  }
  return appended;
}
