/**
 * The mood is derived, never stored: from the pet (needs brought up to `now`), the live
 * session state and the time. It picks the state the species is drawn in. Zod-free.
 */
import { activityMood, awaitingMood, failedRecently, SESSION_MOOD_RULES } from '../display/mood.js';
import type { SessionState } from '../state/session-state.js';
import type { Mood } from '../species/sprite-state.js';
import { decayPet } from './pet-engine.js';
import type { Pet } from './pet.js';

export type { Mood } from '../species/sprite-state.js';

export const MOOD_RULES = {
  /** Error face this long after a failure (the session's rule, shared with the no-pet mood). */
  errorMs: SESSION_MOOD_RULES.errorMs,
  /** Celebrate this long after a level-up or tests turning green. */
  celebrateMs: 20_000,
  /** Asleep after this long with no activity. */
  sleepAfterMs: 10 * 60_000,
  /** A session with no event for this long no longer counts as working or thinking. */
  staleSessionMs: SESSION_MOOD_RULES.staleSessionMs,
  happyAfterTestsMs: 2 * 60_000,
  starvingAbove: 90,
  hungryAbove: 70,
  sadBelow: 30,
  happyAbove: 75,
  tiredBelow: 10,
  /** Happy this long after a pat, a meal or a game the pet took: the sprite answers the key at once. */
  actionMs: 5_000,
} as const;

const within = (at: number | undefined, now: number, ms: number) => at !== undefined && now - at >= 0 && now - at < ms;

export function deriveMood(pet: Pet, session: SessionState | undefined, now: number): Mood {
  const { needs, moments, failStreak } = decayPet(pet, now);
  // Claude waiting for the user's answer matters most (src/display/mood.ts).
  if (awaitingMood(session)) return 'alert';
  if (within(moments.lastFailureAt, now, MOOD_RULES.errorMs) || failedRecently(session, now)) return 'error';
  if (within(moments.levelUpAt, now, MOOD_RULES.celebrateMs) || within(moments.greenAt, now, MOOD_RULES.celebrateMs))
    return 'celebrate';

  if (pet.last?.outcome === 'ok' && within(pet.last.at, now, MOOD_RULES.actionMs)) return 'happy';

  // What the session is doing (src/display/mood.ts, the rule the no-pet mood uses too).
  const activity = activityMood(session, now);
  if (activity) return activity;

  // A starving pet wakes up to say so.
  if (needs.hunger >= MOOD_RULES.starvingAbove) return 'hungry';
  const lastActive = Math.max(moments.lastActiveAt ?? pet.hatchedAt, session?.lastEventAt ?? -Infinity);
  if (now - lastActive >= MOOD_RULES.sleepAfterMs || needs.energy < MOOD_RULES.tiredBelow) return 'sleep';
  if (needs.hunger >= MOOD_RULES.hungryAbove) return 'hungry';
  if (needs.happiness < MOOD_RULES.sadBelow || failStreak >= 3) return 'sad';
  if (needs.happiness >= MOOD_RULES.happyAbove || within(moments.lastTestsPassedAt, now, MOOD_RULES.happyAfterTestsMs))
    return 'happy';
  return 'idle';
}
