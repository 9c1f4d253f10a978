import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SMALL_HEAP = fileURLToPath(new URL('../../src/process/small-heap.ts', import.meta.url));

// Churns through short-lived objects while 100,000 stay alive: V8 grows its young generation
// when this much survives. Prints the young generation's size at the end.
const WORKLOAD = `
const v8 = await import('node:v8');
const ring = new Array(100_000);
for (let i = 0; i < 3_000_000; i += 1) ring[i % ring.length] = { i, s: 'x' + i };
const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
process.stdout.write(String(space.space_size));
`;

function youngGenerationAfterChurn(small: boolean): { bytes: number; stderr: string } {
  const setup = small
    ? `const { preferSmallHeap } = await import(${JSON.stringify(SMALL_HEAP)}); preferSmallHeap();`
    : '';
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', `${setup}\n${WORKLOAD}`],
    { encoding: 'utf8' },
  );
  expect(result.status, result.stderr).toBe(0);
  return { bytes: Number(result.stdout), stderr: result.stderr };
}

describe('preferSmallHeap', () => {
  it('keeps the young generation from growing, and this Node knows both flags', () => {
    const normal = youngGenerationAfterChurn(false);
    const small = youngGenerationAfterChurn(true);
    // The workload does make V8 grow it by default (16 MB semi-spaces on 64-bit)...
    expect(normal.bytes).toBeGreaterThanOrEqual(16 * 1024 * 1024);
    // ...and with the pane's settings it stays at a few MB.
    expect(small.bytes).toBeLessThanOrEqual(normal.bytes / 4);
    // An unknown flag would be reported on stderr: the pane's terminal.
    expect(small.stderr).toBe('');
  });
});
