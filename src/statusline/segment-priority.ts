/**
 * Each statusline segment's priority, in one place: when a row is too narrow the lowest goes
 * first (layout.ts), so this table is the order in which segments give way. A segment with two
 * states (the reaction or the buddy's name, a fresh or a stale failure, the agents or their
 * count) has a row for each.
 */
export const SEGMENT_PRIORITY = {
  /** The face: the last to go. */
  face: 100,
  /** Claude waits for the user's answer: kept before anything but the face. */
  waiting: 95,
  queue: 90,
  running: 85,
  /** A failure while the face still shows the error: ahead of the turn's tools. */
  freshFailure: 80,
  agents: 75,
  /** `◆3`, the agents' count in the short --segment layout. */
  agentCount: 70,
  tools: 60,
  context: 50,
  model: 40,
  reaction: 35,
  /** A failure the face no longer shows: it yields to the turn's tools. */
  staleFailure: 30,
  project: 20,
  /** The voice's daily budget is used: why the quips are canned, worth a glance, first of the buddy's row to go. */
  voiceSpent: 15,
  idle: 10,
  /** The buddy's name, where the reaction would be when there is none. */
  name: 5,
} as const satisfies Record<string, number>;
