/**
 * `/buddy mute` and `/buddy unmute` in Claude Code (`buddy-tui mod-state --act mute|unmute`): the
 * same mute as `m` in a pane, saved in pane-prefs.json with the chattiness pick kept, so every
 * pane, the runner's notifications, the mod and the statusline follow it.
 */
import { panePrefsPath } from '../config/paths.js';
import { readPanePrefs, writePanePrefs } from '../tui/chattiness-prefs.js';

/** Saves the mute and returns what /buddy says about it. */
export function setMuted(muted: boolean, env: NodeJS.ProcessEnv): string {
  const file = panePrefsPath(env);
  writePanePrefs(file, { ...readPanePrefs(file), muted });
  return muted
    ? 'buddy-tui: the buddy keeps its bubbles to itself in every view (/buddy unmute, or m in the pane, to hear it again).'
    : 'buddy-tui: the buddy speaks again.';
}
