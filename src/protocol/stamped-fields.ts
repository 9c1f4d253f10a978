/**
 * The fields of a journal line that buddy-tui itself writes: the receive time, the drain's inbox
 * key and the tmux place the hook saw (docs/architecture.md, "Whose fields a journal line
 * holds"). Only these are ever trusted as a place; a host payload that carries one of these names
 * (a model can put any key into a tool's free-form input, and a host may pass it through) has it
 * dropped before buddy-tui stamps its own.
 */
export const STAMPED_FIELDS = ['ts', 'inbox', 'tmux_pane', 'tmux_socket', 'tmux_server_pid'] as const;

export type StampedField = (typeof STAMPED_FIELDS)[number];

/** A copy of the event without any field buddy-tui stamps (the host's fields only). */
export function withoutStampedFields<T extends Record<string, unknown>>(event: T): T {
  const copy: Record<string, unknown> = { ...event };
  for (const field of STAMPED_FIELDS) delete copy[field];
  return copy as T;
}

/** The line to journal: the host's fields, then buddy-tui's own (undefined ones left out). */
export function stampEvent(
  event: Record<string, unknown>,
  stamps: Partial<Record<StampedField, string | number | undefined>>,
): Record<string, unknown> {
  const line = withoutStampedFields(event);
  for (const [field, value] of Object.entries(stamps)) if (value !== undefined) line[field] = value;
  return line;
}
