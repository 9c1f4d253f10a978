import { describe, expect, it } from 'vitest';
import { MAX_LINE_BYTES, cutString, parseJournalLines, serializeEventLine } from '../../src/state/journal.js';

const base = {
  ts: 1,
  session_id: 's-1',
  hook_event_name: 'PostToolUse',
  tool_name: 'Bash',
  tool_use_id: 'toolu_1',
  cwd: '/p',
};
const wide = (keys: number, size: number) =>
  Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, 'v'.repeat(size)]));

function roundTrip(event: Record<string, unknown>): Record<string, unknown> {
  const line = serializeEventLine(event);
  expect(line.endsWith('\n')).toBe(true);
  expect(line.indexOf('\n')).toBe(line.length - 1);
  expect(Buffer.byteLength(line)).toBeLessThanOrEqual(MAX_LINE_BYTES);
  const [parsed] = parseJournalLines(line);
  return parsed as Record<string, unknown>;
}

describe('serializeEventLine', () => {
  it('keeps a small event as it is', () => {
    expect(roundTrip({ ...base, tool_input: { command: 'ls' } })).toEqual({ ...base, tool_input: { command: 'ls' } });
  });

  it('stays under 64 KiB with thousands of keys, giving up the bulky fields', () => {
    const event = roundTrip({ ...base, tool_input: wide(5000, 40), tool_response: { stdout: 'ok' } });
    expect(event).toMatchObject(base);
    expect(event.tool_input).toBe('[buddy-tui: field too large, cut]');
  });

  it('falls back to the identifying basics when even the small fields are too many', () => {
    const event = roundTrip({ ...base, ...wide(20_000, 8) });
    expect(event).toEqual({ truncated: true, ...base });
  });

  it('cuts long arrays and deep nesting', () => {
    const deep: Record<string, unknown> = {};
    let node = deep;
    for (let i = 0; i < 40; i++) node = (node.next = {}) as Record<string, unknown>;
    const event = roundTrip({ ...base, tool_input: { items: Array.from({ length: 5000 }, (_, i) => i), deep } });
    const items = (event.tool_input as { items: unknown[] }).items;
    expect(items.length).toBeLessThan(5000);
    expect(String(items.at(-1))).toMatch(/more items cut/);
    expect(JSON.stringify(event.tool_input)).toContain('nested too deep');
  });
});

describe('cutString', () => {
  it('keeps head and tail around a marker with the number of characters cut', () => {
    const cut = cutString(`HEAD${'x'.repeat(1000)}TAIL`, 100);
    expect(cut.startsWith('HEAD')).toBe(true);
    expect(cut.endsWith('TAIL')).toBe(true);
    expect(cut).toContain('cut 908 chars');
  });
});

describe('parseJournalLines', () => {
  const lines = [
    JSON.stringify({ ...base, tool_input: { command: 'echo 🦊 ünïcode' } }),
    '{"damaged": tr',
    JSON.stringify({ ...base, tool_use_id: 'toolu_2' }),
    '',
    '["not an event"]',
    JSON.stringify({ ...base, tool_use_id: 'toolu_3', prompt: '€' }),
  ].join('\n');

  it('reads the same events from a Buffer as from a string, line by line, skipping damage', () => {
    const fromText = parseJournalLines(`${lines}\n`);
    const fromBuffer = parseJournalLines(Buffer.from(`${lines}\n`));
    expect(fromText.map((e) => e.tool_use_id)).toEqual(['toolu_1', 'toolu_2', 'toolu_3']);
    expect(fromBuffer).toEqual(fromText);
    expect(fromBuffer[0].tool_input).toEqual({ command: 'echo 🦊 ünïcode' });
  });

  it('takes a last line without a newline from a Buffer too', () => {
    expect(parseJournalLines(Buffer.from(lines)).map((e) => e.tool_use_id)).toEqual(['toolu_1', 'toolu_2', 'toolu_3']);
  });
});
