/**
 * Whether the buddy keeps its bubbles to itself: the mute of pane-prefs.json, the one setting
 * that `m` in any pane and `/buddy mute` in Claude Code write (src/tui/chattiness-prefs.ts owns
 * the file). The statusline and the mod's look read it here, without the pane's modules.
 */
import { panePrefsPath } from '../config/paths.js';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';

/** True only when the file says `"muted": true`; missing, unreadable or anything else is not muted. */
export function reactionsMuted(env: NodeJS.ProcessEnv): boolean {
  try {
    const value = JSON.parse(readSmallFile(panePrefsPath(env), { maxBytes: SMALL_FILE_LIMITS.state })) as {
      muted?: unknown;
    } | null;
    return value?.muted === true;
  } catch {
    return false;
  }
}
