/**
 * Keeps every number of a pet inside PET_LIMITS: a value out of range is read as the nearest
 * bound and named in a fix, so the caller can say what it changed. Zod-free: the statusline
 * and the pane's viewer read pets through it too.
 */
import { PET_LIMITS, type Pet } from './pet.js';

/** What was brought into range, e.g. `xp 1e+308 is out of range (0 to 1000000000000), read as 1000000000000`. */
export interface BoundedPet {
  pet: Pet;
  fixes: string[];
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value);

/**
 * `now` caps the times (a time later than now, from a changed clock or an edit, would freeze the
 * needs or ignore every event until then); without it they are capped at PET_LIMITS.timeMax.
 */
export function boundPet(pet: Pet, now?: number): BoundedPet {
  const fixes: string[] = [];
  const timeMax = Math.min(PET_LIMITS.timeMax, now ?? PET_LIMITS.timeMax);
  const timeRange = now === undefined ? undefined : 'now';
  const clamp = (
    path: string,
    value: number,
    max: number,
    options: { whole?: boolean; maxName?: string } = {},
  ): number => {
    let next = Math.min(max, Math.max(0, value));
    if (options.whole) next = Math.floor(next);
    if (next !== value) {
      const why =
        next === Math.floor(value) && value >= 0 && value <= max
          ? 'is not a whole number'
          : `is out of range (0 to ${options.maxName ?? max})`;
      fixes.push(`${path} ${value} ${why}, read as ${next}`);
    }
    return next;
  };
  const time = (path: string, value: number) => clamp(path, value, timeMax, { maxName: timeRange });
  const within = <T extends object>(prefix: string, record: T, each: (path: string, value: number) => number): T => {
    const out: Record<string, number | undefined> = {};
    // The zod-free readers pass what the file held: tolerate a missing or odd record.
    if (!record || typeof record !== 'object') return record;
    for (const [key, value] of Object.entries(record))
      out[key] = isNumber(value) ? each(`${prefix}.${key}`, value) : value;
    return out as T;
  };

  const needs = within('needs', pet.needs, (path, value) => clamp(path, value, PET_LIMITS.needMax));
  const stats = within('identity.stats', pet.identity.stats, (path, value) => clamp(path, value, PET_LIMITS.needMax));
  const counters = within('counters', pet.counters, (path, value) =>
    clamp(path, value, PET_LIMITS.countMax, { whole: true }),
  );
  const moments = within('moments', pet.moments, time);
  const bounded: Pet = {
    ...pet,
    identity: { ...pet.identity, stats },
    hatchedAt: time('hatchedAt', pet.hatchedAt),
    updatedAt: time('updatedAt', pet.updatedAt),
    needs,
    xp: clamp('xp', pet.xp, PET_LIMITS.xpMax),
    counters,
    failStreak: clamp('failStreak', pet.failStreak, PET_LIMITS.countMax, { whole: true }),
    moments,
  };
  if (pet.openTurns && typeof pet.openTurns === 'object') {
    // The newest few only: the engine never keeps more.
    const turns = Object.entries(within('openTurns', pet.openTurns, time)).sort((a, b) => b[1] - a[1]);
    if (turns.length > PET_LIMITS.openTurnsMax)
      fixes.push(`openTurns holds ${turns.length} turns, kept the newest ${PET_LIMITS.openTurnsMax}`);
    bounded.openTurns = Object.fromEntries(turns.slice(0, PET_LIMITS.openTurnsMax));
  }
  if (pet.last && isNumber(pet.last.at)) bounded.last = { ...pet.last, at: time('last.at', pet.last.at) };
  return { pet: fixes.length ? bounded : pet, fixes };
}

/** The fixes as one clause: the first few, then how many more. */
export function describeFixes(fixes: readonly string[], shown = 3): string {
  const head = fixes.slice(0, shown).join('; ');
  return fixes.length > shown ? `${head}; and ${fixes.length - shown} more` : head;
}
