/**
 * The OpenCode/Kilo plugin as the build bundles it (dist/host-plugins/opencode.mjs, `npm run build`):
 * self-contained (no npm package, no import of buddy-tui's dist), one export (OpenCode calls every
 * export as a plugin), and its handlers, fed OpenCode's recorded calls, write the inbox the drain
 * journals; fed junk, they resolve and never throw.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { drainInbox } from '../../src/ingest/drain-inbox.js';
import { REPO_ROOT } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { journal } from './spool-writers.js';

const BUNDLE = join(REPO_ROOT, 'dist', 'host-plugins', 'opencode.mjs');
const CAPTURED = join(REPO_ROOT, 'test', 'fixtures', 'opencode', 'captured.jsonl');

type Hooks = Record<string, (input?: unknown, output?: unknown) => Promise<void>>;

async function pluginModule(): Promise<Record<string, unknown>> {
  return import(pathToFileURL(BUNDLE).href);
}

describe('the bundled OpenCode plugin', () => {
  it('pulls in no npm package and exports the one plugin', async () => {
    const { metafile } = await build({
      entryPoints: ['src/ingest/host-plugin/opencode-plugin.ts'],
      absWorkingDir: REPO_ROOT,
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    expect(Object.keys(metafile.inputs).filter((input) => input.includes('node_modules/'))).toEqual([]);
    expect(Object.keys(await pluginModule())).toEqual(['BuddyTuiPlugin']);
  });

  it('journals a recorded run through the inbox, in order, and ends its session at dispose', async () => {
    const root = join(makeTempDir(), 'state');
    mkdirSync(join(root, 'inbox'), { recursive: true, mode: 0o700 });
    const saved = process.env.BUDDY_TUI_STATE_DIR;
    process.env.BUDDY_TUI_STATE_DIR = root;
    try {
      const hooks = (await ((await pluginModule()).BuddyTuiPlugin as () => Promise<Hooks>)()) as Hooks;
      const calls = readFileSync(CAPTURED, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .filter((call) => call.run === 'p-basic');
      for (const call of calls) {
        const handler = hooks[call.label];
        if (call.label === 'event') await handler({ event: call.payload });
        else if (handler) await handler(call.payload.input, call.payload.output);
      }
    } finally {
      if (saved === undefined) delete process.env.BUDDY_TUI_STATE_DIR;
      else process.env.BUDDY_TUI_STATE_DIR = saved;
    }
    expect(drainInbox(root).waiting).toBe(0);
    const [session] = readdirSync(root).filter((name) => name !== 'inbox');
    const names = journal(root, session).map((line) => line.hook_event_name);
    expect(names[0]).toBe('SessionStart');
    expect(names.at(-1)).toBe('SessionEnd');
    expect(names.filter((name) => name === 'PostToolUseFailure')).toHaveLength(2);
    expect(journal(root, session).every((line) => line.host === 'opencode')).toBe(true);
  });

  it('resolves and never throws on junk, with no state root at all', async () => {
    const saved = process.env.BUDDY_TUI_STATE_DIR;
    process.env.BUDDY_TUI_STATE_DIR = join(makeTempDir(), 'missing', 'state');
    try {
      const hooks = await ((await pluginModule()).BuddyTuiPlugin as () => Promise<Hooks>)();
      const cyclic: Record<string, unknown> = { type: 'session.created' };
      cyclic.properties = { info: { id: 'ses_x', title: cyclic } };
      for (const [name, handler] of Object.entries(hooks))
        for (const junk of [undefined, null, 7, 'x', { event: cyclic }, { sessionID: 5n }])
          await expect(handler(junk, junk), name).resolves.toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.BUDDY_TUI_STATE_DIR;
      else process.env.BUDDY_TUI_STATE_DIR = saved;
    }
  });
});
