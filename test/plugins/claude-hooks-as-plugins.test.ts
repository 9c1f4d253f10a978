// Claude Code hooks run as buddy-tui plugins: stock settings.json hooks and the exec form, with real processes.
import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPlugins } from '../../src/config/plugin-setup.js';
import { makeTempDir } from '../support/temp-dir.js';
import { bashEvent, collector, useRunners } from './plugin-fixtures.js';

const runnerWith = useRunners();

describe('Claude Code compatibility', () => {
  it('a stock Claude Code hook from .claude/settings.json runs as a plugin (discoverClaudeSettings)', async () => {
    const project = makeTempDir();
    mkdirSync(join(project, '.claude', 'hooks'), { recursive: true });
    // Written for Claude Code: reads the hook JSON, answers with systemMessage, uses $CLAUDE_PROJECT_DIR.
    writeFileSync(
      join(project, '.claude', 'hooks', 'warn-rm.mjs'),
      [
        'let raw = ""; process.stdin.on("data", (c) => (raw += c)); process.stdin.on("end", () => {',
        '  const input = JSON.parse(raw);',
        '  if (/rm -rf/.test(input.tool_input?.command ?? "")) console.log(JSON.stringify({ decision: "block", reason: "no", systemMessage: `careful in ${process.env.CLAUDE_PROJECT_DIR}` }));',
        '});',
      ].join('\n'),
    );
    writeFileSync(
      join(project, '.claude', 'settings.json'),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [
                { type: 'command', command: 'node "$CLAUDE_PROJECT_DIR/.claude/hooks/warn-rm.mjs"' },
                { type: 'command', command: 'buddy-tui hook' },
              ],
            },
          ],
        },
      }),
    );
    const configFile = join(project, 'config.json');
    writeFileSync(
      configFile,
      JSON.stringify({ discoverClaudeSettings: true, claudeSettingsPaths: ['.claude/settings.json'] }),
    );
    const setup = loadPlugins({ configFile, projectDir: project });
    expect(setup.errors).toEqual([]);
    expect(setup.handlers).toHaveLength(1); // buddy-tui's own entry skipped
    const out = collector();
    const runner = runnerWith({ handlers: setup.handlers, ...out.callbacks });
    await runner.handleEvent(bashEvent('rm -rf build', { hook_event_name: 'PreToolUse', cwd: project }));
    await runner.handleEvent(bashEvent('ls', { hook_event_name: 'PreToolUse', cwd: project }));
    expect(out.warnings).toEqual([]);
    expect(out.reactions.map((r) => [r.text, r.source])).toEqual([[`careful in ${project}`, 'warn-rm']]);
  });

  it("an exec-form hook (command + args, no shell) runs with its arguments; buddy-tui's own is skipped", async () => {
    const project = makeTempDir();
    mkdirSync(join(project, '.claude', 'hooks'), { recursive: true });
    writeFileSync(
      join(project, '.claude', 'hooks', 'args.mjs'),
      'console.log(JSON.stringify({ systemMessage: process.argv.slice(2).join("|") }));',
    );
    writeFileSync(
      join(project, '.claude', 'settings.json'),
      JSON.stringify({
        hooks: {
          PostToolUse: [
            {
              matcher: 'Bash',
              hooks: [
                {
                  type: 'command',
                  command: 'node',
                  args: ['${CLAUDE_PROJECT_DIR}/.claude/hooks/args.mjs', 'two words', "it's", '$HOME'],
                },
                { type: 'command', command: process.execPath, args: ['/opt/buddy-tui/dist/hook.js'] },
              ],
            },
          ],
        },
      }),
    );
    const configFile = join(project, 'config.json');
    writeFileSync(
      configFile,
      JSON.stringify({ discoverClaudeSettings: true, claudeSettingsPaths: ['.claude/settings.json'] }),
    );
    const setup = loadPlugins({ configFile, projectDir: project });
    expect(setup.errors).toEqual([]);
    expect(setup.handlers).toHaveLength(1);
    const out = collector();
    await runnerWith({ handlers: setup.handlers, ...out.callbacks }).handleEvent(bashEvent('ls', { cwd: project }));
    expect(out.warnings).toEqual([]);
    // No shell word splitting or expansion of the arguments, as Claude Code runs them.
    expect(out.reactions.map((r) => r.text)).toEqual(["two words|it's|$HOME"]);
  });
});
