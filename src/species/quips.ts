/** Picking an offline quip for an event kind. Zod-free; the caller sanitizes before display. */
import type { EventKind } from '../protocol/event-kind.js';
import type { Species } from './species-schema.js';

/** The quip number `n` for `kind` (cycling), or undefined when the species has none. */
export function quipFor(species: Pick<Species, 'quips'>, kind: EventKind, n: number): string | undefined {
  const quips = species.quips[kind];
  if (!quips || quips.length === 0) return undefined;
  return quips[Math.abs(Math.floor(n)) % quips.length];
}
