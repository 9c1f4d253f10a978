/**
 * Offline lines: the species' quips for an event kind, in a seeded shuffled rotation, so a
 * buddy does not say the same thing twice in a row and a test can predict the order.
 */
import type { EventKind } from '../protocol/event-kind.js';

/** The species' quips for a kind (for the species the session shows), or undefined. */
export type QuipSource = (kind: EventKind, sessionId: string) => readonly string[] | undefined;

export interface OfflineQuip {
  text: string;
  kind: EventKind;
}

export interface QuipPicker {
  /** The next line for the first kind that has quips, or undefined when none has. */
  pick(kinds: readonly EventKind[], sessionId: string): OfflineQuip | undefined;
}

/** mulberry32: small, fast and good enough for picking lines. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

interface Rotation {
  lines: readonly string[];
  order: number[];
  next: number;
  last?: string;
  rng: () => number;
}

function shuffled(count: number, rng: () => number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

export function createQuipPicker(quipsFor: QuipSource, seed = 1): QuipPicker {
  const rotations = new Map<string, Rotation>();
  return {
    pick(kinds, sessionId) {
      for (const kind of kinds) {
        const lines = (quipsFor(kind, sessionId) ?? []).filter(
          (line) => typeof line === 'string' && line.trim() !== '',
        );
        if (lines.length === 0) continue;
        const key = `${sessionId}\u0000${kind}`;
        let rotation = rotations.get(key);
        if (!rotation || rotation.lines.join('\u0000') !== lines.join('\u0000')) {
          const rng = random(seed ^ hash(key));
          rotation = { lines, order: shuffled(lines.length, rng), next: 0, last: rotation?.last, rng };
          rotations.set(key, rotation);
        }
        if (rotation.next >= rotation.order.length) {
          rotation.order = shuffled(lines.length, rotation.rng);
          rotation.next = 0;
        }
        // A new round may start with the line the last round ended on: swap it away.
        if (lines.length > 1 && lines[rotation.order[rotation.next]!] === rotation.last) {
          const swapWith = rotation.next + 1 < rotation.order.length ? rotation.next + 1 : 0;
          [rotation.order[rotation.next], rotation.order[swapWith]] = [
            rotation.order[swapWith]!,
            rotation.order[rotation.next]!,
          ];
        }
        const text = lines[rotation.order[rotation.next++]!]!;
        rotation.last = text;
        return { text, kind };
      }
      return undefined;
    },
  };
}
