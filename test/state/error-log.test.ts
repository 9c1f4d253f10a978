import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_LOG_ENTRIES, errorLogReporter } from '../../src/state/error-log.js';
import { makeTempDir } from '../support/temp-dir.js';

describe('the error log', () => {
  it('keeps the log bounded, dropping the oldest entries and keeping at least the last 200', () => {
    const root = makeTempDir();
    const total = 2000;
    const report = errorLogReporter(root, {});
    for (let i = 0; i < total; i++)
      report({ level: 'error', where: 'hook', message: `problem #${i} ${'x'.repeat(300)}` });
    const path = join(root, 'errors.log');
    const entries = readFileSync(path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    // Trimmed by size (128 KiB) back to the last 200: never the whole history.
    expect(statSync(path).size).toBeLessThanOrEqual(128 * 1024 + 1024);
    expect(entries.length).toBeGreaterThanOrEqual(ERROR_LOG_ENTRIES);
    expect(entries.length).toBeLessThan(total);
    const numbers = entries.map((entry) => Number(/#(\d+)/.exec(entry.message)?.[1]));
    expect(numbers.at(-1)).toBe(total - 1);
    expect(numbers).toEqual(numbers.map((_, i) => total - entries.length + i));
    expect(entries[0]).toMatchObject({ where: 'hook' });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('never throws, with no root or a root that does not exist', () => {
    expect(() =>
      errorLogReporter(undefined, {})({ level: 'error', where: 'hook', error: new Error('x') }),
    ).not.toThrow();
    expect(() =>
      errorLogReporter(join(makeTempDir(), 'missing', 'root'), {})({ level: 'error', where: 'hook', error: 'x' }),
    ).not.toThrow();
  });
});
