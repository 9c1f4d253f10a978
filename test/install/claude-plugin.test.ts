// The Claude Code plugin folder: same events as `buddy-tui install`, a launcher that really feeds the journal.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDDY_HOOK_EVENTS } from '../../src/install/buddy-entries.js';
import { requireClaudeBinary, skipWithoutClaude } from '../support/claude-cli.js';
import { CLI_ENTRY, REPO_ROOT } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

const PLUGIN = join(REPO_ROOT, 'claude-plugin');
const hooksJson = JSON.parse(readFileSync(join(PLUGIN, 'hooks', 'hooks.json'), 'utf8'));
/** `node` (the one running the tests) and the basic tools, nothing else. */
const SYSTEM_PATH = `${dirname(process.execPath)}:/usr/bin:/bin`;
const payload = (sid: string) => JSON.stringify({ session_id: sid, hook_event_name: 'Stop', cwd: '/x' });

function launch(env: NodeJS.ProcessEnv, sid: string) {
  const command: string = hooksJson.hooks.Stop[0].hooks[0].command;
  return spawnSync('sh', ['-c', command], { input: payload(sid), env: { PATH: SYSTEM_PATH, ...env }, encoding: 'utf8' });
}

describe('claude-plugin/', () => {
  it('hooks.json covers exactly the events install registers, synchronously, through ${CLAUDE_PLUGIN_ROOT}', () => {
    expect(Object.keys(hooksJson.hooks).sort()).toEqual([...BUDDY_HOOK_EVENTS].sort());
    for (const groups of Object.values(hooksJson.hooks) as Array<Array<{ hooks: Array<Record<string, unknown>> }>>) {
      expect(groups).toHaveLength(1);
      expect(groups[0].hooks).toEqual([{ type: 'command', command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/buddy-hook.mjs"', timeout: 5 }]);
    }
    const manifest = JSON.parse(readFileSync(join(PLUGIN, '.claude-plugin', 'plugin.json'), 'utf8'));
    expect(manifest.name).toBe('buddy-tui');
    expect(manifest.version).toBe(JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version);
    expect(readFileSync(join(PLUGIN, 'README.md'), 'utf8')).toContain('buddy-tui install --statusline-only');
  });

  it('the launcher finds dist/hook.js beside the plugin and journals the event', () => {
    const state = makeTempDir();
    const result = launch({ CLAUDE_PLUGIN_ROOT: PLUGIN, BUDDY_TUI_STATE_DIR: state }, 'plugin-beside');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('');
    expect(readFileSync(join(state, 'plugin-beside', 'events.jsonl'), 'utf8')).toContain('"Stop"');
  });

  it('a copied plugin (marketplace cache) finds buddy-tui on PATH; without it, exits 0 silently', () => {
    const dir = makeTempDir();
    const copy = join(dir, 'cache', 'buddy-tui');
    cpSync(PLUGIN, copy, { recursive: true });
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    symlinkSync(CLI_ENTRY, join(bin, 'buddy-tui'));
    const state = join(dir, 'state');
    const found = launch({ CLAUDE_PLUGIN_ROOT: copy, BUDDY_TUI_STATE_DIR: state, PATH: `${bin}:${SYSTEM_PATH}` }, 'plugin-path');
    expect(found.status).toBe(0);
    expect(readFileSync(join(state, 'plugin-path', 'events.jsonl'), 'utf8')).toContain('"Stop"');

    const missing = launch({ CLAUDE_PLUGIN_ROOT: copy, BUDDY_TUI_STATE_DIR: join(dir, 'none') }, 'plugin-none');
    expect(missing.status).toBe(0);
    expect(missing.stdout + missing.stderr).toBe('');
    expect(existsSync(join(dir, 'none'))).toBe(false);
  });

  it.skipIf(skipWithoutClaude())('passes `claude plugin validate` of the real Claude Code CLI', () => {
    const home = makeTempDir();
    const result = spawnSync(requireClaudeBinary(), ['plugin', 'validate', PLUGIN], { env: { PATH: process.env.PATH, HOME: home }, encoding: 'utf8', timeout: 60_000 });
    expect(result.stdout).toContain('Validation passed');
    expect(result.status).toBe(0);
  });
});
