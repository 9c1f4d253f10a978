import { describe, expect, it } from 'vitest';
import { parsePluginAnswer } from '../../src/protocol/plugin-answer.js';

describe('parsePluginAnswer', () => {
  it.each([
    [undefined, { type: 'none' }],
    ['', { type: 'none' }],
    ['  \n', { type: 'none' }],
    ['{}', { type: 'none' }],
    [{}, { type: 'none' }],
    ['Nice commit!\n', { type: 'reaction', reaction: { reaction: 'Nice commit!' } }],
    ['null\n', { type: 'none' }],
    ['[WIP] commit on main', { type: 'reaction', reaction: { reaction: '[WIP] commit on main' } }],
    ['{"reaction": "hi"}', { type: 'reaction', reaction: { reaction: 'hi' } }],
    [
      { reaction: 'hi', mood: 'happy', ttlMs: 5000, priority: 3 },
      { type: 'reaction', reaction: { reaction: 'hi', mood: 'happy', ttlMs: 5000, priority: 3 } },
    ],
    [
      { delegate: true, prompt: 'p', systemPrompt: 's', maxTokens: 150, model: 'haiku' },
      { type: 'delegate', request: { delegate: true, prompt: 'p', systemPrompt: 's', maxTokens: 150, model: 'haiku' } },
    ],
    [
      { systemMessage: 'careful', decision: 'block', reason: 'no' },
      { type: 'claude-output', output: { systemMessage: 'careful', decision: 'block', reason: 'no' }, text: 'careful' },
    ],
    [
      { decision: 'block', reason: 'too risky' },
      { type: 'claude-output', output: { decision: 'block', reason: 'too risky' }, text: 'too risky' },
    ],
    [
      { hookSpecificOutput: { hookEventName: 'PostToolUse' } },
      { type: 'claude-output', output: { hookSpecificOutput: { hookEventName: 'PostToolUse' } } },
    ],
  ])('%j → %j', (answer, expected) => {
    expect(parsePluginAnswer(answer)).toEqual(expected);
  });

  it.each([
    ['{"reaction": ', /not valid JSON/],
    [[1, 2], /array/],
    ['[1, 2]\n', /array/],
    [42, /number/],
    [{ reaction: 5 }, /reaction/],
    [{ reaction: 'x', ttlMs: -1 }, /ttlMs/],
    [{ delegate: true }, /prompt/],
    [{ delegate: 'yes', prompt: 'p' }, /delegate/],
    [{ delegate: true, prompt: 'p', maxTokens: 1.5 }, /maxTokens/],
    [{ systemMessage: 3 }, /systemMessage/],
    [{ hello: 'world' }, /unrecognized answer/],
  ])('%j is invalid (%s)', (answer, message) => {
    const parsed = parsePluginAnswer(answer);
    expect(parsed.type).toBe('invalid');
    expect((parsed as { message: string }).message).toMatch(message);
  });
});
