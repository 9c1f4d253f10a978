import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { CliIo } from '../../src/cli/cli-io.js';
import { run } from '../../src/cli/plugins.js';
import { makeTempDir } from '../support/temp-dir.js';
import { CLI_ENTRY } from '../support/hook-process.js';

const EXAMPLES = join(import.meta.dirname, '../../examples/plugins');

function io(): { out: { stdout: string; stderr: string }; io: CliIo } {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: {
      stdout: (t) => void (out.stdout += t),
      stderr: (t) => void (out.stderr += t),
      env: process.env,
      isTTY: false,
      now: Date.now,
    },
  };
}

function configWith(value: unknown): string {
  const file = join(makeTempDir(), 'config.json');
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe('buddy-tui plugins', () => {
  it('lists loaded handlers and exits 0 without errors', async () => {
    const config = configWith({
      plugins: [join(EXAMPLES, 'test-coach')],
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done', name: 'stopper' }] }] },
    });
    const { out, io: sinks } = io();
    expect(await run(['--config', config], sinks)).toBe(0);
    expect(out.stdout).toContain('3 plugin handler(s)');
    expect(out.stdout).toMatch(/stopper {2}Stop\n {4}command: echo done/);
    expect(out.stdout).toMatch(/test-coach {2}PostToolUseFailure {2}matcher=Bash/);
    expect(out.stderr).toBe('');
  });

  it('reports config errors with file and JSON path and exits 1', async () => {
    const config = configWith({
      hooks: {
        PostToolUse: [
          { matcher: '(', hooks: [{ type: 'command', command: 'x' }] },
          { hooks: [{ type: 'command', command: 'y', timeout: 0 }] },
        ],
      },
    });
    const { out, io: sinks } = io();
    expect(await run(['--config', config], sinks)).toBe(1);
    expect(out.stderr).toContain(`${config}: hooks.PostToolUse[1].hooks[0].timeout: Too small`);
    expect(out.stderr).toContain(`${config}: hooks.PostToolUse[0].matcher: invalid regex`);
    const json = io();
    expect(await run(['--config', config, '--json'], json.io)).toBe(1);
    expect(JSON.parse(json.out.stdout).errors).toHaveLength(2);
  });

  it('test <event.json> runs the matching plugins and prints their answers', async () => {
    const dir = makeTempDir();
    const config = configWith({
      plugins: [join(EXAMPLES, 'test-coach')],
      hooks: {
        PostToolUseFailure: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: `echo '{"delegate": true, "prompt": "cheer up"}'`, name: 'delegator' },
              { type: 'command', command: 'echo oops >&2; exit 1', name: 'broken' },
            ],
          },
        ],
      },
    });
    const events = join(dir, 'events.jsonl');
    writeFileSync(
      events,
      [
        {
          session_id: 'sess-cli',
          hook_event_name: 'PostToolUseFailure',
          tool_name: 'Bash',
          tool_input: { command: 'npm test' },
          cwd: dir,
        },
        { session_id: 'sess-cli', hook_event_name: 'Stop' },
      ]
        .map((e) => JSON.stringify(e))
        .join('\n'),
    );
    const { out, io: sinks } = io();
    const savedTmp = process.env.TMPDIR;
    process.env.TMPDIR = dir; // where test-coach keeps its per-session state
    try {
      expect(await run(['test', events, '--config', config], sinks)).toBe(0);
    } finally {
      if (savedTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = savedTmp;
    }
    expect(out.stdout).toContain('PostToolUseFailure (Bash): running delegator, broken, test-coach');
    expect(out.stdout).toContain('reaction [test-coach] PostToolUseFailure: Tests failed.');
    expect(out.stdout).toContain('delegate [delegator] PostToolUseFailure: {"delegate":true,"prompt":"cheer up"}');
    expect(out.stdout).toContain('log-warning [broken] PostToolUseFailure: exited with code 1: oops');
    expect(out.stdout).toContain('Stop: no plugin matches');
  });

  it('rejects a bad event file and bad usage', async () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, 'bad.json'), '{"hook_event_name": "Stop"}');
    const bad = io();
    expect(await run(['test', join(dir, 'bad.json'), '--config', join(dir, 'none.json')], bad.io)).toBe(2);
    expect(bad.out.stderr).toMatch(/session_id/);
    expect(await run(['frobnicate'], io().io)).toBe(2);
    expect(await run(['--nope'], io().io)).toBe(2);
  });

  it('is wired into the built CLI (exit code 1 on config errors)', async () => {
    if (!existsSync(CLI_ENTRY)) throw new Error('dist/cli.js is missing: run `npm run build` first');
    const config = configWith({ plugins: ['does-not-exist'] });
    const result = await promisify(execFile)(process.execPath, [CLI_ENTRY, 'plugins', '--config', config]).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect((result as { code: number }).code).toBe(1);
    expect((result as { stderr: string }).stderr).toMatch(/does-not-exist\/buddy-plugin.json: no buddy-plugin.json/);
  });

  it('labels each handler with its real index in its file, also where entries before it were dropped', async () => {
    const project = makeTempDir();
    mkdirSync(join(project, '.claude'));
    const settings = join(project, '.claude', 'settings.json');
    writeFileSync(
      settings,
      JSON.stringify({
        hooks: {
          Stop: [
            { hooks: [{ type: 'command', command: 'buddy-tui hook' }] }, // buddy-tui's own: skipped
            {
              hooks: [
                { type: 'prompt', prompt: 'judge' },
                { type: 'command', command: 'echo from-settings' },
              ],
            },
          ],
        },
      }),
    );
    const config = join(project, 'config.json');
    writeFileSync(
      config,
      JSON.stringify({
        discoverClaudeSettings: true,
        claudeSettingsPaths: ['.claude/settings.json'],
        hooks: {
          Stop: [
            { hooks: [{ type: 'command', command: '' }] },
            { hooks: [{ type: 'command', command: 'echo from-config' }] },
          ],
        },
      }),
    );
    const result = await promisify(execFile)(process.execPath, [CLI_ENTRY, 'plugins', '--config', config], {
      cwd: project,
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect((result as { code: number }).code).toBe(1); // the empty command in config.json
    expect(result.stderr).toContain(`${config}: hooks.Stop[0].hooks[0].command`);
    expect(result.stdout).toContain(`command: echo from-config\n    from ${config} (hooks.Stop[1].hooks[0])`);
    expect(result.stdout).toContain(`command: echo from-settings\n    from ${settings} (hooks.Stop[1].hooks[1])`);
  });
});
