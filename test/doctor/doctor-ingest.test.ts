// `buddy-tui doctor` on what issue 22 found: a hook or statusLine naming a Node binary that a
// Node upgrade removed, and `--retry-damaged` for files the drain set aside. Spawned for real.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

interface Check {
  status: 'ok' | 'warn' | 'fail';
  title: string;
  detail?: string;
  fix?: string;
}

function setup() {
  const home = makeTempDir();
  const state = join(home, 'state');
  const env = {
    HOME: home,
    BUDDY_TUI_STATE_DIR: state,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.state'),
  };
  return { home, state, env };
}

function claudeChecks(env: NodeJS.ProcessEnv, cwd: string): Check[] {
  const sections = JSON.parse(runCli(['doctor', '--json'], env, cwd).stdout) as Array<{
    section: string;
    checks: Check[];
  }>;
  return sections.find((s) => s.section === 'Claude Code')!.checks;
}

describe('doctor after a Node upgrade', () => {
  it('names the hook and statusLine commands whose Node binary is gone, and says `buddy-tui install` rewrites them', () => {
    const { home, env } = setup();
    expect(runCli(['install'], env).code).toBe(0);
    const settingsPath = join(home, '.claude', 'settings.json');
    const gone = join(home, '.nvm', 'versions', 'node', 'v20.0.0', 'bin', 'node');
    const text = readFileSync(settingsPath, 'utf8');
    expect(text).toContain(process.execPath);
    writeFileSync(settingsPath, text.split(process.execPath).join(gone));
    const checks = claudeChecks(env, home);
    for (const what of ['hook', 'statusLine']) {
      expect(checks).toContainEqual(
        expect.objectContaining({
          status: 'fail',
          title: `the ${what} command names a Node binary that is gone: ${gone}`,
          fix: expect.stringContaining('`buddy-tui install`'),
        }),
      );
    }
    // What the fix says it does, it does.
    expect(runCli(['install'], env).code).toBe(0);
    expect(claudeChecks(env, home).filter((check) => check.title.includes('is gone'))).toEqual([]);
  });
});

describe('doctor after a Node upgrade, Codex', () => {
  it('names the Codex hook command whose Node binary is gone', () => {
    const { home, env } = setup();
    const codexHome = join(home, '.codex');
    mkdirSync(codexHome);
    const codexEnv = { ...env, CODEX_HOME: codexHome, BUDDY_TUI_CODEX_BIN: join(home, 'no-codex') };
    expect(runCli(['install', '--host', 'codex'], codexEnv).code).toBe(0);
    const hooksPath = join(codexHome, 'hooks.json');
    const gone = join(home, '.fnm', 'node-versions', 'v20.0.0', 'installation', 'bin', 'node');
    writeFileSync(hooksPath, readFileSync(hooksPath, 'utf8').split(process.execPath).join(gone));
    const sections = JSON.parse(runCli(['doctor', '--json'], codexEnv, home).stdout) as Array<{
      section: string;
      checks: Check[];
    }>;
    expect(sections.find((s) => s.section === 'Codex')!.checks).toContainEqual(
      expect.objectContaining({
        status: 'fail',
        title: `Codex: the hook command names a Node binary that is gone: ${gone}`,
        fix: expect.stringContaining('buddy-tui install --host codex'),
      }),
    );
  });
});

describe('doctor --retry-damaged', () => {
  it('journals the set-aside files that are whole now, keeps the rest, and the damaged line names the command', () => {
    const { home, state, env } = setup();
    const damaged = join(state, 'inbox', 'damaged');
    mkdirSync(damaged, { recursive: true, mode: 0o700 });
    const sid = 'retry000-0000-4000-8000-000000000001';
    writeFileSync(join(damaged, 'claude.77@1'), JSON.stringify({ session_id: sid, hook_event_name: 'Stop' }));
    writeFileSync(join(damaged, 'claude.78@1'), '{"session_id":"cut');
    const sections = JSON.parse(runCli(['doctor', '--json'], env, home).stdout) as Array<{
      section: string;
      checks: Check[];
    }>;
    expect(sections.flatMap((s) => s.checks)).toContainEqual(
      expect.objectContaining({
        status: 'warn',
        title: `2 damaged inbox file(s) kept in ${damaged}`,
        fix: expect.stringContaining('buddy-tui doctor --retry-damaged'),
      }),
    );
    const run = runCli(['doctor', '--retry-damaged'], env, home);
    expect(run.stdout).toContain(`retry-damaged: 1 journaled, 1 still not a whole event (kept in ${damaged})`);
    expect(run.stdout).toContain(`1 damaged inbox file(s) kept in ${damaged}`);
    expect(readFileSync(join(state, sid, 'events.jsonl'), 'utf8')).toContain('"hook_event_name":"Stop"');
    // Kept, named after the mtime it has now: only a later change brings it back by itself.
    expect(readdirSync(damaged)).toEqual([expect.stringMatching(/^claude\.78@\d+$/)]);
  });
});
