/**
 * The one small-file read: what it refuses, and that it refuses before reading. Real FIFOs,
 * folders, symlinks and /dev/zero; nothing is mocked.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  readFailure,
  readSmallFile,
  readSmallFileBytes,
  readSmallFileIfExists,
  SmallFileError,
} from '../../src/files/read-small-file.js';
import { makeTempDir } from '../support/temp-dir.js';

const refusal = (read: () => unknown): SmallFileError => {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(SmallFileError);
    return error as SmallFileError;
  }
  throw new Error('read was not refused');
};

describe('readSmallFile', () => {
  const dir = makeTempDir('small-file-');
  const file = join(dir, 'config.json');
  writeFileSync(file, '{"a":1}');
  const fifo = join(dir, 'pipe.json');
  execFileSync('mkfifo', [fifo]);
  const folder = join(dir, 'folder.json');
  mkdirSync(folder);
  const link = join(dir, 'link.json');
  symlinkSync(file, link);
  const zero = join(dir, 'zero.json');
  symlinkSync('/dev/zero', zero);

  it('reads a regular file, and a symlink to one when links are followed', () => {
    expect(readSmallFile(file, { maxBytes: 100 })).toBe('{"a":1}');
    expect(readSmallFile(link, { maxBytes: 100, followSymlinks: true })).toBe('{"a":1}');
    expect(readSmallFileBytes(file, { maxBytes: 7 }).length).toBe(7);
  });

  it('names the file and why: missing, a FIFO (without waiting for a writer), a folder, a link, a device, too large', () => {
    const cases: Array<[string, () => unknown, string, string]> = [
      [
        join(dir, 'none.json'),
        () => readSmallFile(join(dir, 'none.json'), { maxBytes: 100 }),
        'ENOENT',
        'does not exist',
      ],
      [
        fifo,
        () => readSmallFile(fifo, { maxBytes: 100, followSymlinks: true }),
        'ENOTREG',
        'is a FIFO (named pipe), not a regular file',
      ],
      [folder, () => readSmallFile(folder, { maxBytes: 100 }), 'ENOTREG', 'is a directory, not a regular file'],
      [link, () => readSmallFile(link, { maxBytes: 100 }), 'ELOOP', 'is a symbolic link, which is not followed here'],
      [
        zero,
        () => readSmallFile(zero, { maxBytes: 100, followSymlinks: true }),
        'ENOTREG',
        'is a character device, not a regular file',
      ],
      [file, () => readSmallFile(file, { maxBytes: 6 }), 'EFBIG', 'is 7 bytes or more, the limit is 6'],
    ];
    for (const [path, read, code, reason] of cases) {
      const error = refusal(read);
      expect([error.code, error.reason, error.message, readFailure(error)]).toEqual([
        code,
        reason,
        `${path}: ${reason}`,
        reason,
      ]);
    }
  });

  it('stops at the cap on a file whose size says 0 (procfs): it never reads more than cap + 1 bytes', () => {
    // /proc/self/maps reports size 0 and holds several KB.
    const error = refusal(() => readSmallFile('/proc/self/maps', { maxBytes: 64 }));
    expect(error.code).toBe('EFBIG');
    expect(error.reason).toBe('is 65 bytes or more, the limit is 64');
    expect(readSmallFile('/proc/self/stat', { maxBytes: 4096 })).toMatch(/^\d+ \(/);
  });

  it('readSmallFileIfExists: undefined only for a missing file', () => {
    expect(readSmallFileIfExists(join(dir, 'none.json'), { maxBytes: 100 })).toBeUndefined();
    expect(readSmallFileIfExists(file, { maxBytes: 100 })).toBe('{"a":1}');
    expect(refusal(() => readSmallFileIfExists(fifo, { maxBytes: 100 })).code).toBe('ENOTREG');
  });
});
