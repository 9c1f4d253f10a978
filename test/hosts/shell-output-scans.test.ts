/**
 * The hand-written scans that replaced the translators' backtracking patterns (issue 44) give
 * what those patterns gave, on short texts where the patterns are quick: thousands of texts made
 * of the pieces the patterns look for, in every order. The old patterns are the oracles here.
 */
import { describe, expect, it } from 'vitest';
import { normalizeHostEvent } from '../../src/hosts/host-translator.js';
import { reportedExitCode, reportedOutput } from '../../src/hosts/shell-report.js';

/** A small deterministic generator (mulberry32): the same texts on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function texts(pieces: readonly string[], count: number, seed: number): string[] {
  const next = random(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(next() * 14) }, () => pieces[Math.floor(next() * pieces.length)]).join(''),
  );
}

const REPORT_PIECES = [
  'Output: ',
  'Exit Code: ',
  '\nExit Code: ',
  '\nExit Code:',
  '\nError:',
  'Error: ',
  '\n',
  '\r',
  '\u2028',
  ' ',
  '\t',
  '-',
  '3',
  '0',
  '(empty)',
  'x',
];

const oldExitCode = (text: string) => {
  const exited = /^Exit Code: (-?\d+)$/m.exec(text);
  return exited ? Number(exited[1]) : undefined;
};
const oldOutput = (text: string, pattern: RegExp) => {
  const output = pattern.exec(text)?.[1]?.replace(/\s+$/, '');
  return output && output !== '(empty)' ? output : '';
};

describe("Gemini's and Qwen's shell report, read by hand", () => {
  const samples = texts(REPORT_PIECES, 20_000, 44);

  it('the exit code is the old pattern’s', () => {
    expect(samples.filter((text) => !Object.is(reportedExitCode(text), oldExitCode(text)))).toEqual([]);
  });

  it('the output is the old patterns’ (Gemini ends it at Exit Code, Qwen at Error too)', () => {
    const gemini = /^Output: ([\s\S]*?)\nExit Code:/m;
    const qwen = /^Output: ([\s\S]*?)\n(?:Error|Exit Code):/m;
    expect(samples.filter((text) => reportedOutput(text, ['\nExit Code:']) !== oldOutput(text, gemini))).toEqual([]);
    const qwenEnds = ['\nError:', '\nExit Code:'];
    expect(samples.filter((text) => reportedOutput(text, qwenEnds) !== oldOutput(text, qwen))).toEqual([]);
  });
});

/** The Copilot translator's old reading of a shell call's text: its exit code and error. */
function oldCopilotOutcome(text: string): { exitCode?: number; error?: string } {
  const exitText = /completed with exit code (-?\d+)>\s*$/;
  const exited = exitText.exec(text);
  if (!exited) return {};
  const exitCode = Number(exited[1]);
  if (exitCode === 0) return { exitCode };
  const output = text
    .replace(exitText, '')
    .replace(/<shellId:[^>]*$/, '')
    .replace(/\s+$/, '');
  return { exitCode, error: output ? `Exit code ${exitCode}\n${output}` : `Exit code ${exitCode}` };
}

const COPILOT_PIECES = [
  '<shellId: 1 ',
  '<shellId:',
  'completed with exit code ',
  '>',
  '-',
  '3',
  '0',
  ' ',
  '\n',
  '\u00a0',
  'x',
];

describe("Copilot's shell text, read by hand", () => {
  it('the exit code and the error are the old patterns’', () => {
    const samples = texts(COPILOT_PIECES, 20_000, 45);
    // Texts that end in a mark often, as real ones do.
    samples.push(...samples.map((text) => `${text}<shellId: 2 completed with exit code 3>\n`));
    const differing = samples.filter((text) => {
      const event = normalizeHostEvent('copilot', {
        session_id: 's',
        hook_event_name: 'PostToolUse',
        tool_name: 'Bash',
        tool_result: { text_result_for_llm: text },
      });
      const old = oldCopilotOutcome(text);
      return !Object.is(event?.exit_code, old.exitCode) || event?.error !== old.error;
    });
    expect(differing).toEqual([]);
  });
});
