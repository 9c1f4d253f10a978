/**
 * The sessions worth a tab (src/state/session-visibility.ts), kept for the record and the time
 * they were picked from: the store's selectors ask at every store update, most of which change
 * neither (a session not shown held for the tick), and each answer was a new sorted array
 * (issue 50, less garbage). The answer is shared: read it, never sort or change it in place.
 */
import { visibleSessions as pickVisible } from '../../state/session-visibility.js';
import type { SessionState } from '../../state/session-state.js';

const picked = new WeakMap<object, { now: number; visible: readonly SessionState[] }>();

export function visibleSessions<S extends SessionState>(sessions: Record<string, S>, now: number): readonly S[] {
  const last = picked.get(sessions);
  if (last?.now === now) return last.visible as readonly S[];
  const visible = pickVisible(sessions, now);
  picked.set(sessions, { now, visible });
  return visible;
}
