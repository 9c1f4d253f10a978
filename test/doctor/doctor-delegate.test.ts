/**
 * `buddy-tui doctor`, run for real: the delegate section reports the failures delegate-usage.json
 * recorded (the trial's "claude: Not logged in" while doctor said all was well), with the reason
 * and a fix; a failure the newest call answered since is history, not a warning.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

interface Check {
  status: 'ok' | 'warn' | 'fail';
  title: string;
  detail?: string;
  fix?: string;
}

/** A HOME whose PATH has node and a `claude` that answers --version, as an installed, logged-out one does. */
function world() {
  const home = makeTempDir();
  const bin = join(home, 'bin');
  mkdirSync(bin);
  symlinkSync(process.execPath, join(bin, 'node'));
  writeFileSync(join(bin, 'claude'), '#!/bin/sh\necho "2.1.332 (Claude Code)"\n');
  chmodSync(join(bin, 'claude'), 0o755);
  mkdirSync(join(home, 'state'), { mode: 0o700 });
  const env = {
    HOME: home,
    BUDDY_TUI_STATE_DIR: join(home, 'state'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.state'),
    PATH: `${bin}:/usr/bin:/bin`,
  };
  return { env };
}

function usage(outcomes: Array<{ outcome: string; reason?: string; agoMs: number }>) {
  const now = Date.now();
  return JSON.stringify({
    version: 1,
    updatedAt: now,
    plugins: { chat: { calls: 3, failures: 2, lastAt: now - 60_000, lastError: 'claude: Not logged in' } },
    recent: outcomes.map(({ outcome, reason, agoMs }) => ({
      ts: now - agoMs,
      plugin: 'chat',
      sessionId: 's1',
      outcome,
      ...(reason ? { reason } : {}),
    })),
  });
}

function delegateSection(env: Record<string, string>): Check[] {
  const run = spawnSync(process.execPath, [CLI_ENTRY, 'doctor', '--json'], { env, encoding: 'utf8', timeout: 60_000 });
  const sections = JSON.parse(run.stdout) as Array<{ section: string; checks: Check[] }>;
  return sections.find((section) => section.section === 'delegate')!.checks;
}

describe('doctor: delegate failures', () => {
  it('the newest calls failed: a warning with the reason and how to fix it, not "your own login answers"', () => {
    const { env } = world();
    writeFileSync(
      join(env.BUDDY_TUI_STATE_DIR, 'delegate-usage.json'),
      usage([
        { outcome: 'answered', agoMs: 3_600_000 },
        { outcome: 'failed', reason: 'process: claude: Not logged in', agoMs: 120_000 },
        { outcome: 'failed', reason: 'process: claude: Not logged in', agoMs: 60_000 },
      ]),
    );
    const checks = delegateSection(env);
    expect(checks[0]).toMatchObject({ status: 'ok', title: 'delegate adapter: claude-cli (auto picks)' });
    expect(checks[0]!.detail).not.toContain('your own login answers');
    const failing = checks.find((check) => check.status === 'warn');
    expect(failing?.title).toContain('claude: Not logged in');
    expect(failing?.title).toContain('2 of the last 3');
    expect(failing?.fix).toMatch(/log in/);
  });

  it('a failure an answer has followed since is named as history, with no warning', () => {
    const { env } = world();
    writeFileSync(
      join(env.BUDDY_TUI_STATE_DIR, 'delegate-usage.json'),
      usage([
        { outcome: 'failed', reason: 'timeout: no answer within 15000 ms', agoMs: 120_000 },
        { outcome: 'answered', agoMs: 60_000 },
      ]),
    );
    const checks = delegateSection(env);
    expect(checks.filter((check) => check.status !== 'ok')).toEqual([]);
    expect(checks.map((check) => `${check.title} ${check.detail ?? ''}`).join('\n')).toContain(
      'timeout: no answer within 15000 ms',
    );
  });
});
