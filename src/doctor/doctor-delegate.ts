/**
 * Doctor's delegate section: which adapter answers delegate requests, and what the calls really
 * did lately (delegate-usage.json's log). Finding a CLI says nothing of its login: a logged-out
 * `claude` is found and runs, and every call fails.
 */
import type { BuddyConfig } from '../config/config-file.js';
import { describeAutoChoice, readDelegateUsage, resolveDelegateSettings } from '../delegate/index.js';
import { stateRootPath } from '../state/state-root.js';
import { formatElapsed } from '../state/selectors.js';
import { sanitizeText } from '../text/sanitize.js';
import type { DoctorCheck } from './doctor-check.js';

/** Failures older than this are not "recent": the login may have been fixed since. */
const RECENT_MS = 24 * 3_600_000;

export async function delegateCheck(env: NodeJS.ProcessEnv, config: BuddyConfig): Promise<DoctorCheck> {
  const settings = resolveDelegateSettings(config.delegate ?? {});
  const choice = await describeAutoChoice(settings, env);
  const via = settings.adapter === 'auto' ? 'auto picks' : 'configured';
  // auto: a Claude Code running the buddy mod answers first (adapters/session.ts), decided per request.
  const session =
    settings.adapter === 'auto'
      ? '; while a Claude Code with the buddy mod runs, that session answers instead ($.model.complete, no claude -p)'
      : '';
  return { status: 'ok', title: `delegate adapter: ${choice.adapter} (${via})`, detail: `${choice.reason}${session}` };
}

/** What to do about a failure, from its reason ("<kind>: <message>"). */
function fixFor(reason: string): string {
  if (/^auth:|not logged in|\blog ?in\b|unauthori[sz]ed|\b40[13]\b|api key/i.test(reason))
    return 'log in to that CLI (for Claude Code: run `claude`, then /login), or choose another delegate.adapter ("offline" makes no calls)';
  if (/^timeout:/.test(reason))
    return 'raise delegate.timeoutMs, or check that the CLI answers `-p hi` quickly when run by hand';
  if (/^unavailable:/.test(reason)) return 'install that CLI, or point delegate.<cli>Path at it';
  return 'run that CLI once by hand with a short prompt to see the whole error; tui.log keeps each failure';
}

/** The calls delegate-usage.json logged in the last day: warn when the newest of them failed. */
export function delegateFailureChecks(env: NodeJS.ProcessEnv, now: number = Date.now()): DoctorCheck[] {
  const calls = readDelegateUsage(stateRootPath(env)).recent.filter(
    (entry) =>
      (entry?.outcome === 'failed' || entry?.outcome === 'answered') &&
      typeof entry.ts === 'number' &&
      now - entry.ts < RECENT_MS,
  );
  const failures = calls.filter((entry) => entry.outcome === 'failed');
  const last = failures.at(-1);
  if (!last) return [];
  const reason = sanitizeText(last.reason ?? 'no reason recorded', { maxLength: 300 });
  const ago = `${formatElapsed(Math.max(0, now - last.ts))} ago`;
  if (calls.at(-1)?.outcome === 'answered')
    return [
      {
        status: 'ok',
        title: 'the newest delegate call answered',
        detail: `an earlier one failed (${ago}): ${reason}`,
      },
    ];
  return [
    {
      status: 'warn',
      title: `delegate calls fail: ${failures.length} of the last ${calls.length} in 24 h failed, the newest ${ago}: ${reason}`,
      detail: 'each failed call shows a built-in quip instead, or nothing when the species has none for the event',
      fix: fixFor(reason),
    },
  ];
}
