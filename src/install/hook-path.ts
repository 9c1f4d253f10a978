/**
 * Which hook the installers write, and the inbox the spool needs: shared by the Claude Code and
 * Codex installers so both hosts take the same path.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { INBOX_DIR } from '../ingest/inbox-order.js';
import { ensurePrivateDir, stateRootPath } from '../state/state-root.js';
import { term, type TerminalText } from '../text/terminal-text.js';
import type { HookPath } from './buddy-entries.js';

/** The spool wherever /bin/sh runs; the Node hook on Windows, without /bin/sh, or when asked. */
export function chooseHookPath(
  nodeHook: boolean | undefined,
  platform: NodeJS.Platform = process.platform,
  sh = '/bin/sh',
): { path: HookPath; why: string } {
  if (nodeHook) return { path: 'node', why: '--node-hook' };
  if (platform === 'win32') return { path: 'node', why: 'Windows has no /bin/sh' };
  if (!existsSync(sh)) return { path: 'node', why: `${sh} is missing` };
  return { path: 'spool', why: `${sh} writes each event into the inbox` };
}

/** The inbox the spool writes to, made now so the fast path works from the first event; a problem is said, not fatal. */
export function createInbox(env: NodeJS.ProcessEnv, say: (message: TerminalText) => void): void {
  const inbox = join(stateRootPath(env), INBOX_DIR);
  try {
    ensurePrivateDir(inbox);
  } catch (error) {
    say(
      term`buddy-tui: could not create ${inbox}: ${(error as Error).message}\nUntil it exists, each event starts the Node hook instead (slower); \`buddy-tui doctor\` says more.\n`,
    );
  }
}
