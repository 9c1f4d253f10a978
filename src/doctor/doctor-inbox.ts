/**
 * Doctor checks of the hook spool: is `<root>/inbox` there and ours, how many events wait in it
 * (and for how long: events nobody drained mean no pane, statusline or hook ran since), and
 * the damaged files the drain set aside.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { retryAllDamaged } from '../ingest/drain-inbox.js';
import { DAMAGED_DIR, INBOX_DIR, parseInboxName } from '../ingest/inbox-order.js';
import { formatElapsed } from '../state/selectors.js';
import { ERROR_LOG_FILE, stateRootPath } from '../state/state-root.js';
import type { DoctorCheck } from './doctor-check.js';

/**
 * Events waiting longer than this mean no drainer ran (a drain takes milliseconds and every
 * pane, statusline and Node hook makes one). Only this report uses the clock: the drain itself
 * judges a file by its writer, never by its age.
 */
const UNDRAINED_MS = 60_000;

function soundness(inbox: string): DoctorCheck | undefined {
  const stats = lstatSync(inbox);
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const refused = (why: string): DoctorCheck => ({
    status: 'fail',
    title: `inbox ${inbox} ${why}: the spool hook falls back to the Node hook, which refuses it`,
    fix: `remove ${inbox} (the next event makes it again)`,
  });
  if (stats.isSymbolicLink()) return refused('is a symbolic link');
  if (!stats.isDirectory()) return refused('is not a directory');
  if (uid !== undefined && stats.uid !== uid) return refused(`belongs to uid ${stats.uid}, not you (${uid})`);
  if ((stats.mode & 0o077) !== 0) {
    const mode = (stats.mode & 0o777).toString(8).padStart(3, '0');
    return {
      status: 'warn',
      title: `inbox ${inbox} is mode ${mode}: others can list waiting events`,
      fix: `chmod 700 ${inbox} (the next drain also tightens it)`,
    };
  }
  return undefined;
}

function waitingCheck(inbox: string, now: number): DoctorCheck {
  let count = 0;
  let oldest = Infinity;
  for (const name of readdirSync(inbox)) {
    if (!parseInboxName(name)) continue;
    try {
      oldest = Math.min(oldest, lstatSync(join(inbox, name)).mtimeMs);
      count += 1;
    } catch {
      // Drained while we looked.
    }
  }
  if (count === 0) return { status: 'ok', title: `inbox ${inbox} (private; no event waiting)` };
  const age = formatElapsed(Math.max(0, now - oldest));
  const title = `${count} event(s) wait in the inbox ${inbox}, the oldest for ${age}`;
  return now - oldest < UNDRAINED_MS
    ? { status: 'ok', title }
    : {
        status: 'warn',
        title,
        detail: 'nothing drained them: the pane, the statusline and the Node hook drain the inbox',
        fix: 'open `buddy-tui` (the pane) or start a Claude Code session; they are journaled then',
      };
}

function damagedCheck(inbox: string, root: string): DoctorCheck | undefined {
  let names: string[];
  try {
    names = readdirSync(join(inbox, DAMAGED_DIR));
  } catch {
    return undefined;
  }
  if (!names.length) return undefined;
  return {
    status: 'warn',
    title: `${names.length} damaged inbox file(s) kept in ${join(inbox, DAMAGED_DIR)}`,
    detail: `events that were not whole JSON when their writer ended, or with an unsafe session id; each is named in ${join(root, ERROR_LOG_FILE)}`,
    fix: `run \`buddy-tui doctor --retry-damaged\`: each one that is a whole event now is journaled; look at the rest, then delete them: rm -r ${join(inbox, DAMAGED_DIR)}`,
  };
}

export function inboxChecks(
  env: NodeJS.ProcessEnv,
  now: number,
  platform: NodeJS.Platform = process.platform,
): DoctorCheck[] {
  if (platform === 'win32') return [];
  const root = stateRootPath(env);
  const inbox = join(root, INBOX_DIR);
  try {
    lstatSync(inbox);
  } catch {
    return [
      {
        status: 'warn',
        title: `inbox ${inbox} does not exist yet: until it does, every event starts the Node hook`,
        fix: 'run `buddy-tui install` (it creates it), or let the first event create it',
      },
    ];
  }
  const unsound = soundness(inbox);
  if (unsound?.status === 'fail') return [unsound];
  const checks = [unsound, waitingCheck(inbox, now), damagedCheck(inbox, root)];
  return checks.filter((check): check is DoctorCheck => check !== undefined);
}

/** `doctor --retry-damaged`: the set-aside files tried again; the line says what came of it. */
export function retryDamagedFiles(env: NodeJS.ProcessEnv = process.env): string {
  const root = stateRootPath(env);
  const damaged = join(root, INBOX_DIR, DAMAGED_DIR);
  try {
    const result = retryAllDamaged(root);
    if (result === undefined) return `retry-damaged: no inbox at ${join(root, INBOX_DIR)}, nothing to retry`;
    if (result === 'busy') return 'retry-damaged: another drainer holds the inbox lock; run it again in a moment';
    return `retry-damaged: ${result.journaled} journaled, ${result.kept} still not a whole event (kept in ${damaged})`;
  } catch (error) {
    return `retry-damaged: ${(error as Error).message}`;
  }
}
