/**
 * `npm run bench -- voice` (issue 46): it finds 20 real moments in the recorded sessions and prints
 * each request as the model would see it (the system prompt once, then each moment's prompt), so
 * a reviewer can read what the buddy will be asked. Pure: no model, no process.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bench } from '../../bench/voice.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('npm run bench -- voice', () => {
  it('replays 20 real moments and prints each request with its size', async () => {
    let printed = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      printed += String(chunk);
      return true;
    });
    const rows = await bench();
    vi.restoreAllMocks();
    expect(rows.find((row) => row.name === 'real moments replayed')?.value).toMatch(/^20 \(\d+ kinds\)$/);
    expect(printed.match(/── moment \d+ of 20: /g)).toHaveLength(20);
    expect(printed.match(/\[user\]\n/g)).toHaveLength(20);
    expect(printed).toContain('You are Pip, a Crab.');
    expect(printed).toContain('Lines that break the rules (never like these):');
    expect(printed).toMatch(/── moment \d+ of 20: failure /);
    expect(printed).toMatch(/── moment \d+ of 20: turn_end /);
  });
});
