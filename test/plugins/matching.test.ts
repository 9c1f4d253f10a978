import { describe, expect, it } from 'vitest';
import { compileRules, handlerMatches, handlerName } from '../../src/plugins/matching.js';
import { globToRegExp, mainArgument, parsePermissionRule } from '../../src/plugins/permission-rule.js';
import type { SourcedRule } from '../../src/plugins/rule-sources.js';
import type { HookEventName, JournalEvent } from '../../src/protocol/hook-event.js';

const origin = { kind: 'config' as const, file: '/c/config.json', path: 'hooks.X[0]', root: '/c', env: [] };
const source = (event: HookEventName, rule: { matcher?: string; if?: string; hooks?: unknown[] }): SourcedRule => ({
  event,
  rule: { ...rule, hooks: (rule.hooks ?? [{ type: 'command', command: 'echo' }]) as SourcedRule['rule']['hooks'] },
  origin: { ...origin, path: `hooks.${event}[0]` },
});
const ev = (
  hook_event_name: string,
  tool_name?: string,
  tool_input?: Record<string, unknown>,
  cwd = '/work/project',
): JournalEvent => ({
  ts: 1,
  session_id: 's',
  hook_event_name,
  cwd,
  ...(tool_name ? { tool_name } : {}),
  ...(tool_input ? { tool_input } : {}),
});

function matches(
  rule: { matcher?: string; if?: string },
  event: JournalEvent,
  at: HookEventName = event.hook_event_name as HookEventName,
): boolean {
  const { handlers, errors } = compileRules([source(at, rule)]);
  expect(errors).toEqual([]);
  return handlers.length === 1 && handlerMatches(handlers[0]!, event);
}

describe('matcher', () => {
  it.each([
    [undefined, 'Bash', true],
    ['', 'Bash', true],
    ['*', 'Read', true],
    ['Bash', 'Bash', true],
    ['Bash', 'BashOutput', false], // anchored like Claude Code
    ['bash', 'Bash', false], // case-sensitive
    ['Edit|Write', 'Write', true],
    ['Edit|Write', 'Read', false],
    ['Notebook.*', 'NotebookEdit', true],
    ['mcp__github__.*', 'mcp__github__create_issue', true],
    ['mcp__github__.*', 'mcp__gitlab__x', false],
  ])('%j on tool %s → %s', (matcher, tool, expected) => {
    for (const event of ['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PermissionRequest']) {
      expect(matches({ matcher }, ev(event, tool, { command: 'x' }))).toBe(expected);
    }
  });

  it('is ignored on events without tools', () => {
    expect(matches({ matcher: 'Bash' }, ev('Stop'))).toBe(true);
    expect(matches({ matcher: '(((' }, ev('SessionStart'))).toBe(true);
  });

  it('only fires on the event it is declared for', () => {
    const { handlers } = compileRules([source('PostToolUse', {})]);
    expect(handlerMatches(handlers[0]!, ev('PreToolUse', 'Bash'))).toBe(false);
  });

  it.each(['(', 'Bash(', '[a-', '*Bash', '+'])('reports the invalid regex %j and skips the rule', (matcher) => {
    const { handlers, errors } = compileRules([
      source('PostToolUse', { matcher }),
      source('PostToolUse', { matcher: 'Read' }),
    ]);
    expect(handlers.map((h) => h.matcher?.source)).toEqual(['^(?:Read)$']);
    expect(errors).toEqual([
      { file: '/c/config.json', path: 'hooks.PostToolUse[0].matcher', message: expect.stringMatching(/invalid regex/) },
    ]);
  });
});

