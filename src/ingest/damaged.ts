/**
 * `inbox/damaged/`: spooled files that are not (yet) an event, set aside instead of deleted.
 * A file is named `<name>@<mtime>` there. Nothing set aside is left for good: a file whose mtime
 * changed after it was set aside (its `cat` went on writing) is tried again by the next drain,
 * and `buddy-tui doctor --retry-damaged` tries them all; a whole event is journaled then.
 */
import { lstatSync, readdirSync, renameSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter } from '../report/reporter.js';
import { UnsafePathError, checkPrivateDir, ensurePrivateDir, sessionDirName } from '../state/state-root.js';
import { readInboxFile } from './inbox-file.js';
import { DAMAGED_DIR, parseInboxName, type InboxFile } from './inbox-order.js';
import { normalizeFedEvent } from './user-host-maps.js';
import { journalSpooledEvent, type KeyMemory } from './journal-event.js';
import { isHookPayload } from './payload-edges.js';

/** `<name>@<floor(mtimeMs)>[.<n>]`: the spooled name and the mtime it had when set aside. */
const DAMAGED_NAME = /^([^@/]+)@(\d+)(?:\.\d+)?$/;

/**
 * The damaged folder, made when missing. Anything else under its name (a regular file, a
 * symlink, another user's folder) is moved aside, never followed, so the drain does not stop.
 */
export function damagedDir(inbox: string, report: Reporter): string {
  const damaged = join(inbox, DAMAGED_DIR);
  try {
    ensurePrivateDir(damaged);
  } catch (error) {
    if (!(error instanceof UnsafePathError)) throw error;
    const aside = join(inbox, `${DAMAGED_DIR}.not-ours.${Date.now()}`);
    renameSync(damaged, aside);
    report({ level: 'error', where: 'inbox', message: `${error.message}: moved to ${aside}` });
    ensurePrivateDir(damaged);
  }
  return damaged;
}

function freeName(dir: string, base: string): string {
  let target = join(dir, base);
  for (let n = 1; existsQuietly(target); n += 1) target = join(dir, `${base}.${n}`);
  return target;
}

function existsQuietly(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Moves a file that is not an event to `damaged/` under a name of its own. */
export function moveToDamaged(inbox: string, file: InboxFile, why: string, report: Reporter): void {
  const target = freeName(damagedDir(inbox, report), `${file.name}@${Math.floor(file.mtimeMs)}`);
  renameSync(join(inbox, file.name), target);
  report({
    level: 'error',
    where: 'inbox',
    message: `${join(inbox, file.name)} (${file.size} bytes) ${why}: moved to ${target}; \`buddy-tui doctor --retry-damaged\` journals it once it is whole`,
  });
}

export interface RetryResult {
  journaled: number;
  /** Still not a whole event of a safe session. */
  kept: number;
}

/** One set-aside file tried again: journaled (and removed) when whole; else renamed after its new mtime. */
function retryOne(root: string, damaged: string, entry: string, memory: KeyMemory): boolean {
  const match = DAMAGED_NAME.exec(entry);
  const parsed = match ? parseInboxName(match[1]) : undefined;
  if (!match || !parsed) return false;
  const path = join(damaged, entry);
  const mtimeMs = lstatSync(path).mtimeMs;
  const read = readInboxFile(path);
  const event = read.kind === 'whole' ? normalizeFedEvent(parsed.host, read.payload) : undefined;
  if (isHookPayload(event) && sessionDirName(event.session_id)) {
    journalSpooledEvent(
      root,
      {
        name: parsed.name,
        host: parsed.host,
        mtimeMs,
        tmuxPane: parsed.tmuxPane,
        tmuxServerPid: parsed.tmuxServerPid,
        payload: event,
      },
      memory,
    );
    unlinkSync(path);
    return true;
  }
  // Not whole yet: named after the mtime it has now, so only a later change brings it back.
  if (Number(match[2]) !== Math.floor(mtimeMs))
    renameSync(path, freeName(damaged, `${parsed.name}@${Math.floor(mtimeMs)}`));
  return false;
}

/** True when a set-aside file's mtime is not the one in its name (checked without the lock). */
export function hasChangedDamaged(inbox: string): boolean {
  const damaged = join(inbox, DAMAGED_DIR);
  try {
    return readdirSync(damaged).some((entry) => {
      const match = DAMAGED_NAME.exec(entry);
      return match !== null && Number(match[2]) !== Math.floor(lstatSync(join(damaged, entry)).mtimeMs);
    });
  } catch {
    return false;
  }
}

/**
 * Tries set-aside files again: all of them, or (`changedOnly`, on every drain) those whose mtime
 * is not the one in their name. The caller holds the drain lock.
 */
export function retryDamaged(
  root: string,
  inbox: string,
  memory: KeyMemory,
  report: Reporter,
  changedOnly: boolean,
): RetryResult {
  const result: RetryResult = { journaled: 0, kept: 0 };
  const damaged = join(inbox, DAMAGED_DIR);
  let entries: string[];
  try {
    // Not through a symlink: a retry removes what it journals.
    checkPrivateDir(damaged, lstatSync(damaged));
    entries = readdirSync(damaged);
  } catch {
    return result;
  }
  for (const entry of entries.sort()) {
    try {
      const match = DAMAGED_NAME.exec(entry);
      if (changedOnly && (!match || Number(match[2]) === Math.floor(lstatSync(join(damaged, entry)).mtimeMs))) continue;
      if (retryOne(root, damaged, entry, memory)) {
        result.journaled += 1;
        report({ level: 'info', where: 'inbox', message: `${join(damaged, entry)} is whole now: journaled` });
      } else result.kept += 1;
    } catch (error) {
      result.kept += 1;
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        report({ level: 'error', where: 'inbox', message: `retrying ${join(damaged, entry)}`, error });
    }
  }
  return result;
}
