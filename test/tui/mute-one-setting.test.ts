/**
 * Mute is one setting (issue 45): `/buddy mute` in Claude Code (the mod runs the built
 * `buddy-tui mod-state --act mute`) and `m` in a pane write the same mute, and the pane, the
 * mod's look and the statusline all honour it. The built `buddy-tui runner` runs the plugins and
 * a real pane in a private tmux server views them, as when the mod started the runner. Needs
 * tmux and `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failure, readJson, until, viewedRunnerWorld } from '../mod/runner-world.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { openBuiltPane, startRunner } from '../support/run-cli.js';
import { fixturePayload } from '../statusline/support.js';

const SID = 'mute-1';
const SAID = 'runner saw it fail';
const { state, base, env, server } = viewedRunnerWorld();
const prefsFile = join(env.XDG_STATE_HOME, 'buddy-tui', 'pane-prefs.json');
const reactionFile = join(state, SID, 'reactions.jsonl');
const said = () =>
  existsSync(reactionFile)
    ? readFileSync(reactionFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .find((r) => r.text === SAID)
    : undefined;

const spool = (payload: string, n: number) => {
  writeFileSync(join(base, `claude.${900_000 + n}`), payload);
  renameSync(join(base, `claude.${900_000 + n}`), join(state, 'inbox', `claude.${900_000 + n}`));
};

/** The built CLI at a pinned "now" (the reaction's own time), so its lifetime never decides a check. */
function cli(args: string[], input?: string): string {
  const run = spawnSync(process.execPath, [CLI_ENTRY, ...args], {
    env: { ...env, BUDDY_TUI_NOW: String(said().ts + 500), COLUMNS: '160' },
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}
const statusline = () => cli(['statusline', '--no-color'], JSON.stringify({ ...fixturePayload(42), session_id: SID }));
/** What the mod draws, asked as the mod asks but with no session (so no heartbeat makes the statusline yield to a mod). */
const modLook = (act?: string) => JSON.parse(cli(['mod-state', ...(act ? ['--act', act] : [])]));
/** The mod's look for the session; the heartbeat it leaves (naming this test's process) goes, or the statusline would yield to a mod. */
function modSessionLook() {
  const look = JSON.parse(cli(['mod-state', '--session', SID]));
  rmSync(join(state, 'mod-bridge', 'mods', `${SID}.json`), { force: true });
  return look;
}

describe('mute is one setting of every view', () => {
  it('/buddy mute silences the pane, the mod and the statusline; m in the pane makes all of them speak again', async () => {
    const runner = await startRunner(env, state);
    try {
      const pane = openBuiltPane(server, env, { exec: true });
      await server.waitFor(pane, (s) => s.includes(`pid ${runner.pid}`));
      spool(JSON.stringify({ session_id: SID, hook_event_name: 'SessionStart', cwd: '/w', source: 'startup' }), 1);
      spool(failure(SID), 2);
      await until(() => said() !== undefined, 'the plugin’s reaction');
      await server.waitFor(pane, (s) => s.includes(SAID));
      expect(statusline()).toContain(SAID);
      expect(modSessionLook().bubble?.text).toBe(SAID);

      // /buddy mute: the mod's command, through the built mod-state.
      const muted = modLook('mute');
      expect(muted.said).toMatch(/keeps its bubbles to itself/);
      expect(readJson(prefsFile)?.muted).toBe(true);
      await server.waitFor(pane, (s) => s.includes('reactions muted') && !s.includes(SAID));
      expect(statusline()).not.toContain(SAID);
      const look = modSessionLook();
      expect(look.muted).toBe(true);
      expect(look.bubble).toBeUndefined();
      expect(look.watch).toContain(prefsFile);

      // m in the pane: the same setting, so the mod and the statusline speak again.
      server.sendKeys(pane, 'm');
      await server.waitFor(pane, (s) => s.includes('reactions on'));
      await until(() => readJson(prefsFile)?.muted !== true, 'the pane to save the unmute');
      expect(statusline()).toContain(SAID);
      expect(modSessionLook()).toMatchObject({ bubble: { text: SAID } });
      expect(modSessionLook().muted).toBeUndefined();
    } finally {
      runner.kill('SIGKILL');
    }
  }, 240_000);
});
