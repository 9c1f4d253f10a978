import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { appendReaction, readLatestReaction, REACTIONS_TAIL_BYTES } from '../../src/state/reactions-log.js';
import type { Reaction } from '../../src/protocol/reaction.js';
import { REACTION_TEXT_MAX, toReactionText } from '../../src/text/safe-text.js';
import { makeTempDir } from '../support/temp-dir.js';

const reaction = (text: string, extra: Partial<Reaction> = {}): Reaction => ({
  id: `id-${text}`,
  sessionId: 'sess-1',
  kind: 'reaction',
  text: toReactionText(text),
  source: 'gitbot',
  event: 'PostToolUse',
  priority: 1,
  ttlMs: 10_000,
  ts: 1_700_000_000_000,
  elapsedMs: 42,
  ...extra,
});

describe('reactions.jsonl', () => {
  it('appends one JSON line per reaction in a private session folder and reads the latest back', () => {
    const root = join(makeTempDir(), 'state');
    const file = appendReaction(root, reaction('first'));
    appendReaction(root, reaction('second', { kind: 'warning', mood: 'sad' }));
    expect(file).toBe(join(root, 'sess-1', 'reactions.jsonl'));
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Reaction);
    expect(lines.map((r) => r.text)).toEqual(['first', 'second']);
    expect(lines[1]).toEqual(reaction('second', { kind: 'warning', mood: 'sad' }));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, 'sess-1')).mode & 0o777).toBe(0o700);
    expect(readLatestReaction(join(root, 'sess-1'))).toEqual(reaction('second', { kind: 'warning', mood: 'sad' }));
  });

  it('keeps notices of logged plugin problems in the file but never offers them as the latest', () => {
    const root = join(makeTempDir(), 'state');
    appendReaction(root, reaction('said'));
    const file = appendReaction(
      root,
      reaction('gitbot timed out after 10 s', { kind: 'notice', priority: 0, ttlMs: 0 }),
    );
    expect(readFileSync(file, 'utf8')).toContain('"kind":"notice"');
    expect(readLatestReaction(join(root, 'sess-1'))?.text).toBe('said');
  });

  it('looks further back when the last kilobyte holds only notices or part of a long line', () => {
    const root = join(makeTempDir(), 'state');
    // Longer than a 1 KB chunk of the tail (3 bytes a character), within the reaction text limit.
    const long = '長い反応です。'.repeat(70);
    appendReaction(root, reaction(long));
    expect(readLatestReaction(join(root, 'sess-1'))?.text).toBe(long);
    appendReaction(root, reaction('said'));
    for (let i = 0; i < 30; i += 1)
      appendReaction(root, reaction(`plugin ${i} timed out after 10 s`, { kind: 'notice', priority: 0, ttlMs: 0 }));
    expect(statSync(join(root, 'sess-1', 'reactions.jsonl')).size).toBeGreaterThan(4 * 1024);
    expect(readLatestReaction(join(root, 'sess-1'))?.text).toBe('said');
  });

  it("takes the text of a line read back as outside text: made safe and cut as a reaction's is made", () => {
    const dir = makeTempDir();
    const written = { ...reaction('x'), text: `\u001b]0;title\u0007hi\u001b[31m there\u202e ${'y'.repeat(2000)}` };
    writeFileSync(join(dir, 'reactions.jsonl'), `${JSON.stringify(written)}\n`);
    const text = readLatestReaction(dir)?.text ?? '';
    expect(text.startsWith('hi there y')).toBe(true);
    expect(text).toHaveLength(REACTION_TEXT_MAX);
    expect(text).toBe(toReactionText(written.text));
  });

  it('refuses unsafe session ids and symlinked files', () => {
    const root = makeTempDir();
    expect(() => appendReaction(root, reaction('x', { sessionId: '../escape' }))).toThrow(/not a valid session id/);
    mkdirSync(join(root, 'sess-1'), { mode: 0o700 });
    symlinkSync(join(root, 'elsewhere'), join(root, 'sess-1', 'reactions.jsonl'));
    expect(() => appendReaction(root, reaction('x'))).toThrow();
  });

  it('skips a half-written last line and damaged lines, reading only the tail', () => {
    const dir = makeTempDir();
    const file = join(dir, 'reactions.jsonl');
    expect(readLatestReaction(dir)).toBeUndefined();
    writeFileSync(file, '');
    expect(readLatestReaction(dir)).toBeUndefined();
    // Far more than the tail: only the end is read.
    const filler = `${JSON.stringify(reaction('old'))}\n`.repeat(Math.ceil((REACTIONS_TAIL_BYTES * 8) / 200));
    writeFileSync(
      file,
      `${filler}${JSON.stringify(reaction('good'))}\n{"not": "a reaction"}\nnot json\n{"text": "half-writ`,
    );
    expect(readLatestReaction(dir)?.text).toBe('good');
    appendFileSync(file, 'ten"}\n');
    expect(readLatestReaction(dir)?.text).toBe('good'); // the completed line is still not a Reaction
    appendFileSync(file, `${JSON.stringify(reaction('newest'))}\n`);
    expect(readLatestReaction(dir)?.text).toBe('newest');
  });

  it('never interleaves lines from concurrent writers (single O_APPEND writes)', async () => {
    const root = join(makeTempDir(), 'state');
    const writer = `
      import { appendReaction } from ${JSON.stringify(join(import.meta.dirname, '../../src/state/reactions-log.ts'))};
      const w = process.argv[1];
      for (let i = 0; i < 200; i++) appendReaction(${JSON.stringify(root)}, { id: w + '-' + i, sessionId: 'sess-1', kind: 'reaction',
        text: w.repeat(300) + ' ' + i, source: 'w' + w, priority: 1, ttlMs: 1, ts: i });`;
    const run = promisify(execFile);
    await Promise.all(
      ['a', 'b', 'c', 'd'].map((w) =>
        run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', writer, w]),
      ),
    );
    const lines = readFileSync(join(root, 'sess-1', 'reactions.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    expect(lines).toHaveLength(800);
    const ids = new Set(lines.map((line) => (JSON.parse(line) as Reaction).id));
    expect(ids.size).toBe(800);
  });
});
