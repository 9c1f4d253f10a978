// The Claude Code plugin folder: same events as `buddy-tui install`, the same /bin/sh spool, and the
// Node launcher as its fallback, all spawned for real as Claude Code's shell form runs them.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drainInbox } from '../../src/ingest/drain-inbox.js';
import { SPOOL_SCRIPT, spoolScriptFile } from '../../src/ingest/spool-command.js';
import { BUDDY_HOOK_EVENTS } from '../../src/install/buddy-entries.js';
import { requireClaudeBinary, skipWithoutClaude } from '../support/claude-cli.js';
import { CLI_ENTRY, REPO_ROOT } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

const PLUGIN = join(REPO_ROOT, 'claude-plugin');
const hooksJson = JSON.parse(readFileSync(join(PLUGIN, 'hooks', 'hooks.json'), 'utf8'));
/** `node` (the one running the tests) and the basic tools, nothing else. */
const SYSTEM_PATH = `${dirname(process.execPath)}:/usr/bin:/bin`;
const payload = (sid: string) => JSON.stringify({ session_id: sid, hook_event_name: 'Stop', cwd: '/x' });
const HANDLER = {
  type: 'command',
  command:
    'exec /bin/sh "${CLAUDE_PLUGIN_ROOT}/hooks/buddy-spool.sh" claude "" node "${CLAUDE_PLUGIN_ROOT}/hooks/buddy-hook.mjs"',
  timeout: 5,
};
const journalNames = (root: string, sid: string) => {
  const path = join(root, sid, 'events.jsonl');
  return existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).hook_event_name)
    : [];
};
/** A state root as buddy-tui leaves it once it ran: private, with its inbox. */
function rootWithInbox(root: string): string {
  mkdirSync(join(root, 'inbox'), { recursive: true, mode: 0o700 });
  return root;
}

function launch(env: NodeJS.ProcessEnv, sid: string) {
  const command: string = hooksJson.hooks.Stop[0].hooks[0].command;
  return spawnSync('sh', ['-c', command], {
    input: payload(sid),
    env: { PATH: SYSTEM_PATH, ...env },
    encoding: 'utf8',
  });
}

