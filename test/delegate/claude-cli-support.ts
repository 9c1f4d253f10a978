/**
 * Shared setup of the tests against the REAL Claude Code CLI (claude-cli*.test.ts): the binary,
 * a scratch folder, the loopback Messages API stand-in with an offline Claude home per test,
 * and the delegate call and meta they send.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { DelegateMeta } from '../../src/protocol/plugin-answer.js';
import {
  createOfflineClaudeHome,
  REPO_ROOT,
  requireClaudeBinary,
  type OfflineClaudeHome,
} from '../support/claude-cli.js';
import { startMessagesApiStandin, type MessagesApiStandin } from '../support/messages-api-standin.js';

export const HOOK = join(REPO_ROOT, 'dist', 'hook.js');
export const SYSTEM = 'You are Pebble, a grumpy pet rock who speaks in one short line.';

/** The CLI's path, set by the `beforeAll` that `useRealClaudeCli()` registers (a live binding). */
export let binary: string;
let api: MessagesApiStandin | undefined;
let home: OfflineClaudeHome | undefined;
export const scratch = mkdtempSync(join(tmpdir(), 'buddy-claude-cli-'));

/** Registers the file's hooks: find the CLI (and the built hook), close the stand-in after each test. */
export function useRealClaudeCli(): void {
  beforeAll(async () => {
    binary = requireClaudeBinary();
    // The lead's hook entry; `npm test` builds it first, a lone run of this file may not have.
    if (!existsSync(HOOK)) await execa('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT });
  });
  afterEach(async () => {
    await api?.close();
    home?.cleanup();
    api = undefined;
    home = undefined;
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
}

export async function setup(
  reply: Parameters<typeof startMessagesApiStandin>[0] = {},
  extraEnv: NodeJS.ProcessEnv = {},
) {
  api = await startMessagesApiStandin(reply);
  home = createOfflineClaudeHome({ baseUrl: api.url, extraEnv });
  return { api, home };
}

export const call = (signal = new AbortController().signal) => ({
  systemPrompt: SYSTEM,
  prompt: 'The tests failed for the third time. Say something.',
  maxTokens: 150,
  model: 'haiku',
  kinds: ['test_failure'] as const,
  sessionId: 'sess-1',
  plugin: 'roast',
  signal,
});

export function meta(overrides: Partial<DelegateMeta> = {}): DelegateMeta {
  return {
    plugin: 'roast',
    sessionId: 'sess-1',
    event: {
      ts: Date.now(),
      session_id: 'sess-1',
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
    },
    kinds: ['test_failure', 'tool_failure'],
    receivedAt: Date.now(),
    ...overrides,
  };
}

export const quips = { test_failure: ['Red again. Classic.'], tool_failure: ['Ouch.'] } as Record<string, string[]>;
