/**
 * Journals for the status segment's tests, written by the real hook (dist/hook.js) from recorded
 * payloads: a Claude Code session running Bash, and a Codex 0.169.0 session waiting at its
 * permission prompt (through the Codex host's own hook command).
 */
import { readFileSync } from 'node:fs';
import { FIXTURE_EVENTS, HOOK_ENTRY, feedThroughHook, runHookProcess } from './hook-process.js';

export type Payload = Record<string, unknown>;
const lines = (path: string): Payload[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Payload);
export const WAITING = lines(new URL('../fixtures/waiting-session.jsonl', import.meta.url).pathname).map(
  ({ ts: _ts, ...payload }) => payload,
);
export const RECORDED = lines(FIXTURE_EVENTS);
const CODEX = lines(new URL('../fixtures/codex/shared-capture.hooks.jsonl', import.meta.url).pathname).map(
  (line) => line.payload as Payload,
);
export const CODEX_PERMISSION = CODEX.find((payload) => payload.hook_event_name === 'PermissionRequest')!;

export async function feedSegmentWorld(target: Record<string, string>): Promise<void> {
  const claude = (id: string, payloads: Payload[], extra: Payload = {}) =>
    feedThroughHook(
      payloads.map((payload) => JSON.stringify({ ...payload, ...extra, session_id: id })),
      target,
    );
  // Running Bash (PreToolUse, no PermissionRequest yet): working.
  await claude('claude-working', WAITING.slice(0, 3));
  // Codex asks to run `touch escalated.txt`: waiting for the user (the Codex host's own hook).
  const codex = await runHookProcess(
    process.execPath,
    [HOOK_ENTRY, '--host', 'codex'],
    JSON.stringify(CODEX_PERMISSION),
    target,
  );
  if (codex.code !== 0) throw new Error(`codex hook exited ${codex.code}`);
}
