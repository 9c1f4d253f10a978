/**
 * reactions.jsonl after a write cut short (a full disk): the cut is reported, and the next
 * reaction starts on a line of its own instead of being glued to the torn one.
 */
import { execFile } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { appendReaction, readLatestReaction } from '../../src/state/reactions-log.js';
import type { Reaction } from '../../src/protocol/reaction.js';
import { toReactionText } from '../../src/text/safe-text.js';
import { makeTempDir } from '../support/temp-dir.js';

const reaction = (text: string): Reaction => ({
  id: `id-${text}`,
  sessionId: 'sess-1',
  kind: 'reaction',
  text: toReactionText(text),
  source: 'gitbot',
  priority: 1,
  ttlMs: 10_000,
  ts: 1_700_000_000_000,
});

const run = promisify(execFile);
const hasPrlimit = ['/usr/bin/prlimit', '/bin/prlimit'].some((path) => existsSync(path));

/** The writer as a plain script (no tsx: its compile cache would hit the file-size limit too). */
async function writerScript(dir: string): Promise<string> {
  const outfile = join(dir, 'append-reaction.mjs');
  const contents = `
    import { appendReaction } from ${JSON.stringify(join(import.meta.dirname, '../../src/state/reactions-log.ts'))};
    const [root, text] = process.argv.slice(2);
    try {
      appendReaction(root, { id: 'id-' + text, sessionId: 'sess-1', kind: 'reaction', text, source: 'gitbot', priority: 1, ttlMs: 1, ts: 1 });
    } catch (error) {
      process.stderr.write(error.message);
      process.exitCode = 3;
    }`;
  await build({
    stdin: { contents, resolveDir: dir, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'silent',
  });
  return outfile;
}

describe('reactions.jsonl after a torn line', () => {
  it('starts the next reaction on its own line when the file ends in the head of a cut line', () => {
    const root = join(makeTempDir(), 'state');
    const file = appendReaction(root, reaction('first'));
    appendFileSync(file, '{"id":"id-torn","sessionId":"sess-1","kind":"reac');
    appendReaction(root, reaction('after'));
    expect(readLatestReaction(join(root, 'sess-1'))?.text).toBe('after');
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines).toEqual([
      JSON.stringify(reaction('first')),
      '{"id":"id-torn","sessionId":"sess-1","kind":"reac',
      JSON.stringify(reaction('after')),
      '',
    ]);
  });

  it.skipIf(!hasPrlimit)(
    'reports a write the file-size limit cut short, and the next writer is not glued to it (real processes)',
    async () => {
      const dir = makeTempDir();
      const root = join(dir, 'state');
      const script = await writerScript(dir);
      const file = appendReaction(root, reaction('first'));
      const sizeBefore = readFileSync(file).length;
      // The kernel lets only 40 more bytes into the file: the write returns short, as on a full disk.
      const cut = await run('prlimit', [
        `--fsize=${sizeBefore + 40}`,
        process.execPath,
        script,
        root,
        'torn '.repeat(40),
      ]).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
      );
      expect(cut.code).toBe(3);
      expect(cut.stderr).toMatch(/short write to .*reactions\.jsonl: 40 of \d+ bytes/);
      expect(readFileSync(file).length).toBe(sizeBefore + 40);

      await run(process.execPath, [script, root, 'after']);
      expect(readLatestReaction(join(root, 'sess-1'))?.text).toBe('after');
      const lines = readFileSync(file, 'utf8').split('\n');
      expect(lines).toHaveLength(4);
      expect(JSON.parse(lines[0])).toEqual(reaction('first'));
      expect(lines[1]).toHaveLength(40);
      expect((JSON.parse(lines[2]) as Reaction).text).toBe('after');
      expect(lines[3]).toBe('');
    },
  );
});
