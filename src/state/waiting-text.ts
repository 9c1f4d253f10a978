/**
 * What Claude waits for, in words: one rule for the pane's bubble and the statusline's badge.
 * Returns raw text (the detail comes from outside): callers make it safe for their terminal.
 */
import type { WaitingForUser } from './session-state.js';

/** "approve Bash `rm -rf build`", "answer: Which branch?", "your next prompt". */
export function waitingWhat(waiting: WaitingForUser): string {
  const detail = waiting.detail?.split('\n')[0];
  switch (waiting.reason) {
    case 'permission':
      if (waiting.tool) return `approve ${waiting.tool}${detail ? ` \`${detail}\`` : ''}`;
      return detail ? `approve: ${detail}` : 'approve a tool';
    case 'question':
      return detail ? `answer: ${detail}` : 'answer a question';
    default:
      return 'your next prompt';
  }
}

/** The bubble's sentence: "waiting for you: approve Bash `rm -rf build`". */
export function waitingSentence(waiting: WaitingForUser): string {
  return waiting.reason === 'idle' ? 'waiting for your next prompt' : `waiting for you: ${waitingWhat(waiting)}`;
}
