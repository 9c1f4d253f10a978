/**
 * The Node hook's way into the inbox, for an event that must not pass older spooled events of its
 * session still waiting there: written whole under a dot name (which the drain never reads), then
 * published with link(2) under `<host>.<pid>[.<k>]` — atomic, and refused when the name is taken,
 * so the drain never sees it half-written and nothing under the name is overwritten or followed.
 */
import { closeSync, constants, linkSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { FeedHost } from '../hosts/host-id.js';

/** Publishes `bytes` as a spooled event; returns its name. Throws when it cannot. */
export function spoolEvent(inbox: string, host: FeedHost, bytes: Buffer, pid: number = process.pid): string {
  const part = join(inbox, `.${host}.${pid}.part`);
  const fd = openSync(part, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    try {
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
    } finally {
      closeSync(fd);
    }
    for (let k = 0; k < 8; k += 1) {
      const name = k === 0 ? `${host}.${pid}` : `${host}.${pid}.${k}`;
      try {
        linkSync(part, join(inbox, name));
        return name;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    throw new Error(`${join(inbox, `${host}.${pid}`)} and its 7 other names are taken`);
  } finally {
    unlinkSync(part);
  }
}
