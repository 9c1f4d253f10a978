/**
 * For the delegate adapter tests of the hosts with hooks (Copilot, Qwen, Gemini): what the buddy's
 * installed hooks journaled (drained through `status --json`, as the product drains), and a wrapper
 * of the real CLI that drops BUDDY_TUI_CHILD, so a test can show the adapter's hooks-off settings
 * work on their own, without the marker the buddy's hook command also checks.
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inboxFiles } from './installed-hooks.js';
import { runCli } from './run-cli.js';
import { shellQuote } from '../../src/text/shell-words.js';

/** Drains the inbox into the journals (`status --json`) and names the sessions journaled. */
export function journaledSessions(env: NodeJS.ProcessEnv, stateDir: string, cwd: string): string[] {
  const status = runCli(['status', '--json'], env, cwd);
  if (status.code !== 0) throw new Error(`status --json failed: ${status.stderr}`);
  let names: string[] = [];
  try {
    names = readdirSync(stateDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'inbox')
      .map((e) => e.name);
  } catch {
    // No state root yet: nothing was journaled.
  }
  if (inboxFiles(stateDir).length > 0) throw new Error(`events still waiting in ${stateDir}/inbox`);
  return names;
}

/** Removes the journaled sessions, so the next run starts from none. */
export function forgetSessions(stateDir: string, sessions: readonly string[]): void {
  for (const name of sessions) rmSync(join(stateDir, name), { recursive: true, force: true });
}

/** `<dir>/<name>`: runs `binary` without BUDDY_TUI_CHILD in its environment. */
export function unmarkedWrapper(binary: string, dir: string, name: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\nunset BUDDY_TUI_CHILD\nexec ${shellQuote(binary)} "$@"\n`, { mode: 0o755 });
  return path;
}