describe('claude-plugin/', () => {
  it('hooks.json covers every event install may register (PostToolBatch too: a static file cannot know whether a plugin listens), synchronously, with the spool through ${CLAUDE_PLUGIN_ROOT}', () => {
    expect(Object.keys(hooksJson.hooks).sort()).toEqual([...BUDDY_HOOK_EVENTS].sort());
    for (const groups of Object.values(hooksJson.hooks) as Array<Array<{ hooks: Array<Record<string, unknown>> }>>) {
      expect(groups).toHaveLength(1);
      expect(groups[0].hooks).toEqual([HANDLER]);
    }
    const manifest = JSON.parse(readFileSync(join(PLUGIN, '.claude-plugin', 'plugin.json'), 'utf8'));
    expect(manifest.name).toBe('buddy-tui');
    expect(manifest.version).toBe(JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version);
    expect(readFileSync(join(PLUGIN, 'README.md'), 'utf8')).toContain('buddy-tui install --statusline-only');
  });

  it('hooks/buddy-spool.sh is SPOOL_SCRIPT, as src/ingest/spool-command.ts generates it', () => {
    const file = readFileSync(join(PLUGIN, 'hooks', 'buddy-spool.sh'), 'utf8');
    expect(file, 'stale: run `npx tsx scripts/gen-plugin-spool.ts`').toBe(spoolScriptFile());
    expect(file).toContain(`\n${SPOOL_SCRIPT}\n`);
  });

  it('with an inbox, the event is spooled into it as one file and Node is not started; the drain journals it', () => {
    const state = rootWithInbox(join(makeTempDir(), 'state'));
    // No dist/ beside the copy and no buddy-tui on PATH: the Node launcher would journal nothing.
    const copy = join(makeTempDir(), 'buddy-tui');
    cpSync(PLUGIN, copy, { recursive: true });
    const result = launch({ CLAUDE_PLUGIN_ROOT: copy, BUDDY_TUI_STATE_DIR: state }, 'plugin-spooled');
    expect(result).toMatchObject({ status: 0, stdout: '', stderr: '' });
    const spooled = readdirSync(join(state, 'inbox'));
    expect(spooled).toHaveLength(1);
    expect(spooled[0]).toMatch(/^claude\.\d+$/);
    expect(readFileSync(join(state, 'inbox', spooled[0]), 'utf8')).toBe(payload('plugin-spooled'));
    expect(drainInbox(state).drained).toBe(1);
    expect(journalNames(state, 'plugin-spooled')).toEqual(['Stop']);
  });

  it('the uid is not needed where $XDG_RUNTIME_DIR names the root: it spools there', () => {
    const xdg = makeTempDir();
    const state = rootWithInbox(join(xdg, 'buddy-tui'));
    const result = launch({ CLAUDE_PLUGIN_ROOT: PLUGIN, XDG_RUNTIME_DIR: xdg }, 'plugin-xdg');
    expect(result).toMatchObject({ status: 0, stdout: '', stderr: '' });
    expect(readdirSync(join(state, 'inbox'))).toHaveLength(1);
    expect(journalNames(state, 'plugin-xdg')).toEqual([]);
  });

  it('only the tmpdir could name the root (no uid in hooks.json): the Node fallback takes the event, never a `buddy-tui-` root without the uid', () => {
    const tmp = makeTempDir();
    const nameless = rootWithInbox(join(tmp, 'buddy-tui-'));
    const own = rootWithInbox(join(tmp, `buddy-tui-${process.getuid?.() ?? 0}`));
    const result = launch({ CLAUDE_PLUGIN_ROOT: PLUGIN, TMPDIR: tmp }, 'plugin-tmpdir');
    expect(result).toMatchObject({ status: 0, stdout: '', stderr: '' });
    expect(readdirSync(join(nameless, 'inbox'))).toEqual([]);
    expect(readdirSync(join(own, 'inbox')).filter((name) => name.startsWith('claude.'))).toEqual([]);
    expect(journalNames(own, 'plugin-tmpdir')).toEqual(['Stop']);
  });

  it('without an inbox, the launcher finds dist/hook.js beside the plugin, journals the event and creates the inbox', () => {
    const state = join(makeTempDir(), 'state');
    const result = launch({ CLAUDE_PLUGIN_ROOT: PLUGIN, BUDDY_TUI_STATE_DIR: state }, 'plugin-beside');
    expect(result).toMatchObject({ status: 0, stdout: '', stderr: '' });
    expect(journalNames(state, 'plugin-beside')).toEqual(['Stop']);
    expect(existsSync(join(state, 'inbox'))).toBe(true);
  });

  it('a copied plugin (marketplace cache) without an inbox: the launcher finds buddy-tui on PATH; without it, exits 0 silently', () => {
    const dir = makeTempDir();
    const copy = join(dir, 'cache', 'buddy-tui');
    cpSync(PLUGIN, copy, { recursive: true });
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    symlinkSync(CLI_ENTRY, join(bin, 'buddy-tui'));
    const state = join(dir, 'state');
    const found = launch(
      { CLAUDE_PLUGIN_ROOT: copy, BUDDY_TUI_STATE_DIR: state, PATH: `${bin}:${SYSTEM_PATH}` },
      'plugin-path',
    );
    expect(found.status).toBe(0);
    expect(readFileSync(join(state, 'plugin-path', 'events.jsonl'), 'utf8')).toContain('"Stop"');

    const missing = launch({ CLAUDE_PLUGIN_ROOT: copy, BUDDY_TUI_STATE_DIR: join(dir, 'none') }, 'plugin-none');
    expect(missing.status).toBe(0);
    expect(missing.stdout + missing.stderr).toBe('');
    expect(existsSync(join(dir, 'none'))).toBe(false);
  });

  it.skipIf(skipWithoutClaude())('passes `claude plugin validate` of the real Claude Code CLI', () => {
    const home = makeTempDir();
    const result = spawnSync(requireClaudeBinary(), ['plugin', 'validate', PLUGIN], {
      env: { PATH: process.env.PATH, HOME: home },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stdout).toContain('Validation passed');
    expect(result.status).toBe(0);
  });
});
