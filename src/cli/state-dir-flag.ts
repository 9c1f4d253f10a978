/**
 * `--state-dir DIR` (`runner`, `tui`): the state root the user chose, exactly as
 * `$BUDDY_TUI_STATE_DIR` is, so one rule holds for both. It becomes that variable for this
 * process and what it starts: the root's checks treat it as the user's (a folder open to others is
 * refused, never chmodded: state-root.ts isChosenRoot), and the inbox drain, the plugins and the
 * hooks a pane starts all use the same root.
 */
import { resolve } from 'node:path';
import { expandPath } from '../config/paths.js';
import { ensurePrivateDir, stateRootPath, UnsafePathError } from '../state/state-root.js';

/** The state root for `flag` (or the environment's); sets `$BUDDY_TUI_STATE_DIR` in `env` when the flag is given. */
export function chooseStateDir(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  // Absolute: the processes it starts may run elsewhere (a pane's tmux split).
  if (flag) env.BUDDY_TUI_STATE_DIR = resolve(expandPath(flag, env));
  return stateRootPath(env);
}

/** Creates or checks the root before anything starts: the refusal's one line (the folder and why), or undefined. */
export function stateRootRefusal(root: string): string | undefined {
  try {
    ensurePrivateDir(root);
    return undefined;
  } catch (error) {
    if (error instanceof UnsafePathError) return `cannot use the state folder ${error.message}`;
    const code = (error as NodeJS.ErrnoException).code;
    return `cannot use the state folder ${root}: ${code ?? (error as Error).message}`;
  }
}
