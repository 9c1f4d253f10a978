import { describe, expect, it } from 'vitest';
import { hatchPet } from '../../src/pet/hatch.js';
import { stepPet } from '../../src/pet/pet-engine.js';
import { mergePetWrites } from '../../src/tui/pet-merge.js';

const T0 = 1_700_000_000_000;
const base = hatchPet({ seed: 'merge', speciesIds: ['frog'], now: T0 });
const tool = (ts: number) =>
  ({ ts, session_id: 's1', hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }) as never;

describe('mergePetWrites', () => {
  it('adds what the pane did to what another process wrote', () => {
    let ours = base;
    for (let i = 1; i <= 3; i += 1) ours = stepPet(ours, { type: 'event', event: tool(T0 + i * 1000) }, T0 + i * 1000);
    const fresh = stepPet(
      stepPet(base, { type: 'action', action: 'feed' }, T0 + 500),
      { type: 'rename', name: 'Outsider' },
      T0 + 600,
    );
    const merged = mergePetWrites(base, ours, fresh, T0 + 5000);
    expect(merged.identity.name).toBe('Outsider');
    expect(merged.counters.fed).toBe(1);
    expect(merged.counters.toolsRun).toBe(3);
    expect(merged.xp).toBe(fresh.xp + ours.xp - base.xp);
    expect(merged.moments.lastActiveAt).toBe(ours.moments.lastActiveAt);
    expect(merged.moments.lastFedAt).toBe(fresh.moments.lastFedAt);
    for (const need of ['hunger', 'energy', 'happiness'] as const) {
      expect(merged.needs[need]).toBeGreaterThanOrEqual(0);
      expect(merged.needs[need]).toBeLessThanOrEqual(100);
    }
  });

  it('keeps a pet hatched again meanwhile as it is', () => {
    const ours = stepPet(base, { type: 'event', event: tool(T0 + 1000) }, T0 + 1000);
    const rehatched = hatchPet({ seed: 'other', speciesIds: ['frog'], now: T0 + 2000 });
    expect(mergePetWrites(base, ours, rehatched, T0 + 3000)).toBe(rehatched);
  });
});
