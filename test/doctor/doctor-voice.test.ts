/** `buddy-tui doctor`, run for real: the buddy's voice, what it speaks through and today's calls against its budget. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

function world(config: object) {
  const home = makeTempDir();
  mkdirSync(join(home, 'state'), { mode: 0o700 });
  mkdirSync(join(home, '.config', 'buddy-tui'), { recursive: true });
  writeFileSync(join(home, '.config', 'buddy-tui', 'config.json'), JSON.stringify(config));
  return {
    HOME: home,
    BUDDY_TUI_STATE_DIR: join(home, 'state'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.state'),
    PATH: '/usr/bin:/bin',
  };
}

function voiceLine(env: Record<string, string>) {
  const run = spawnSync(process.execPath, [CLI_ENTRY, 'doctor', '--json'], { env, encoding: 'utf8', timeout: 60_000 });
  const sections = JSON.parse(run.stdout) as Array<{ section: string; checks: Array<Record<string, string>> }>;
  return sections.find((s) => s.section === 'delegate')!.checks.find((c) => c.title.startsWith("the buddy's voice"));
}

describe("doctor: the buddy's voice", () => {
  it("shows today's calls against the budget and warns once it is spent", () => {
    const env = world({ reactions: { voice: true, voiceDailyBudget: 3 } });
    const today = new Date().toISOString().slice(0, 10);
    const usage = { calls: 3, inputTokens: 1200, outputTokens: 90, days: { [today]: 3 } };
    writeFileSync(
      join(env.BUDDY_TUI_STATE_DIR, 'delegate-usage.json'),
      JSON.stringify({ version: 1, updatedAt: Date.now(), plugins: { buddy: usage }, recent: [] }),
    );
    const check = voiceLine(env)!;
    expect(check.status).toBe('warn');
    expect(check.title).toContain("today's budget of 3 calls is spent");
    expect(check.detail).toContain('3 of 3 calls today; 1,200 tokens in, 90 out over 3 calls');
  });

  it('says when it is off, and how to turn it on', () => {
    const check = voiceLine(world({ reactions: { voice: false } }))!;
    expect(check).toMatchObject({ status: 'ok', detail: '`buddy-tui voice on` turns it on' });
  });
});
