import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findExecutable } from '../../src/process/find-executable.js';

const dir = mkdtempSync(join(tmpdir(), 'buddy-which-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('findExecutable', () => {
  it('finds executables on PATH like `which`', () => {
    writeFileSync(join(dir, 'tool'), '#!/bin/sh\n');
    chmodSync(join(dir, 'tool'), 0o755);
    writeFileSync(join(dir, 'plain'), 'not executable');
    expect(findExecutable('tool', { PATH: `/nonexistent:${dir}` })).toBe(join(dir, 'tool'));
    expect(findExecutable('plain', { PATH: dir })).toBeUndefined();
    expect(findExecutable(join(dir, 'tool'), {})).toBe(join(dir, 'tool'));
  });
});
