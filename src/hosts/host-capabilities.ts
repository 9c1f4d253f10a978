/**
 * What a host can report at all, per host (docs/hosts.md has the table). The pane and `status`
 * read it so they never invent what a host cannot say: a host without permission events never
 * shows "waiting for approval", one without exit codes never counts a command's failure.
 */
export interface HostCapabilities {
  /** Subagent start and stop, with an id. */
  subagents: boolean;
  /** The session waits for the user's approval (a permission prompt is on screen). */
  waitingForApproval: boolean;
  /** A shell command's exit code (and so a command that failed). */
  exitCodes: boolean;
  /** An id per tool call: a running call can be shown until its end. */
  toolCallIds: boolean;
  /** How a turn's end is known: an event, or an event that is missing on Esc / API errors. */
  turnEnd: 'event' | 'event-not-on-cancel';
  /** A session end event, in the modes the host has. */
  sessionEnd: 'always' | 'interactive-only' | 'never';
}
