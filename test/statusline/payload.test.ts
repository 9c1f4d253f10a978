import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseName, parsePayload } from '../../src/statusline/payload.js';

const fixture = readFileSync(new URL('../fixtures/statusline-input.json', import.meta.url), 'utf8');

describe('parsePayload', () => {
  it('reads the real Claude Code 2.1.332 payload', () => {
    expect(parsePayload(fixture)).toEqual({
      sessionId: 'e2ae07f8-1269-420a-8ed6-249b1644e6f7',
      modelName: 'Opus 5.5',
      projectDir: '/home/dev/project',
      usedPercentage: undefined,
    });
  });

  it('accepts numbers sent as strings and clamps the percentage', () => {
    const base = JSON.parse(fixture);
    base.context_window.used_percentage = '42.5';
    expect(parsePayload(JSON.stringify(base))?.usedPercentage).toBe(42.5);
    base.context_window.used_percentage = 180;
    expect(parsePayload(JSON.stringify(base))?.usedPercentage).toBe(100);
    base.context_window.used_percentage = 'lots';
    expect(parsePayload(JSON.stringify(base))?.usedPercentage).toBeUndefined();
  });

  it('derives the percentage from remaining_percentage when used is missing', () => {
    const view = parsePayload(JSON.stringify({ session_id: 's', context_window: { remaining_percentage: '70' } }));
    expect(view?.usedPercentage).toBe(30);
  });

  it('keeps what is usable when fields have the wrong type, and ignores unknown fields', () => {
    const view = parsePayload(
      JSON.stringify({
        session_id: 12345,
        model: 'claude-x',
        workspace: 'not an object',
        cwd: '/a/b/c/',
        context_window: [1, 2],
        brand_new_field: { deep: true },
      }),
    );
    expect(view).toEqual({ sessionId: '12345', modelName: 'claude-x', projectDir: '/a/b/c/', usedPercentage: undefined });
  });

  it('takes a model object with only an id', () => {
    expect(parsePayload('{"model":{"id":"claude-haiku"}}')?.modelName).toBe('claude-haiku');
  });

  it('returns undefined for empty, garbage, or non-object input', () => {
    for (const input of ['', '   \n', 'not json', '{"a":', '[1,2]', 'null', '42', '"text"']) {
      expect(parsePayload(input), input).toBeUndefined();
    }
  });

  it('returns an empty view for an empty object', () => {
    expect(parsePayload('{}')).toEqual({ sessionId: undefined, modelName: undefined, projectDir: undefined, usedPercentage: undefined });
  });
});

describe('baseName', () => {
  it('takes the last path component, ignoring trailing separators', () => {
    expect(baseName('/home/dev/project')).toBe('project');
    expect(baseName('/home/dev/project/')).toBe('project');
    expect(baseName('C:\\work\\repo')).toBe('repo');
    expect(baseName('repo')).toBe('repo');
  });
});
