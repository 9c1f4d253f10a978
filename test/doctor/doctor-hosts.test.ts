// One wired host is enough: Claude Code's missing hooks fail only when Codex is not wired either.
import { describe, expect, it } from 'vitest';
import type { DoctorCheck } from '../../src/doctor/doctor-check.js';
import { oneHostIsEnough } from '../../src/doctor/doctor-hosts.js';
import { NO_CLAUDE_HOOKS } from '../../src/doctor/doctor-claude-hooks.js';

const claude = {
  section: 'Claude Code',
  checks: [{ status: 'fail', title: NO_CLAUDE_HOOKS, fix: 'run `buddy-tui install`', notWired: true }] as DoctorCheck[],
};
const codex = (status: DoctorCheck['status'], title: string) => ({ section: 'Codex', checks: [{ status, title }] });
const wiring = (codexWired: boolean) => [
  { name: 'Claude Code', wired: false, installCommand: 'buddy-tui install' },
  { name: 'Codex', wired: codexWired, installCommand: 'buddy-tui install --host codex --trust' },
];

describe('doctor across hosts', () => {
  it('Codex wired: Claude Code without hooks is a warning that says so', () => {
    const [relaxed] = oneHostIsEnough(
      [claude, codex('ok', "buddy-tui's Codex hooks are registered for all 12 events")],
      wiring(true),
    );
    expect(relaxed.checks).toEqual([
      {
        status: 'warn',
        title: `${NO_CLAUDE_HOOKS} (Codex is wired; Claude Code sessions do not feed the buddy)`,
        fix: 'if you use Claude Code too, run `buddy-tui install`',
        notWired: true,
      },
    ]);
  });

  it('no Codex section, or Codex not fully wired: the failure stands', () => {
    expect(oneHostIsEnough([claude], wiring(false))[0]).toBe(claude);
    expect(oneHostIsEnough([claude, codex('warn', "buddy-tui's Codex hooks miss 3 event(s)")], wiring(false))[0]).toBe(
      claude,
    );
  });
});
