/** One line of `buddy-tui doctor`. */
export interface DoctorCheck {
  status: 'ok' | 'warn' | 'fail';
  title: string;
  detail?: string;
  /** What to do about a warn or fail. */
  fix?: string;
}

const MARK: Record<DoctorCheck['status'], string> = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' };

export function formatCheck(check: DoctorCheck): string {
  const lines = [`${MARK[check.status]}  ${check.title}`];
  if (check.detail) lines.push(`      ${check.detail}`);
  if (check.fix && check.status !== 'ok') lines.push(`      fix: ${check.fix}`);
  return lines.join('\n');
}
