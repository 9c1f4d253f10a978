import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { fitRow } from '../../src/statusline/layout.js';
import { resolveOptions } from '../../src/statusline/options.js';
import { runStatusline } from '../../src/statusline/render.js';
import type { Segment } from '../../src/statusline/segments.js';
import { STATUSLINE_KEY_READERS, statuslineConfigOf } from '../../src/statusline/statusline-config-reader.js';
import { statuslineConfigFrom, statuslineConfigSchema } from '../../src/statusline/statusline-config.js';
import { agentColorIndex } from '../../src/display/agent-color.js';
import { FIXTURE_SESSION, NOW, T0, fixturePayload, midTurnEvents, reaction, sandbox, type Sandbox } from './support.js';

const boxes: Sandbox[] = [];
afterAll(() => boxes.forEach((box) => rmSync(box.base, { recursive: true, force: true })));

/** Our own SGR sequences are the only escapes allowed in the output. */
const FOREIGN_ESCAPE = /\u001b(?!\[[0-9;]*m)|[\u0007\u0000-\u0006\u0008\u000b-\u001a\u001c-\u001f\u009b\u009d]/;

describe('everything from outside is sanitised', () => {
  it('strips escape sequences and control characters from tool names, agent types, model and reactions', async () => {
    const box = sandbox();
    boxes.push(box);
    const events = midTurnEvents();
    const evil = '\u001b]0;pwned\u0007\u001b[2J\u001b]52;c;aGVsbG8=\u0007\u009b31m';
    events.push(
      { ...events[2], tool_name: `Bash${evil}`, tool_use_id: 'evil-1', ts: T0 + 90_000 },
      { ...events[24], agent_id: 'evil-agent', agent_type: `Spy${evil}\u202e`, ts: T0 + 91_000 },
    );
    box.session(FIXTURE_SESSION, { events, reactions: [reaction(`Hello${evil}\r\nthere`, 1000)] });
    const payload = fixturePayload(42);
    payload.model.display_name = `Opus${evil}`;
    payload.workspace.project_dir = `/home/dev/proj${evil}`;
    for (const args of [[], ['--lines', '1'], ['--segment']]) {
      const { output } = await runStatusline(JSON.stringify(payload), [...args, '--width', '400'], box.env);
      expect(output).not.toMatch(FOREIGN_ESCAPE);
      expect(output).not.toContain('pwned\u0007');
      const plain = await runStatusline(JSON.stringify(payload), [...args, '--width', '400', '--no-color'], box.env);
      expect(plain.output).not.toContain('\u001b');
      expect(plain.output).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    }
    const { output } = await runStatusline(JSON.stringify(payload), ['--width', '400', '--no-color'], box.env);
    expect(output).toContain('Hello');
    expect(output).toContain('Spy');
    expect(output).toContain('Opus');
  });

  it('does not show a reaction older than the limit', async () => {
    const box = sandbox();
    boxes.push(box);
    box.session(FIXTURE_SESSION, { events: midTurnEvents(), reactions: [reaction('stale words', 25_000)] });
    const { output } = await runStatusline(
      JSON.stringify(fixturePayload(42)),
      ['--width', '200', '--no-color'],
      box.env,
    );
    expect(output).not.toContain('stale words');
  });

  it('lets a reaction go when its own ttl is over, as the pane does (10 s ttl, said 16 s ago)', async () => {
    const box = sandbox();
    boxes.push(box);
    const args = ['--width', '200', '--no-color'];
    box.session(FIXTURE_SESSION, { events: midTurnEvents(), reactions: [reaction('Who DARES fail?', 16_000)] });
    expect((await runStatusline(JSON.stringify(fixturePayload(42)), args, box.env)).output).not.toContain(
      'Who DARES fail?',
    );
    box.session(FIXTURE_SESSION, { reactions: [reaction('Who DARES fail?', 9_000)] });
    expect((await runStatusline(JSON.stringify(fixturePayload(42)), args, box.env)).output).toContain(
      'Who DARES fail?',
    );
  });

  it("drops a thinking bubble once it is withdrawn (same id, ttlMs 0), and never shows another session's reaction", async () => {
    const box = sandbox();
    boxes.push(box);
    const input = JSON.stringify(fixturePayload(42));
    const args = ['--width', '200', '--no-color'];
    box.session(FIXTURE_SESSION, { events: midTurnEvents(), reactions: [] });
    const quiet = (await runStatusline(input, args, box.env)).output;
    const thinking = { ...reaction('…', 3000, 'thinking'), id: 'delegate-1' };
    box.session(FIXTURE_SESSION, { reactions: [thinking] });
    expect((await runStatusline(input, args, box.env)).output).not.toBe(quiet);
    // What the delegate resolver emits when it has no answer and no offline quip.
    box.session(FIXTURE_SESSION, {
      reactions: [thinking, { ...thinking, kind: 'reaction', source: 'offline', ttlMs: 0, ts: NOW - 1000 }],
    });
    expect((await runStatusline(input, args, box.env)).output).toBe(quiet);
    box.session('another-session', { reactions: [{ ...reaction('not for you', 1000), sessionId: 'another-session' }] });
    expect((await runStatusline(input, args, box.env)).output).toBe(quiet);
  });
});

describe('options', () => {
  it('takes flags over config over environment over defaults', () => {
    expect(resolveOptions([], {}, {})).toMatchObject({
      lines: 2,
      segment: false,
      color: true,
      width: 80,
      chainTimeoutMs: 800,
    });
    expect(resolveOptions([], {}, { COLUMNS: '133', NO_COLOR: '1' })).toMatchObject({ width: 133, color: false });
    expect(resolveOptions([], { lines: 1, color: true, width: 90 }, { COLUMNS: '133', NO_COLOR: '1' })).toMatchObject({
      lines: 1,
      color: true,
      width: 90,
    });
    expect(
      resolveOptions(['--lines', '2', '--no-color', '--width', '50'], { lines: 1, color: true, width: 90 }, {}),
    ).toMatchObject({ lines: 2, color: false, width: 50 });
    expect(resolveOptions(['--chain', 'echo hi', '--chain-timeout', '250'], { chain: 'other' }, {})).toMatchObject({
      chain: 'echo hi',
      chainTimeoutMs: 250,
    });
  });

  it('ignores unknown flags and bad values instead of failing', () => {
    expect(resolveOptions(['--bogus', '--lines', '7', '--width', 'wide', 'stray'], {}, { COLUMNS: 'x' })).toMatchObject(
      { lines: 2, width: 80 },
    );
  });
});

describe('statusline config section', () => {
  it('validates with zod/mini and keeps the good keys of a partly broken section', () => {
    expect(statuslineConfigSchema.safeParse({ lines: 1, chain: 'ccstatusline', chainTimeoutMs: 500 }).success).toBe(
      true,
    );
    expect(statuslineConfigSchema.safeParse({ lines: 3 }).success).toBe(false);
    expect(statuslineConfigFrom({ lines: 3, color: false, width: 'wide', segmentWidth: 30, unknown: 1 })).toEqual({
      color: false,
      segmentWidth: 30,
    });
    expect(statuslineConfigFrom('nonsense')).toEqual({});
  });

  it('is read on the hot path without zod, accepting exactly what the schema accepts, key by key', () => {
    const values = [
      undefined,
      null,
      true,
      false,
      0,
      1,
      2,
      3,
      7,
      8,
      9,
      10,
      49,
      50,
      51,
      200,
      201,
      1000,
      1001,
      10_000,
      10_001,
      3_600_000,
      3_600_001,
      1.5,
      -1,
      '',
      'x',
      'npx ccstatusline',
      '2',
      [],
      {},
    ];
    const shape = statuslineConfigSchema.def.shape as Record<
      string,
      { safeParse: (v: unknown) => { success: boolean; data?: unknown } }
    >;
    expect(Object.keys(STATUSLINE_KEY_READERS).sort()).toEqual(Object.keys(shape).sort());
    for (const [key, read] of Object.entries(STATUSLINE_KEY_READERS)) {
      for (const value of values) {
        if (value === undefined) continue;
        const schema = shape[key].safeParse(value);
        expect(read(value), `${key} = ${JSON.stringify(value)}`).toEqual(schema.success ? schema.data : undefined);
      }
    }
    const section = { lines: 3, color: false, width: 'wide', segmentWidth: 30, unknown: 1 };
    expect(statuslineConfigOf(section)).toEqual(statuslineConfigFrom(section));
  });
});

describe('layout', () => {
  const seg = (key: string, text: string, priority: number, minCells?: number): Segment => ({
    key,
    parts: [{ text, style: 'plain' }],
    priority,
    minCells,
  });

  it('shortens flexible segments first, then drops the lowest priority, then clips', () => {
    const row = [seg('a', 'AAAA', 100), seg('r', 'a long reaction text here', 30, 8), seg('m', 'Model', 40)];
    expect(fitRow(row, 200, false)).toBe('AAAA │ a long reaction text here │ Model');
    expect(fitRow(row, 30, false)).toBe('AAAA │ a long reactio… │ Model');
    expect(fitRow(row, 20, false)).toBe('AAAA │ Model');
    expect(fitRow(row, 3, false)).toBe('AA…');
  });

  it('gives every agent type the same colour every time', () => {
    expect(agentColorIndex('Explore')).toBe(agentColorIndex('Explore'));
    expect(new Set(['Explore', 'general-purpose', 'Plan', 'code-reviewer'].map(agentColorIndex)).size).toBeGreaterThan(
      1,
    );
  });
});
