/**
 * The Claude Code plugin installed the way users install plugins, with the real CLI:
 * `claude plugin marketplace add <folder>` and `claude plugin install buddy-tui@buddy-tui`,
 * from a copy of claude-plugin/ with no dist/ beside it (as a marketplace copy is), so its
 * launcher (the spool's fallback, for the first event) must find buddy-tui on PATH. Then
 * `claude -p` runs, its hooks spool into the inbox, and `buddy-tui status` drains it into the journal.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { text } from '../support/messages-api-standin.js';
import { CLI_ENTRY, REPO_ROOT } from '../support/hook-process.js';
import { buddyCli, createWorld, readJournal, runClaudePrint, type E2eWorld } from './claude-session.js';

describe.skipIf(skipWithoutClaude())('the Claude Code plugin from a marketplace, real Claude Code CLI', () => {
  let world: E2eWorld;
  const claude = (args: string[]) =>
    spawnSync(world.claude, args, { cwd: world.project, env: world.claudeHome.env, encoding: 'utf8', timeout: 60_000 });

  beforeAll(async () => {
    world = await createWorld({ turns: () => [text('ok')] });
    // `npm install -g buddy-tui` puts the command on PATH.
    const bin = join(world.root, 'bin');
    mkdirSync(bin);
    symlinkSync(CLI_ENTRY, join(bin, 'buddy-tui'));
    world.claudeHome.env.PATH = `${bin}:${world.claudeHome.env.PATH}`;
  }, 60_000);

  afterAll(async () => {
    await world?.cleanup();
  });

  it('adds the marketplace, installs and enables the plugin, and its hooks spool the session for the drain', async () => {
    const market = join(world.root, 'market');
    cpSync(join(REPO_ROOT, 'claude-plugin'), market, { recursive: true });
    expect(existsSync(join(market, '..', 'dist'))).toBe(false);

    const added = claude(['plugin', 'marketplace', 'add', market]);
    expect(added.status, added.stderr).toBe(0);
    const installed = claude(['plugin', 'install', 'buddy-tui@buddy-tui']);
    expect(installed.status, installed.stderr).toBe(0);
    const listed = claude(['plugin', 'list']);
    expect(listed.stdout).toMatch(/buddy-tui@buddy-tui[\s\S]*?enabled/);

    const run = await runClaudePrint(world, 'say ok');
    expect(run.code, run.stderr).toBe(0);
    // SessionStart found no inbox and went through the launcher (buddy-tui on PATH), which made
    // the inbox; the later events were spooled there by /bin/sh and wait for a drain.
    const spooled = readdirSync(join(world.stateDir, 'inbox')).filter((name) => /^claude\.\d+/.test(name));
    expect(spooled.length).toBeGreaterThanOrEqual(2);
    expect(buddyCli(world, ['status', '--json']).code).toBe(0);
    expect(readdirSync(join(world.stateDir, 'inbox')).filter((name) => /^claude\./.test(name))).toEqual([]);
    const sessions = readdirSync(world.stateDir).filter((id) => existsSync(join(world.stateDir, id, 'events.jsonl')));
    expect(sessions).toHaveLength(1);
    const events = readJournal(world.stateDir, sessions[0]).map((event) => event.hook_event_name);
    expect(events).toEqual(expect.arrayContaining(['SessionStart', 'UserPromptSubmit', 'Stop']));
  }, 180_000);
});
