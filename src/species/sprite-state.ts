/**
 * The states a species can draw and the moods the pet engine derives: one list, so a mood
 * always names a drawable state. Zod-free: the statusline hot path imports this.
 */

export const SPRITE_STATES = [
  'idle',
  'happy',
  'sad',
  'sleep',
  'thinking',
  'working',
  'celebrate',
  'error',
  'hungry',
  'alert',
] as const;
export type SpriteState = (typeof SPRITE_STATES)[number];
/** A mood is the state the buddy is drawn in. */
export type Mood = SpriteState;

/**
 * Where a state a species does not draw falls back to, one step at a time, ending at idle
 * (the one state every species must draw). Documented in docs/species.md.
 */
export const STATE_FALLBACK: Readonly<Record<SpriteState, SpriteState | undefined>> = {
  idle: undefined,
  happy: 'idle',
  sad: 'idle',
  sleep: 'idle',
  thinking: 'idle',
  working: 'thinking',
  celebrate: 'happy',
  error: 'sad',
  hungry: 'sad',
  // Claude waits for the user; the built-ins draw no alert frames yet, so they look attentive (thinking).
  alert: 'thinking',
};

/** The chain for a state, itself first, idle last: `celebrate` → [celebrate, happy, idle]. */
export function fallbackChain(state: SpriteState): SpriteState[] {
  const chain: SpriteState[] = [];
  for (let s: SpriteState | undefined = state; s !== undefined; s = STATE_FALLBACK[s]) chain.push(s);
  return chain;
}

export function isSpriteState(value: unknown): value is SpriteState {
  return typeof value === 'string' && (SPRITE_STATES as readonly string[]).includes(value);
}

/** The placeholder a frame line carries where the eyes go. */
export const EYE_PLACEHOLDER = '{E}';
