/**
 * How long a turn took: a prompt starts the clock for its session, the Stop that ends the turn
 * reads and stops it. Kept for the most recent sessions only (a long-running pane sees many).
 * Pure: each event carries its time, or the caller passes the time it was received.
 */
import type { JournalEvent } from '../protocol/hook-event.js';

/** Sessions whose turn start is kept; the one that prompted longest ago goes first. */
export const MAX_TRACKED_SESSIONS = 256;

export class TurnClock {
  /** Session -> when its turn started, in prompt order (a Map keeps insertion order). */
  private readonly starts = new Map<string, number>();

  constructor(private readonly maxSessions = MAX_TRACKED_SESSIONS) {}

  /** The turn's length when `event` ends one (a Stop after a prompt); undefined otherwise. */
  turnLength(event: JournalEvent, receivedAt: number): number | undefined {
    const at = typeof event.ts === 'number' ? event.ts : receivedAt;
    if (event.hook_event_name === 'UserPromptSubmit') {
      this.starts.delete(event.session_id);
      this.starts.set(event.session_id, at);
      if (this.starts.size > this.maxSessions) this.starts.delete(this.starts.keys().next().value!);
      return undefined;
    }
    if (event.hook_event_name !== 'Stop') return undefined;
    const start = this.starts.get(event.session_id);
    this.starts.delete(event.session_id);
    return start === undefined ? undefined : at - start;
  }
}
