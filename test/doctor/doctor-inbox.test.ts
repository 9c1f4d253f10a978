// `buddy-tui doctor` on the hook spool: the path the hooks take, the inbox, waiting and damaged events.
import { chmodSync, mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { runSpool } from '../support/spool-process.js';
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
  return { home, state, inbox: join(state, 'inbox'), env };
}

function doctor(env: NodeJS.ProcessEnv, cwd: string): { all: Check[]; find: (section: string) => Check[] } {
  const run = runCli(['doctor', '--json'], env, cwd);
  const sections = JSON.parse(run.stdout) as Array<{ section: string; checks: Check[] }>;
  return {
    all: sections.flatMap((s) => s.checks),
    find: (section) => sections.find((s) => s.section === section)!.checks,
  };
}

describe('doctor and the inbox', () => {
  it('counts the events waiting (warning once they are older than the drain would leave them) and the damaged files', async () => {
    const { home, inbox, env } = setup();
    expect(runCli(['install'], env).code).toBe(0);
    for (const name of ['Stop', 'SessionEnd'])
      await runSpool(JSON.stringify({ session_id: 'doc-inbox', hook_event_name: name }), env);
    expect(doctor(env, home).find('buddy-tui')).toContainEqual(
      expect.objectContaining({
        status: 'ok',
        title: expect.stringMatching(/^2 event\(s\) wait in the inbox .*, the oldest for \d+s$/),
      }),
    );

    // An event nobody drained for ten minutes, and a damaged file set aside.
    await runSpool(JSON.stringify({ session_id: 'doc-inbox', hook_event_name: 'Stop' }), env);
    const tenMinutesAgo = (Date.now() - 600_000) / 1000;
    mkdirSync(join(inbox, 'damaged'), { mode: 0o700 });
    writeFileSync(join(inbox, 'damaged', 'claude.1@1'), '{"session_');
    const [spooled] = readdirSync(inbox).filter((name) => name.startsWith('claude.'));
    utimesSync(join(inbox, spooled), tenMinutesAgo, tenMinutesAgo);
    const checks = doctor(env, home).find('buddy-tui');
    expect(checks).toContainEqual(
      expect.objectContaining({
        status: 'warn',
        title: expect.stringMatching(/^3 event\(s\) wait in the inbox .*, the oldest for 10m/),
        fix: expect.stringContaining('buddy-tui'),
      }),
    );
    expect(checks).toContainEqual(
      expect.objectContaining({ status: 'warn', title: `1 damaged inbox file(s) kept in ${join(inbox, 'damaged')}` }),
    );
  });

  it('an inbox open to others is a warning with the fix', () => {
    const { home, state, inbox, env } = setup();
    mkdirSync(state, { mode: 0o700 });
    mkdirSync(inbox, { mode: 0o755 });
    chmodSync(inbox, 0o755);
    expect(doctor(env, home).find('buddy-tui')).toContainEqual(
      expect.objectContaining({
        status: 'warn',
        title: `inbox ${inbox} is mode 755: others can list waiting events`,
        fix: expect.stringContaining(`chmod 700 ${inbox}`),
      }),
    );
  });

  it('a symlinked inbox fails with the fix', () => {
    const { home, state, inbox, env } = setup();
    mkdirSync(state, { mode: 0o700 });
    mkdirSync(join(home, 'elsewhere'));
    symlinkSync(join(home, 'elsewhere'), inbox);
    expect(doctor(env, home).find('buddy-tui')).toContainEqual(
      expect.objectContaining({
        status: 'fail',
        title: expect.stringContaining(`inbox ${inbox} is a symbolic link`),
        fix: `remove ${inbox} (the next event makes it again)`,
      }),
    );
  });

  it('says when the hooks start Node on every event where /bin/sh could spool, and when the inbox is missing', () => {
    const { home, inbox, env } = setup();
    expect(runCli(['install', '--node-hook'], env).code).toBe(0);
    const { find } = doctor(env, home);
    expect(find('Claude Code')).toContainEqual(
      expect.objectContaining({
        status: 'warn',
        title: expect.stringContaining('the hooks of 17 event(s) start Node every time'),
        fix: expect.stringContaining('buddy-tui install'),
      }),
    );
    expect(find('buddy-tui')).toContainEqual(
      expect.objectContaining({
        status: 'warn',
        title: `inbox ${inbox} does not exist yet: until it does, every event starts the Node hook`,
      }),
    );
  });
});
