import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '../../../test/support/temp-dir.js';
import { EXAMPLES_DIR, runPipeline } from '../example-harness.js';

const COACH_DIR = join(EXAMPLES_DIR, 'test-coach');

const run = (hook_event_name: 'PostToolUse' | 'PostToolUseFailure', command: string, session_id = 'sess-coach') => ({
  session_id,
  hook_event_name,
  cwd: '/tmp',
  tool_name: 'Bash',
  tool_input: { command, description: 'tests' },
  ...(hook_event_name === 'PostToolUseFailure'
    ? { error: 'Exit code 1', is_interrupt: false }
    : { tool_response: { stdout: 'ok' } }),
});

describe('test-coach (plain shell example) through hook → journal → runner → store', () => {
  it('coaches through failures, escalates at three in a row, cheers the recovery', async () => {
    const tmp = makeTempDir('coach-state-');
    const result = await runPipeline(
      [COACH_DIR],
      [
        run('PostToolUse', 'npm test'), // green with no failure before: nothing to say
        run('PostToolUseFailure', 'npx vitest run'),
        run('PostToolUseFailure', 'ls missing'), // not a test command
        run('PostToolUseFailure', 'npm run test'),
        run('PostToolUseFailure', 'pytest -x'),
        run('PostToolUse', 'npm test'),
        run('PostToolUse', 'npm test'), // still green: quiet again
        run('PostToolUseFailure', 'go test ./...', 'sess-coach-other'), // other sessions keep their own count
      ],
      { ...process.env, TMPDIR: tmp },
    );
    expect(result.warnings).toEqual([]);
    expect(result.reactions.map((r) => [r.sessionId, r.text, r.mood, r.priority])).toEqual([
      ['sess-coach', 'Tests failed. Deep breath: what does the first error say?', 'sad', 4],
      ['sess-coach', 'Tests failed. Deep breath: what does the first error say?', 'sad', 4],
      [
        'sess-coach',
        'Red 3 times in a row. Read the FIRST failure slowly, the rest often follow from it.',
        'worried',
        4,
      ],
      ['sess-coach', 'Green again after 3 failed run(s)! Nice recovery.', 'happy', 2],
      ['sess-coach-other', 'Tests failed. Deep breath: what does the first error say?', 'sad', 4],
    ]);
    expect(result.reactions.every((r) => r.source === 'test-coach')).toBe(true);
    expect(result.latest('sess-coach')?.text).toMatch(/Green again/);
    // The plugin's state lives in the TMPDIR it was given (the allowlisted variable).
    expect(readdirSync(tmp)).toEqual(['buddy-test-coach-sess-coach-other']);
  });
});