describe('if (one permission rule)', () => {
  it.each([
    ['Bash', 'Bash', { command: 'anything' }, true],
    ['Bash(git *)', 'Bash', { command: 'git push --force' }, true],
    ['Bash(git *)', 'Bash', { command: 'echo git' }, false],
    ['Bash(git *)', 'Read', { file_path: 'git x' }, false],
    ['Bash(npm run test:*)', 'Bash', { command: 'npm run test -- --watch' }, true],
    ['Bash(*rm -rf*)', 'Bash', { command: 'cd / && rm -rf tmp' }, true],
    ['Bash(ls)', 'Bash', { command: 'ls -la' }, false],
    ['Bash(*)', 'Bash', { command: 'x' }, true],
    ['Edit(src/*.ts)', 'Edit', { file_path: '/work/project/src/a.ts' }, true],
    ['Edit(src/*.ts)', 'Edit', { file_path: '/work/project/src/deep/a.ts' }, false],
    ['Edit(src/**/*.ts)', 'Edit', { file_path: '/work/project/src/deep/er/a.ts' }, true],
    ['Edit(src/**/*.ts)', 'Edit', { file_path: '/work/project/src/a.ts' }, true],
    ['Edit(./src/**)', 'Edit', { file_path: '/work/project/src/x/y' }, true],
    ['Write(/etc/*)', 'Write', { file_path: '/etc/passwd' }, true],
    ['Read(*.md)', 'Read', { file_path: 'README.md' }, true],
    ['Read(*.md)', 'Read', { file_path: '/elsewhere/README.md' }, false],
    ['Read(*.md)', 'Read', { file_path: '/work/project/..notes.md' }, true],
    ['Read(*.md)', 'Read', { file_path: '/work/README.md' }, false],
    ['WebFetch(https://docs.*)', 'WebFetch', { url: 'https://docs.example.com/a' }, true],
    ['Grep(TODO*)', 'Grep', { pattern: 'TODO|FIXME' }, true],
    ['Glob(**/*.md)', 'Glob', { pattern: '**/*.md' }, true],
    ['mcp__*', 'mcp__github__create_issue', { title: 'x' }, true],
    ['mcp__github__create_issue(*"title":"bug*)', 'mcp__github__create_issue', { title: 'bug in x' }, true],
    ['mcp__github__create_issue(*"title":"bug*)', 'mcp__github__create_issue', { title: 'feature' }, false],
    ['Bash(git ?ush)', 'Bash', { command: 'git push' }, true],
  ])('%s on %s %j → %s', (rule, tool, input, expected) => {
    expect(matches({ if: rule }, ev('PostToolUse', tool, input))).toBe(expected);
    // The same rule on the handler instead of the rule group.
    expect(
      matches(
        { hooks: [{ type: 'command', command: 'x', if: rule }] } as never,
        ev('PostToolUse', tool, input),
        'PostToolUse',
      ),
    ).toBe(expected);
  });

  it.each([
    ['Bash(git *) || Edit', /only one rule/],
    ['Bash(git *), Edit', /only one rule/],
    ['Bash(echo (hi))', /parentheses/],
    ['WebFetch(domain:example.com)', /domain/],
    ['Bash(git *', /form/],
    ['!Bash', /form/],
  ])('reports %j and skips the rule, never matching silently', (rule, message) => {
    const { handlers, errors } = compileRules([source('PostToolUse', { if: rule })]);
    expect(handlers).toEqual([]);
    expect(errors).toEqual([
      { file: '/c/config.json', path: 'hooks.PostToolUse[0].if', message: expect.stringMatching(message) },
    ]);
  });

  it('is reported on events without tools', () => {
    const { handlers, errors } = compileRules([source('Stop', { if: 'Bash(git *)' })]);
    expect(handlers).toEqual([]);
    expect(errors[0]).toMatchObject({ path: 'hooks.Stop[0].if', message: expect.stringMatching(/tool events/) });
  });
});

describe('compileRules', () => {
  it('runs identical handlers declared twice once', () => {
    const { handlers } = compileRules([
      source('Stop', {}),
      source('Stop', {}),
      source('Stop', { hooks: [{ type: 'command', command: 'other' }] }),
    ]);
    expect(handlers).toHaveLength(2);
  });

  it('names handlers after the plugin, the script or the host', () => {
    const cmd = (command: string) => ({ type: 'command' as const, command });
    expect(handlerName(cmd('node "${BUDDY_PLUGIN_ROOT}/gitbot.mjs"'), origin)).toBe('gitbot');
    expect(handlerName(cmd('~/hooks/notify.sh --loud'), origin)).toBe('notify');
    expect(handlerName(cmd('say hello'), origin)).toBe('say');
    expect(handlerName(cmd('cat >/dev/null; node ./bots/lint-bot.mjs'), origin)).toBe('lint-bot');
    expect(handlerName(cmd('cat > /dev/null && echo \'{"reaction": "hi"}\''), origin)).toBe('cat');
    expect(handlerName(cmd('2>/dev/null ./x/helper.sh|tee out'), origin)).toBe('helper');
    // Exec form: the arguments as they are, a space inside one is no separator.
    expect(
      handlerName({ ...cmd('/usr/bin/node'), args: ['${CLAUDE_PROJECT_DIR}/my hooks/lint-bot.mjs', '--fix'] }, origin),
    ).toBe('lint-bot');
    expect(handlerName({ ...cmd('x'), name: 'Named' }, origin)).toBe('Named');
    expect(handlerName(cmd('x'), { ...origin, plugin: 'p' })).toBe('p');
    expect(handlerName({ type: 'http', url: 'http://127.0.0.1:8080/x' }, origin)).toBe('127.0.0.1:8080');
  });
});

describe('mainArgument and globs', () => {
  it('picks the argument each tool is judged by', () => {
    expect(mainArgument(ev('PreToolUse', 'Bash', { command: 'ls', description: 'd' }))).toEqual({
      value: 'ls',
      isPath: false,
    });
    expect(mainArgument(ev('PreToolUse', 'Write', { file_path: '/a', content: 'c' }))).toEqual({
      value: '/a',
      isPath: true,
    });
    expect(mainArgument(ev('PreToolUse', 'WebSearch', { query: 'q' }))?.value).toBe('q');
    expect(mainArgument(ev('PreToolUse', 'Agent', { subagent_type: 'Explore', prompt: 'p' }))?.value).toBe('Explore');
    expect(mainArgument(ev('PreToolUse', 'SomethingNew', { x: 1 }))).toBeUndefined();
  });

  it('escapes regex characters in globs', () => {
    expect(globToRegExp('a.b+(c)', false).test('a.b+(c)')).toBe(true);
    expect(globToRegExp('a.b', false).test('axb')).toBe(false);
    expect(parsePermissionRule('Bash(git commit -m "[wip]*")')).toMatchObject({ ok: true });
  });
});
