/**
 * The one report shape and the pane's log that writes it: `where: what` at the report's level,
 * an error with its stack, detail as JSON; a helper reporting under its caller's `where`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reportingAs, reportText, type Report } from '../../src/report/reporter.js';
import { createTuiLog } from '../../src/tui/tui-log.js';
import { makeTempDir } from '../support/temp-dir.js';

const linesOf = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

describe('reporter', () => {
  it('says what happened from the message, the error, or both', () => {
    expect(reportText({ level: 'info', where: 'x', message: 'reloaded' })).toBe('reloaded');
    expect(reportText({ level: 'error', where: 'x', error: new Error('disk full') })).toBe('disk full');
    expect(reportText({ level: 'error', where: 'x', error: 'a string' })).toBe('a string');
    expect(reportText({ level: 'error', where: 'x', message: 'pet save', error: new Error('disk full') })).toBe(
      'pet save: disk full',
    );
    expect(reportText({ level: 'error', where: 'x', error: new Error('disk full') }, true)).toMatch(
      /^Error: disk full\n\s+at /,
    );
  });

  it("reports under the caller's where, keeping the rest", () => {
    const seen: Report[] = [];
    reportingAs(
      (report) => seen.push(report),
      'config watch',
    )({ level: 'error', where: 'follow folder', error: 'gone', detail: { n: 1 } });
    expect(seen).toEqual([{ level: 'error', where: 'config watch', error: 'gone', detail: { n: 1 } }]);
  });

  it('lands in tui.log as `where: what` at its level, errors with their stack, detail as JSON', () => {
    const log = createTuiLog(makeTempDir('buddy-report-'), () => 42);
    log.report({ level: 'warning', where: 'config', message: '/x/config.json: not valid JSON' });
    log.report({ level: 'error', where: 'pet save', error: new Error('disk full') });
    log.report({ level: 'info', where: 'delegate', message: 'lint answered', detail: { outcome: 'answered' } });
    log.info('closed');
    const [warning, error, info, narrative] = linesOf(log.path);
    expect(warning).toMatchObject({ ts: 42, level: 'warning', message: 'config: /x/config.json: not valid JSON' });
    expect(error).toMatchObject({ level: 'error' });
    expect(error.message).toMatch(/^pet save: Error: disk full\n\s+at /);
    expect(info).toMatchObject({ level: 'info', message: 'delegate: lint answered {"outcome":"answered"}' });
    expect(narrative).toMatchObject({ level: 'info', message: 'closed' });
  });
});
