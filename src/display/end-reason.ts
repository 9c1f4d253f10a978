/**
 * A host's SessionEnd reason in words, for the pane: Claude Code's `prompt_input_exit` (Ctrl-D or
 * /exit), `clear`, `logout`, `other`; Copilot's `complete`, `error`, `user_exit`; Gemini's `exit`.
 * `other` and a missing reason say nothing more than "ended".
 */
const WORDS: Record<string, string> = {
  prompt_input_exit: 'you exited',
  user_exit: 'you exited',
  exit: 'you exited',
  clear: 'cleared (/clear)',
  logout: 'you logged out',
  complete: 'its work was done',
  error: 'an error ended it',
  bypass_permissions_disabled: 'bypass permissions was turned off',
  resume: 'resumed elsewhere',
};

/** The words for `reason`, or undefined when there is nothing to add; an unknown one with spaces for its underscores. */
export function endReasonWords(reason: string | undefined): string | undefined {
  if (!reason || reason === 'other') return undefined;
  return Object.hasOwn(WORDS, reason) ? WORDS[reason] : reason.replace(/_/g, ' ');
}
