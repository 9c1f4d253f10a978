/**
 * Buddy-tui's Claude Code hook (the sh spool with host `claude`, and the Node hook without
 * `--host`) run by another host: Droid, Copilot, Qwen and Gemini export CLAUDE_PROJECT_DIR to
 * their hooks too, and a user may copy Claude Code's hooks into their settings (Droid's and
 * Qwen's take Claude's shape as is). The host is told by a variable only it sets in its hooks'
 * environment (the recordings in ../shared/<host>/hook-events.jsonl; Droid's is not in its
 * Execute tool's shell), never taken for Claude Code; Claude Code's own environment stays Claude
 * Code's. Real processes: dist/hook.js and the spool script through /bin/sh.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJournalLines } from '../../src/state/journal.js';
import { HOST_FIXTURES } from '../support/host-fixtures.js';
import { runHook } from '../support/hook-process.js';
import { runSpool } from '../support/spool-process.js';
import { makeTempDir } from '../support/temp-dir.js';

const DROID_HOOK_ENV = {
  FACTORY_PROJECT_DIR: '/home/dev/project',
  DROID_PROJECT_DIR: '/home/dev/project',
  CLAUDE_PROJECT_DIR: '/home/dev/project',
  FACTORY_DISABLE_SETTINGS_PERSISTENCE: 'true',
};
/** Claude Code 2.1.332's own hook environment (its binary's hook env: CLAUDECODE, CLAUDE_CODE_SESSION_ID). */
const CLAUDE_HOOK_ENV = { CLAUDECODE: '1', CLAUDE_PROJECT_DIR: '/home/dev/project', CLAUDE_CODE_SESSION_ID: 's' };

const droidRun = () => HOST_FIXTURES.droid().find((r) => r.name === 'p-basic')!.payloads;

function journalHosts(root: string, sid: string): string[] {
  const path = join(root, sid, 'events.jsonl');
  return existsSync(path) ? parseJournalLines(readFileSync(path, 'utf8')).map((e) => String(e.host)) : [];
}

describe("buddy-tui's Claude Code hook run by another host", () => {
  it("the Node hook (Claude Code's --node-hook entry, no --host) journals Droid's events as Droid's", async () => {
    const root = join(makeTempDir(), 'state');
    const payloads = droidRun().slice(0, 3);
    for (const payload of payloads)
      expect(await runHook(JSON.stringify(payload), { BUDDY_TUI_STATE_DIR: root, ...DROID_HOOK_ENV })).toMatchObject({
        code: 0,
        stdout: '',
      });
    expect(journalHosts(root, String(payloads[0]!.session_id))).toEqual(['droid', 'droid', 'droid']);
  });

  it("the sh spool with host claude spools Droid's events under droid; Claude Code's own stay claude", async () => {
    const root = join(makeTempDir(), 'state');
    mkdirSync(join(root, 'inbox'), { recursive: true, mode: 0o700 });
    const [start, pre] = droidRun();
    expect(await runSpool(JSON.stringify(start), { BUDDY_TUI_STATE_DIR: root, ...DROID_HOOK_ENV })).toMatchObject({
      code: 0,
    });
    const claudeEvent = { session_id: 'claude-session', hook_event_name: 'SessionStart', source: 'startup' };
    expect(
      await runSpool(JSON.stringify(claudeEvent), { BUDDY_TUI_STATE_DIR: root, ...CLAUDE_HOOK_ENV }),
    ).toMatchObject({
      code: 0,
    });
    // The next event goes through the Node hook, which drains the inbox first.
    expect(await runHook(JSON.stringify(pre), { BUDDY_TUI_STATE_DIR: root, ...DROID_HOOK_ENV })).toMatchObject({
      code: 0,
    });
    expect(journalHosts(root, String(start!.session_id))).toEqual(['droid', 'droid']);
    expect(journalHosts(root, 'claude-session')).toEqual(['claude']);
  });

  it.each([
    ['copilot', { COPILOT_CLI: '1', COPILOT_PROJECT_DIR: '/p', CLAUDE_PROJECT_DIR: '/p' }],
    ['qwen', { QWEN_PROJECT_DIR: '/p', GEMINI_PROJECT_DIR: '/p', CLAUDE_PROJECT_DIR: '/p' }],
    ['gemini', { GEMINI_PROJECT_DIR: '/p', GEMINI_CWD: '/p', CLAUDE_PROJECT_DIR: '/p' }],
    ['claude', CLAUDE_HOOK_ENV],
  ])('the environment of a %s hook names its host', async (host, env) => {
    const root = join(makeTempDir(), 'state');
    const event = { session_id: `s-${host}`, hook_event_name: 'SessionStart', source: 'startup' };
    expect(await runHook(JSON.stringify(event), { BUDDY_TUI_STATE_DIR: root, ...env })).toMatchObject({ code: 0 });
    expect(journalHosts(root, `s-${host}`)).toEqual([host]);
  });
});
