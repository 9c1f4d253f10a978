/**
 * buddy-tui's own journal record for `/buddy <question>` in Claude Code's mod (`buddy-tui
 * mod-state --ask`): the user spoke to the buddy, not to Claude. The runner's voice answers it as
 * it answers a prompt that names the buddy; the reducer counts it as no host activity.
 */
export const BUDDY_ASKED = 'buddy-tui.BuddyAsked';

/** A question is cut at this many characters before it is journaled. */
export const MAX_QUESTION_CHARS = 1_000;
