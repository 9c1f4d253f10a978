import { describe, expect, it } from 'vitest';
import { answerFor, defineBuddy, resolveAlias, runBuddy, type BuddyContext } from '../../src/sdk/index.js';
import { bashEvent } from './plugin-fixtures.js';

const sink = () => {
  let text = '';
  return {
    write: (chunk: string) => (text += chunk),
    get text() {
      return text;
    },
  };
};

describe('SDK aliases', () => {
  it.each([
    ['bash:before', { event: 'PreToolUse', tool: 'bash' }],
    ['bash:after', { event: 'PostToolUse', tool: 'bash' }],
    ['bash:error', { event: 'PostToolUseFailure', tool: 'bash' }],
    ['Edit:after', { event: 'PostToolUse', tool: 'edit' }],
    ['mcp__github__create_issue:before', { event: 'PreToolUse', tool: 'mcp__github__create_issue' }],
    ['tool:error', { event: 'PostToolUseFailure' }],
    ['tool:after', { event: 'PostToolUse' }],
    ['prompt', { event: 'UserPromptSubmit' }],
    ['stop', { event: 'Stop' }],
    ['session:start', { event: 'SessionStart' }],
    ['session:end', { event: 'SessionEnd' }],
    ['subagent:start', { event: 'SubagentStart' }],
    ['subagent:stop', { event: 'SubagentStop' }],
    ['compact:before', { event: 'PreCompact' }],
    ['notification', { event: 'Notification' }],
    ['permission', { event: 'PermissionRequest' }],
    ['test:fail', { event: 'PostToolUseFailure', tool: 'bash', kind: 'test_failure' }],
    ['git:commit', { event: 'PostToolUse', tool: 'bash', kind: 'git_commit' }],
    ['PostToolBatch', { event: 'PostToolBatch' }],
  ])('%s → %j', (alias, target) => {
    expect(resolveAlias(alias)).toEqual(target);
  });

  it('rejects unknown aliases and missing parts when the buddy is defined', () => {
    expect(() => defineBuddy({ name: 'x', hooks: { 'bash:later': { react: () => 'x' } } })).toThrow(
      /unknown event alias "bash:later"/,
    );
    for (const inherited of ['constructor', 'toString', '__proto__']) expect(resolveAlias(inherited)).toBeUndefined();
    expect(() => defineBuddy({ name: 'x', hooks: { toString: { react: () => 'x' } } })).toThrow(
      /unknown event alias "toString"/,
    );
    expect(() => defineBuddy({ name: 'x', hooks: { stop: {} as never } })).toThrow(/react/);
    expect(() => defineBuddy({ name: '', hooks: {} })).toThrow(/name/);
  });
});

describe('answerFor', () => {
  const buddy = defineBuddy({
    name: 'Rex',
    personality: 'a grumpy dinosaur',
    hooks: {
      'bash:after': [
        {
          condition: (ctx) => ctx.command?.startsWith('rm ') ?? false,
          react: (ctx) => ctx.say(`Deleting ${ctx.command!.slice(3)}?`, { mood: 'worried', priority: 3 }),
        },
        {
          condition: async (ctx) => ctx.kinds.includes('tests_passed'),
          react: (ctx) => ctx.claude(`Cheer: ${ctx.command}`, { maxTokens: 40, model: 'haiku', transcriptMessages: 2 }),
        },
      ],
      'tool:error': { react: (ctx) => `${ctx.toolName} failed: ${ctx.error}` },
      'edit:after': { react: (ctx) => `edited ${ctx.filePath}` },
      prompt: { react: (ctx) => (ctx.prompt === 'quiet' ? undefined : `you said ${ctx.prompt}`) },
      stop: { react: () => '   ' },
    },
  });

  it('evaluates conditions locally and returns the first answer, in declaration order', async () => {
    expect(await answerFor(buddy, bashEvent('rm -rf dist'))).toEqual({
      reaction: 'Deleting -rf dist?',
      mood: 'worried',
      priority: 3,
    });
    expect(await answerFor(buddy, bashEvent('ls'))).toBeUndefined();
    expect(
      await answerFor(buddy, bashEvent('npm test', { hook_event_name: 'PostToolUseFailure', error: 'Exit code 1' })),
    ).toEqual({ reaction: 'Bash failed: Exit code 1' });
    expect(await answerFor(buddy, bashEvent('x', { tool_name: 'Edit', tool_input: { file_path: '/a.ts' } }))).toEqual({
      reaction: 'edited /a.ts',
    });
    expect(await answerFor(buddy, { session_id: 's', hook_event_name: 'UserPromptSubmit', prompt: 'hi' })).toEqual({
      reaction: 'you said hi',
    });
    expect(
      await answerFor(buddy, { session_id: 's', hook_event_name: 'UserPromptSubmit', prompt: 'quiet' }),
    ).toBeUndefined();
    expect(await answerFor(buddy, { session_id: 's', hook_event_name: 'Stop' })).toBeUndefined();
  });

  it("ctx.claude emits the delegate shape with the buddy's system prompt", async () => {
    const answer = await answerFor(buddy, bashEvent('npm test'));
    expect(answer).toEqual({
      delegate: true,
      systemPrompt: expect.stringContaining('You are Rex'),
      prompt: 'Cheer: npm test',
      maxTokens: 40,
      model: 'haiku',
      context: { transcriptMessages: 2 },
    });
    expect((answer as { systemPrompt: string }).systemPrompt).toContain('a grumpy dinosaur');
    const custom = defineBuddy({
      name: 'C',
      systemPrompt: 'Custom.',
      hooks: { stop: { react: (ctx: BuddyContext) => ctx.claude('p') } },
    });
    expect(await answerFor(custom, { session_id: 's', hook_event_name: 'Stop' })).toEqual({
      delegate: true,
      systemPrompt: 'Custom.',
      prompt: 'p',
    });
  });
});

describe('runBuddy', () => {
  const buddy = defineBuddy({
    name: 'B',
    hooks: {
      'bash:after': { react: () => 'hi' },
      stop: {
        react: () => {
          throw new Error('boom');
        },
      },
    },
  });

  it('prints the answer for stdin JSON, nothing when nobody answers', async () => {
    const out = sink();
    expect(await runBuddy(buddy, { stdin: JSON.stringify(bashEvent('ls')), stdout: out, stderr: sink() })).toBe(0);
    expect(JSON.parse(out.text)).toEqual({ reaction: 'hi' });
    const none = sink();
    expect(
      await runBuddy(buddy, {
        stdin: JSON.stringify({ session_id: 's', hook_event_name: 'SessionStart' }),
        stdout: none,
        stderr: sink(),
      }),
    ).toBe(0);
    expect(none.text).toBe('');
  });

  it('exits 1 with a message on bad input or a throwing handler', async () => {
    for (const stdin of ['not json', '[1]', JSON.stringify({ session_id: 's', hook_event_name: 'Stop' })]) {
      const err = sink();
      const out = sink();
      expect(await runBuddy(buddy, { stdin, stdout: out, stderr: err })).toBe(1);
      expect(out.text).toBe('');
      expect(err.text).toMatch(/^B: /);
    }
  });
});
