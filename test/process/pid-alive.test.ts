import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isPidAlive } from '../../src/process/pid-alive.js';

describe('isPidAlive', () => {
  it('is true for this process and false for one that has exited', async () => {
    expect(isPidAlive(process.pid)).toBe(true);
    // Spawned without waiting: until Node reaps it the child is a zombie after it exits.
    const child = spawn('sh', ['-c', 'exit 0'], { stdio: 'ignore' });
    const pid = child.pid!;
    await new Promise((resolve) => child.on('exit', resolve));
    expect(isPidAlive(pid)).toBe(false);
    expect(isPidAlive(-1)).toBe(false);
  });
});
