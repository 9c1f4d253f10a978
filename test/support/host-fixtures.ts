/**
 * Every host's recorded hook payloads, by host: Claude Code's and Codex's named here, every other
 * host's read from `test/fixtures/<id>/hook-events.jsonl` (`{run, payload}` lines), so a new host
 * needs no line here, and the conformance test fails until that file exists.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HostPayload } from '../../src/hosts/host-translator.js';
import { HOST_IDS, type HostId } from '../../src/hosts/host-id.js';
import { codexPayloads } from './codex-fixtures.js';
import { capturedRecordRuns } from './opencode-captures.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

export interface RecordedRun {
  /** Which capture, as its fixture file names it. */
  name: string;
  payloads: HostPayload[];
}

export function readJsonLines(path: string): HostPayload[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as HostPayload);
}

/** `{run, payload}` lines (the shared captures' format) grouped by run, in file order. */
export function capturedRuns(path: string): RecordedRun[] {
  const runs = new Map<string, HostPayload[]>();
  for (const line of readJsonLines(path)) {
    const run = String(line.run);
    runs.set(run, [...(runs.get(run) ?? []), line.payload as HostPayload]);
  }
  return [...runs].map(([name, payloads]) => ({ name, payloads }));
}

const NAMED_FIXTURES: Partial<Record<HostId, () => RecordedRun[]>> = {
  claude: () => [{ name: 'claude-code-2.1.332', payloads: readJsonLines(`${FIXTURES}hook-events.jsonl`) }],
  codex: () =>
    (['exec-basic', 'exec-codemode', 'shared-capture'] as const).map((name) => ({
      name,
      payloads: codexPayloads(name),
    })),
  // The plugin's records of the recorded plugin calls (opencode-captures.ts).
  opencode: () => capturedRecordRuns(`${FIXTURES}opencode/captured.jsonl`),
  kilo: () => capturedRecordRuns(`${FIXTURES}kilo/captured.jsonl`),
};

export const HOST_FIXTURES: Record<HostId, () => RecordedRun[]> = Object.fromEntries(
  HOST_IDS.map((id) => [id, NAMED_FIXTURES[id] ?? (() => capturedRuns(`${FIXTURES}${id}/hook-events.jsonl`))]),
) as Record<HostId, () => RecordedRun[]>;
