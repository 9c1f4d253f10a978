import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { breakStaleLock, createLockFile, lookAtLock } from '../../src/process/lock-file.js';
import { makeTempDir } from '../support/temp-dir.js';

describe('breakStaleLock', () => {
  it('removes the lock judged stale', () => {
    const path = join(makeTempDir(), 'x.lock');
    writeFileSync(path, '{"pid":1}');
    breakStaleLock(path, lookAtLock(path, 4096)!, 4096);
    expect(lookAtLock(path, 4096)).toBeUndefined();
  });

  it("puts back a new holder's lock created after the judgement, never deleting it", () => {
    const root = makeTempDir();
    const path = join(root, 'x.lock');
    writeFileSync(path, '{"pid":1}');
    const judged = lookAtLock(path, 4096)!;
    // Another process broke the stale lock first and holds a new one.
    rmSync(path);
    expect(createLockFile(path, '{"pid":2}')).toBe(true);
    breakStaleLock(path, judged, 4096);
    expect(readFileSync(path, 'utf8')).toBe('{"pid":2}');
  });
});
