/**
 * Fact check with the real Claude Code CLI: which settings file's `disableAllHooks` wins, and
 * does `buddy-tui doctor` say the same. Eight layouts of user, project and local settings; for
 * each, `claude -p` runs once with buddy-tui's hooks installed in the user settings, and the
 * journal shows whether they fired.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { text } from '../support/messages-api-standin.js';
import { buddyCli, createWorld, runClaudePrint, type E2eWorld } from './claude-session.js';

type Layout = { user?: boolean; project?: boolean; local?: boolean };

/** What Claude Code 2.1.332 did: the most specific file that sets it wins (local > project > user). */
const LAYOUTS: Array<[Layout, boolean]> = [
  [{}, true],
  [{ user: true }, false],
  [{ user: true, local: false }, true],
  [{ user: true, project: false }, true],
  [{ user: false, local: true }, false],
  [{ user: false, project: true }, false],
  [{ project: true, local: false }, true],
  [{ project: false, local: true }, false],
];

describe.skipIf(skipWithoutClaude())('disableAllHooks precedence, real Claude Code vs buddy-tui doctor', () => {
  let world: E2eWorld;
  let userSettings: Record<string, unknown>;

  const writeJson = (path: string, value: unknown) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, JSON.stringify(value, null, 2));
  };

  beforeAll(async () => {
    world = await createWorld({ turns: () => Array.from({ length: LAYOUTS.length }, () => text('ok')) });
    const install = buddyCli(world, ['install', '--settings', world.claudeHome.settingsPath]);
    expect(install.code).toBe(0);
    userSettings = JSON.parse(readFileSync(world.claudeHome.settingsPath, 'utf8'));
  }, 60_000);

  afterAll(async () => {
    await world?.cleanup();
  });

  it('the most specific file wins, and doctor fails exactly when the hooks do not fire', async () => {
    const seen: Array<[Layout, boolean, boolean]> = [];
    for (const [layout] of LAYOUTS) {
      rmSync(world.stateDir, { recursive: true, force: true });
      writeJson(world.claudeHome.settingsPath, {
        ...userSettings,
        ...(layout.user === undefined ? {} : { disableAllHooks: layout.user }),
      });
      const projectFile = join(world.project, '.claude', 'settings.json');
      const localFile = join(world.project, '.claude', 'settings.local.json');
      rmSync(projectFile, { force: true });
      rmSync(localFile, { force: true });
      if (layout.project !== undefined) writeJson(projectFile, { disableAllHooks: layout.project });
      if (layout.local !== undefined) writeJson(localFile, { disableAllHooks: layout.local });

      const run = await runClaudePrint(world, 'say ok');
      expect(run.code, run.stderr).toBe(0);
      const fired =
        existsSync(world.stateDir) &&
        readdirSync(world.stateDir).some((id) => existsSync(join(world.stateDir, id, 'events.jsonl')));
      const doctor = buddyCli(world, ['doctor', '--json']);
      const sections = JSON.parse(doctor.stdout) as Array<{ checks: Array<{ status: string; title: string }> }>;
      const checks = sections.flatMap((section) => section.checks);
      const doctorSaysOff = checks.some((check) => check.status === 'fail' && check.title.includes('disableAllHooks'));
      seen.push([layout, fired, doctorSaysOff]);
    }
    expect(seen.map(([layout, fired]) => [layout, fired])).toEqual(LAYOUTS);
    for (const [layout, fired, doctorSaysOff] of seen) expect(doctorSaysOff, JSON.stringify(layout)).toBe(!fired);
  }, 300_000);
});
