import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, openSync, closeSync, ftruncateSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatTranscript, readTranscriptTail, transcriptLineMessage } from '../../src/delegate/transcript-tail.js';

const dir = mkdtempSync(join(tmpdir(), 'buddy-transcript-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Lines in Claude Code's transcript shape.
const user = (text: string) => JSON.stringify({ type: 'user', message: { role: 'user', content: text }, uuid: 'u' });
const assistant = (text: string) =>
  JSON.stringify({
    type: 'assistant',
    message: {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'hmm' },
        { type: 'text', text },
      ],
    },
  });
const toolUse = () =>
  JSON.stringify({
    type: 'assistant',
    message: { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'Bash', input: { command: 'ls' } }] },
  });
const toolResult = (size = 100) =>
  JSON.stringify({
    type: 'user',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'x'.repeat(size) }] },
  });
const meta = () =>
  JSON.stringify({
    type: 'user',
    isMeta: true,
    message: { role: 'user', content: '<command-name>/clear</command-name>' },
  });
const summary = () => JSON.stringify({ type: 'summary', summary: 'A session', leafUuid: 'x' });

function write(name: string, lines: string[], trailingNewline = true): string {
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n') + (trailingNewline ? '\n' : ''));
  return path;
}

describe('transcriptLineMessage', () => {
  it('takes user and assistant text, nothing else', () => {
    expect(transcriptLineMessage(user('hello'))).toEqual({ role: 'user', text: 'hello' });
    expect(transcriptLineMessage(assistant('hi there'))).toEqual({ role: 'assistant', text: 'hi there' });
    for (const line of [toolUse(), toolResult(), meta(), summary(), '{broken', 'plain text', '']) {
      expect(transcriptLineMessage(line)).toBeUndefined();
    }
  });
});

describe('readTranscriptTail', () => {
  const lines = [summary(), user('first question'), assistant('first answer'), toolUse(), toolResult(), meta()];
  for (let i = 2; i <= 20; i++) lines.push(user(`question ${i}`), toolUse(), toolResult(), assistant(`answer ${i}`));

  it('returns the last N messages, oldest first', () => {
    const path = write('basic.jsonl', lines);
    expect(readTranscriptTail(path, { messages: 3 })).toEqual([
      { role: 'assistant', text: 'answer 19' },
      { role: 'user', text: 'question 20' },
      { role: 'assistant', text: 'answer 20' },
    ]);
    expect(formatTranscript(readTranscriptTail(path, { messages: 2 }))).toBe('User: question 20\nAssistant: answer 20');
  });

  it('caps N at 12 and returns what there is in a short file', () => {
    const path = write('cap.jsonl', lines);
    expect(readTranscriptTail(path, { messages: 40 })).toHaveLength(12);
    const short = write('short.jsonl', [user('only one')], false);
    expect(readTranscriptTail(short, { messages: 5 })).toEqual([{ role: 'user', text: 'only one' }]);
    expect(readTranscriptTail(short, { messages: 0 })).toEqual([]);
  });

  it('keeps the total under the character budget (5000 at most)', () => {
    const long = 'y'.repeat(3000);
    const path = write('budget.jsonl', [user(long), assistant(long), user(long)]);
    const messages = readTranscriptTail(path, { messages: 12 });
    const total = messages.reduce((sum, m) => sum + m.text.length, 0);
    expect(total).toBeLessThanOrEqual(5000);
    expect(messages).toHaveLength(2);
    expect(messages[1]!.text).toBe(long);
    expect(
      readTranscriptTail(path, { messages: 12, maxChars: 100_000 }).reduce((s, m) => s + m.text.length, 0),
    ).toBeLessThanOrEqual(5000);
  });

  it('gives the same answer whatever the chunk size (lines and UTF-8 split across chunks)', () => {
    const path = write('utf8.jsonl', [
      user('héllo wörld 🐢🐢'),
      toolResult(500),
      assistant('ça va? 日本語 ✨'),
      user('{"not":"json"'),
    ]);
    const expected = readTranscriptTail(path, { messages: 5 });
    expect(expected.map((m) => m.text)).toEqual(['héllo wörld 🐢🐢', 'ça va? 日本語 ✨', '{"not":"json"']);
    for (const chunkBytes of [1, 3, 7, 64, 4096])
      expect(readTranscriptTail(path, { messages: 5, chunkBytes })).toEqual(expected);
  });

  it('reads only the tail of a huge file', () => {
    // 3 GiB of sparse zeros, then a normal tail: reading the whole file could not even fit in a string.
    const path = join(dir, 'huge.jsonl');
    const fd = openSync(path, 'w');
    ftruncateSync(fd, 3 * 1024 * 1024 * 1024);
    closeSync(fd);
    appendFileSync(
      path,
      '\n' + [user('late question'), toolResult(200_000), assistant('late answer')].join('\n') + '\n',
    );
    expect(readTranscriptTail(path, { messages: 2 })).toEqual([
      { role: 'user', text: 'late question' },
      { role: 'assistant', text: 'late answer' },
    ]);
  });

  it('never reads further back than maxBytes', () => {
    const filler = Array.from({ length: 200 }, () => toolResult(1000));
    const path = write('bounded.jsonl', [user('too far back'), ...filler, assistant('recent')]);
    expect(readTranscriptTail(path, { messages: 5, maxBytes: 50_000 })).toEqual([
      { role: 'assistant', text: 'recent' },
    ]);
    expect(readTranscriptTail(path, { messages: 5 }).map((m) => m.text)).toEqual(['too far back', 'recent']);
  });

  it('throws for a missing file (the caller notes it and goes on)', () => {
    expect(() => readTranscriptTail(join(dir, 'nope.jsonl'), { messages: 2 })).toThrow(/ENOENT/);
  });
});

describe('readTranscriptTail on a path that is not a regular file', () => {
  it('returns no messages for a FIFO (without blocking) or a folder', () => {
    const fifo = join(dir, 'transcript.fifo');
    execFileSync('mkfifo', [fifo]);
    expect(readTranscriptTail(fifo, { messages: 4 })).toEqual([]);
    expect(readTranscriptTail(dir, { messages: 4 })).toEqual([]);
  });
});
