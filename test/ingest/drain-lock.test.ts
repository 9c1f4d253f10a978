/**
 * The drain lock's release (issue 50: its descriptor is kept open instead of the file read again):
 * a holder removes its own lock, and never the lock of a drainer that took its lock over as stale.
 */
import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DRAIN_LOCK_FILE, takeDrainLock } from '../../src/ingest/drain-lock.js';
import { rootWithInbox } from './drain-inbox-support.js';

describe('the drain lock', () => {
  it('is one holder at a time, and gone once released', () => {
    const inbox = join(rootWithInbox(), 'inbox');
    const release = takeDrainLock(inbox, Date.now(), process.pid);
    expect(release).toBeDefined();
    expect(readFileSync(join(inbox, DRAIN_LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    expect(takeDrainLock(inbox, Date.now(), process.pid)).toBeUndefined();
    release?.();
    expect(existsSync(join(inbox, DRAIN_LOCK_FILE))).toBe(false);
  });

  it('a release after a take-over leaves the new holder its lock', () => {
    const inbox = join(rootWithInbox(), 'inbox');
    const first = takeDrainLock(inbox, Date.now(), process.pid);
    // Judged stale and broken by another drainer (as breakLock does), which then takes it.
    unlinkSync(join(inbox, DRAIN_LOCK_FILE));
    const second = takeDrainLock(inbox, Date.now(), process.ppid);
    expect(second).toBeDefined();
    first?.();
    expect(readFileSync(join(inbox, DRAIN_LOCK_FILE), 'utf8')).toBe(`${process.ppid}\n`);
    second?.();
  });
});
