// The mod's memory, one object every sibling module reads and writes (register.js and the
// modules it imports are one mod: one copy of this object per load).

/** The module's state: reset by a hot reload, as every module variable is. */
export const mod = {
  /** @type {import('./buddy-view.js').ModState | undefined} */
  look: undefined,
  /** @type {string[] | undefined} */
  cli: undefined,
  sessionId: '',
  stamp: '',
  blink: false,
  refused: '',
  /** @type {Promise<import('./buddy-view.js').ModState | undefined> | undefined} */
  inflight: undefined,
  askAgain: false,
  askedAt: 0,
  /** @type {Promise<void> | undefined} The set-up after session.start; a command waits for it. */
  ready: undefined,
  activeUntil: 0,
  turnOpen: false, // between the main loop's turn.start and turn.complete: the poll runs all along
  /** @type {{ cancel(): void } | undefined} */ bubbleTimer: undefined, // idle: the shown bubble's end
  /** @type {{ cancel(): void } | undefined} */ recheckTimer: undefined, // idle: a passing mood's next look
  drawn: '', // the last answer drawn, as text: an equal answer draws nothing again
  polling: false,
  polls: 0,
  viewStamp: '', // size:mtime of the view file last drawn
  viewMtime: 0,
  /** @type {number | undefined} When the watched files were first seen changed with no view following. */
  changedAt: undefined,
  /** @type {number | undefined} The size of reactions.jsonl at the last look. */
  reactionsSize: undefined,
  /** @type {Set<string>} Delegate calls under way (ids claimed through mod-state). */
  answering: new Set(),
  /** @type {Map<string, { tool: string, agentId?: string }>} Permission asks open now, by tool_use_id (ask-answered.js). */
  asking: new Map(),
  /** @type {string[]} Answered asks (`<id>/<tool>`) the next mod-state run journals. */
  answers: [],
  voiceNoted: false, // the first /buddy card said once what the buddy speaks with
  buddyWaits: false, // buddy-tui's last look (an answer or a view) had a wait: an answer is worth a process
  answeredAt: 0, // when the user last answered an ask (Date.now()): older looks lose that ask
}
