/**
 * The moments the buddy's voice speaks at, read from one journal event (as the native /buddy
 * did: failures and errors, the tests green again, Claude waiting, being spoken to by name, turn
 * ends, large diffs, petting and hatching), and how often per `reactions.chattiness`:
 * - quiet: failures, recoveries, waiting, being addressed;
 * - normal: also petting and hatching;
 * - chatty: also every turn end and every large diff.
 */
import type { Chattiness } from '../plugins/chattiness.js';
import { bashCommandOf } from '../protocol/event-kind.js';
import type { EventKind } from '../protocol/event-kind.js';
import type { JournalEvent } from '../protocol/hook-event.js';
import { writtenFiles } from '../protocol/written-files.js';

export type VoiceMomentKind =
  | 'failure'
  | 'test_failure'
  | 'recovery'
  | 'waiting'
  | 'addressed'
  | 'turn_end'
  | 'large_diff'
  | 'petted'
  | 'hatched';

export interface VoiceMoment {
  kind: VoiceMomentKind;
  tool?: string;
  command?: string;
  file?: string;
  diffLines?: number;
  errorLine?: string;
  message?: string;
  question?: string;
}

/** An edit or write of more lines than this is a large diff (native: 80). */
export const LARGE_DIFF_LINES = 80;

const QUIET: ReadonlySet<VoiceMomentKind> = new Set(['failure', 'test_failure', 'recovery', 'waiting', 'addressed']);
const NORMAL: ReadonlySet<VoiceMomentKind> = new Set([...QUIET, 'petted', 'hatched']);

export function voiceSpeaksAt(level: Chattiness, kind: VoiceMomentKind): boolean {
  if (level === 'chatty') return true;
  return (level === 'quiet' ? QUIET : NORMAL).has(kind);
}

const ERROR_LINE = /error|exception|traceback|fail|denied|not found|cannot|no such/i;

/** The line of an error text worth naming: the first that reads like an error, else the first (not "Exit code N"). */
export function errorLineOf(error: unknown): string | undefined {
  if (typeof error !== 'string') return undefined;
  const lines = error
    .slice(0, 20_000)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^exit code \d+$/i.test(line));
  return lines.find((line) => ERROR_LINE.test(line)) ?? lines[0];
}

/** Lines an edit or write put into the file (its new text), for the large-diff moment. */
function linesWritten(event: JournalEvent): number {
  const input = event.tool_input;
  if (!input || typeof input !== 'object') return 0;
  const text = [
    input.content,
    input.new_string,
    ...(Array.isArray(input.edits) ? input.edits.map((e: { new_string?: unknown }) => e?.new_string) : []),
  ]
    .filter((part): part is string => typeof part === 'string')
    .join('\n');
  return text ? text.split('\n').length : 0;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

export interface MomentFlags {
  /** The tests turned green after failing. */
  recovery: boolean;
  /** A prompt that names the buddy, or a question asked with /buddy. */
  addressed: boolean;
}

/** The voice moment of an event with these kinds (most specific first), or undefined. */
export function voiceMomentOf(
  event: JournalEvent,
  kinds: readonly EventKind[],
  flags: MomentFlags,
): VoiceMoment | undefined {
  const tool = str(event.tool_name);
  const command = bashCommandOf(event);
  if (kinds.includes('test_failure') || kinds.includes('tool_failure')) {
    const file = writtenFiles(event)[0];
    return {
      kind: kinds.includes('test_failure') ? 'test_failure' : 'failure',
      ...(tool ? { tool } : {}),
      ...(command ? { command } : {}),
      ...(file ? { file } : {}),
      ...(errorLineOf(event.error ?? event.tool_response)
        ? { errorLine: errorLineOf(event.error ?? event.tool_response) }
        : {}),
    };
  }
  if (kinds.includes('tests_passed') && flags.recovery) return { kind: 'recovery', ...(command ? { command } : {}) };
  if (kinds.includes('notification')) {
    const message = str(event.message);
    return { kind: 'waiting', ...(message ? { message } : {}) };
  }
  if (flags.addressed) {
    const question = str(event.prompt);
    return { kind: 'addressed', ...(question ? { question } : {}) };
  }
  if (kinds.includes('file_written')) {
    const diffLines = linesWritten(event);
    const file = writtenFiles(event)[0];
    if (diffLines > LARGE_DIFF_LINES) return { kind: 'large_diff', diffLines, ...(file ? { file } : {}) };
  }
  if (kinds.includes('turn_end')) return { kind: 'turn_end' };
  if (kinds.includes('petted')) return { kind: 'petted' };
  return undefined;
}
