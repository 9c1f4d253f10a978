/** Temporary directories for tests, removed after each test file. */
import { mkdtempSync, rmSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

/** A fresh private directory (mode 0700), removed when the test file ends. */
export function makeTempDir(prefix = 'buddy-test-'): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  made.push(dir);
  return dir;
}

afterAll(() => {
  // A child that is still exiting (a runner saving its last state, a pane in a tmux server just
  // killed) may add a file during the removal: Node retries ENOTEMPTY and EBUSY then, for up to
  // about 5 s (Node's back-off), since on a loaded machine such an exit took longer than 0.5 s.
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
});

/** The environment of a buddy-tui process kept inside `base`: its home, config and state there, nothing of the user's. */
export function isolatedEnv(base: string, state: string) {
  return {
    PATH: process.env.PATH,
    HOME: base,
    BUDDY_TUI_STATE_DIR: state,
    XDG_CONFIG_HOME: join(base, 'config'),
    XDG_STATE_HOME: join(base, 'xdg-state'),
  };
}
