/**
 * Test harness for the example plugins: runs events through the real pipeline the TUI uses,
 * `buddy-tui hook` (dist/hook.js) → journal → plugin runner (manifest loaded from the
 * example folder) → TUI store bubble + reactions.jsonl. Needs `npm run build` first.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPlugins } from '../../src/config/plugin-setup.js';
import { createPluginRunner, type PluginWarning } from '../../src/plugins/plugin-runner.js';
import { appendReaction, readLatestReaction } from '../../src/state/reactions-log.js';
import { createJournalTail } from '../../src/state/journal.js';
import { createBuddyStore, type BuddyStore } from '../../src/tui/store/index.js';
import { toShownReaction } from '../../src/tui/store/bubble-queue.js';
import type { Reaction } from '../../src/protocol/reaction.js';
import type { DelegateMeta, DelegateRequest } from '../../src/protocol/plugin-answer.js';
import { runHook } from '../../test/support/hook-process.js';
import { makeTempDir } from '../../test/support/temp-dir.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const EXAMPLES_DIR = fileURLToPath(new URL('./', import.meta.url));

/** The SDK examples import `buddy-tui/sdk`, i.e. dist/sdk.mjs. */
export function requireBuild(): void {
  for (const file of ['dist/sdk.mjs', 'dist/hook.js']) {
    if (!existsSync(join(REPO_ROOT, file)))
      throw new Error(`${file} is missing: run \`npm run build\` first (npm test does)`);
  }
}

export interface PipelineResult {
  reactions: Reaction[];
  delegates: Array<{ request: DelegateRequest; meta: DelegateMeta }>;
  warnings: PluginWarning[];
  store: BuddyStore;
  stateRoot: string;
  latest(sessionId: string): Reaction | undefined;
}

/**
 * Feeds hook payloads (as Claude Code sends them) to the built hook one process each, then
 * runs the configured plugins on the journalled events like the TUI does.
 */
export async function runPipeline(
  pluginDirs: string[],
  payloads: Array<Record<string, unknown> & { session_id: string }>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<PipelineResult> {
  requireBuild();
  const dir = makeTempDir('buddy-example-');
  const stateRoot = join(dir, 'state');
  for (const payload of payloads) {
    const result = await runHook(JSON.stringify(payload), { BUDDY_TUI_STATE_DIR: stateRoot });
    if (result.code !== 0 || result.stdout !== '') throw new Error(`hook failed: ${result.code} ${result.stderr}`);
  }
  const configFile = join(dir, 'config.json');
  writeFileSync(configFile, JSON.stringify({ plugins: pluginDirs }));
  const setup = loadPlugins({ configFile, env });
  if (setup.errors.length > 0) throw new Error(`config errors: ${JSON.stringify(setup.errors)}`);

  const out: PipelineResult = {
    reactions: [],
    delegates: [],
    warnings: [],
    stateRoot,
    store: createBuddyStore({ now: Date.now() }),
    latest: (sessionId) => readLatestReaction(join(stateRoot, sessionId)),
  };
  const runner = createPluginRunner({
    handlers: setup.handlers,
    limits: setup.config.limits,
    env,
    onReaction: (reaction) => {
      out.reactions.push(reaction);
      out.store.getState().pushReaction(toShownReaction(reaction), reaction.ts);
      appendReaction(stateRoot, reaction);
    },
    onDelegate: (request, meta) => out.delegates.push({ request, meta }),
    report: ({ detail: warning }) => warning && out.warnings.push(warning),
  });
  try {
    const sessions = [...new Set(payloads.map((p) => p.session_id))];
    for (const session of sessions) {
      const { events } = createJournalTail(join(stateRoot, session, 'events.jsonl')).readNew();
      for (const event of events) await runner.handleEvent(event);
    }
  } finally {
    await runner.close();
  }
  return out;
}
