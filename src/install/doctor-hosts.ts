/**
 * Doctor across hosts: buddy-tui needs at least one host wired, not every one. A user of Codex
 * alone is told Claude Code is not wired, as a warning, not a failure.
 */
import type { DoctorCheck } from './doctor-check.js';
import { CODEX_HOOKS_REGISTERED } from './doctor-codex.js';
import { NO_CLAUDE_HOOKS } from './doctor-settings.js';

export interface DoctorSection {
  section: string;
  checks: DoctorCheck[];
}

export function oneHostIsEnough(sections: DoctorSection[]): DoctorSection[] {
  const codexWired = sections.some((s) => s.section === 'Codex' && s.checks.some((c) => c.status === 'ok' && c.title.startsWith(CODEX_HOOKS_REGISTERED)));
  if (!codexWired) return sections;
  return sections.map((s) => s.section !== 'Claude Code' ? s : {
    ...s,
    checks: s.checks.map((check) => check.status === 'fail' && check.title === NO_CLAUDE_HOOKS
      ? { ...check, status: 'warn' as const, title: `${NO_CLAUDE_HOOKS} (Codex is wired; Claude Code sessions do not feed the buddy)`, fix: 'if you use Claude Code too, run `buddy-tui install`' }
      : check),
  });
}
