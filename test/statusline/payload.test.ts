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
    expect(view).toEqual({
      sessionId: '12345',
      modelName: 'claude-x',
      projectDir: '/a/b/c/',
      usedPercentage: undefined,
    });
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
    expect(parsePayload('{}')).toEqual({
      sessionId: undefined,
      modelName: undefined,
      projectDir: undefined,
      usedPercentage: undefined,
    });
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

describe('the hot-path reader agrees with the zod/mini contract', () => {
  it('gives the same view as statuslinePayloadSchema for the real payload and many odd ones', async () => {
    const { statuslinePayloadSchema, viewOf } = await import('../../src/statusline/payload-schema.js');
    const { readPayloadView } = await import('../../src/statusline/payload.js');
    const odd = [
      undefined,
      null,
      true,
      0,
      -3,
      42.5,
      250,
      Number.MAX_SAFE_INTEGER,
      '',
      ' ',
      '42',
      ' 17.5 ',
      'NaN',
      'Infinity',
      '1e2',
      'abc',
      [],
      [1],
      {},
      { a: 1 },
    ];
    const base = JSON.parse(fixture);
    const payloads: Array<Record<string, unknown>> = [base, {}];
    const paths: Array<[string, string?]> = [
      ['session_id'],
      ['cwd'],
      ['model'],
      ['model', 'display_name'],
      ['model', 'id'],
      ['workspace'],
      ['workspace', 'project_dir'],
      ['workspace', 'current_dir'],
      ['context_window'],
      ['context_window', 'used_percentage'],
      ['context_window', 'remaining_percentage'],
    ];
    for (const [field, sub] of paths) {
      for (const value of odd) {
        const payload = structuredClone(base);
        if (sub)
          payload[field] = {
            ...(typeof payload[field] === 'object' && payload[field] ? payload[field] : {}),
            [sub]: value,
          };
        else payload[field] = value;
        payloads.push(payload);
        if (sub === 'used_percentage')
          payloads.push({ ...payload, context_window: { used_percentage: null, remaining_percentage: value } });
      }
    }
    expect(payloads.length).toBeGreaterThan(200);
    for (const payload of payloads) {
      const parsed = statuslinePayloadSchema.safeParse(payload);
      if (!parsed.success) throw new Error(`schema refused ${JSON.stringify(payload)}`);
      expect(readPayloadView(JSON.parse(JSON.stringify(payload))), JSON.stringify(payload)).toEqual(
        viewOf(parsed.data),
      );
    }
  });
});
