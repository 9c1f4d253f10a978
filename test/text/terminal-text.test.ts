import { describe, expect, it } from 'vitest';
import { joinTerm, styled, term, termJson, termLines } from '../../src/text/terminal-text.js';

const OSC52 = '\x1b]52;c;eA==\x07';

describe('TerminalText', () => {
  it('term keeps its own text and sanitises every value to one line', () => {
    const value = `${OSC52}key\nnext\u009b2J`;
    expect(String(term`a ${value} b\n`)).toBe('a key next b\n');
    expect(String(term`${42} ${undefined}|`)).toBe('42 |');
  });

  it('takes a TerminalText value as it is, so styling and line breaks made safe survive', () => {
    const red = styled(term`${`${OSC52}hot`}`, (safe) => `\x1b[31m${safe}\x1b[39m`);
    expect(String(term`it is ${red}`)).toBe('it is \x1b[31mhot\x1b[39m');
    expect(String(term`${joinTerm([term`one`, term`two`], '\n')}!`)).toBe('one\ntwo!');
  });

  it('termLines keeps line breaks of outside text and drops the rest', () => {
    expect(String(termLines(`- "a": 1\n+ "${OSC52}b": 2\u2028`))).toBe('- "a": 1\n+ "b": 2\n');
  });

  it('termJson escapes what JSON leaves raw, and parses back to the same value', () => {
    const value = { [`k${OSC52}`]: `v\u009b2J\u2028\u200b\u202e\u{E0041}` };
    const json = String(termJson(value, 2));
    expect(json).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u200b\u202e]/u);
    expect(json).not.toMatch(/[\u{E0000}-\u{E0FFF}]/u);
    expect(JSON.parse(json)).toEqual(value);
  });
});
