/** One line of `buddy-tui doctor`. */
import { joinTerm, term, type TerminalText } from '../text/terminal-text.js';

export interface DoctorCheck {
  status: 'ok' | 'warn' | 'fail';
  title: string;
  detail?: string;
  /** What to do about a warn or fail. */
  fix?: string;
  /** This finding is "the host is not wired": a warning, not a failure, when another host is (doctor-hosts.ts). */
  notWired?: boolean;
}

const MARK: Record<DoctorCheck['status'], string> = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' };

/** The check as printed; title, detail and fix hold outside text (paths, config keys, messages). */
export function formatCheck(check: DoctorCheck): TerminalText {
  const lines = [term`${MARK[check.status]}  ${check.title}`];
  if (check.detail) lines.push(term`      ${check.detail}`);
  if (check.fix && check.status !== 'ok') lines.push(term`      fix: ${check.fix}`);
  return joinTerm(lines, '\n');
}
