/**
 * A rule's `host` keeps it to one agent host's events: config.json parsed as the pane parses it,
 * real command plugins spawned, events normalised by the real host translators (Codex's from a
 * real 0.169.0 payload).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { normalizeHostEvent } from '../../src/hosts/host-translator.js';
import { createPluginRunner, type PluginRunner } from '../../src/plugins/plugin-runner.js';
import { loadPlugins } from '../../src/config/plugin-setup.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { codexPayloads } from '../support/codex-fixtures.js';
import { makeTempDir } from '../support/temp-dir.js';
import { bashEvent, collector, script } from './plugin-fixtures.js';

const runners: PluginRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.close()));
});

const codexBash = (): JournalEvent =>
  ({
    ...normalizeHostEvent('codex', codexPayloads('exec-basic').find((p) => p.hook_event_name === 'PostToolUse')!),
    ts: 2_000,
  }) as JournalEvent;
const claudeBash = (): JournalEvent =>
  ({ ...bashEvent('ls'), ...normalizeHostEvent('claude', bashEvent('ls')) }) as JournalEvent;
/** A line written before hosts existed: no `host`. */
const legacyBash = (): JournalEvent => bashEvent('ls');

function setup(rules: unknown[]) {
  const dir = makeTempDir();
  const seen = join(dir, 'seen.jsonl');
  // The plugin answers with the host it read on stdin, and keeps the whole input for the test.
  const cmd = script(
    dir,
    'host-echo',
    `input=$(cat); printf '%s\\n' "$input" >> '${seen}'; printf '%s' "$input" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log("seen "+JSON.parse(s).host))'`,
  );
  const configFile = join(dir, 'config.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      hooks: {
        PostToolUse: rules.map((rule) => ({ ...(rule as object), hooks: [{ type: 'command', command: cmd }] })),
      },
    }),
  );
  const loaded = loadPlugins({ configFile, env: {} });
  const out = collector();
  const runner = createPluginRunner({
    shell: '/bin/sh',
    limits: { cooldownMs: 0 },
    handlers: loaded.handlers,
    ...out.callbacks,
  });
  runners.push(runner);
  const inputs = () =>
    readFileSync(seen, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  return { loaded, runner, out, inputs };
}

describe('plugin rules filtered by host', () => {
  it('runs a "codex" rule on Codex events only, and an unfiltered rule on both, with host on stdin', async () => {
    const { loaded, runner, out, inputs } = setup([
      { host: 'codex', matcher: 'Bash' },
      { matcher: 'Bash', if: 'Bash(ls*)' },
    ]);
    expect(loaded.errors).toEqual([]);
    await runner.handleEvent(codexBash());
    await runner.handleEvent(claudeBash());
    expect(out.reactions.map((r) => r.text)).toEqual(['seen codex', 'seen codex', 'seen claude']);
    expect(inputs()[0]).toMatchObject({
      host: 'codex',
      tool_name: 'Bash',
      turn_id: expect.any(String),
      payload: { host: 'codex' },
    });
  });

  it('takes a list of hosts, and counts a line without host as Claude Code', async () => {
    const { runner, out } = setup([{ host: ['claude'] }]);
    await runner.handleEvent(codexBash());
    await runner.handleEvent(legacyBash());
    expect(out.reactions.map((r) => r.text)).toEqual(['seen claude']);
  });

  it('reports an unknown host with its file and JSON path and drops only that rule', () => {
    const { loaded } = setup([{ host: 'cursor' }, { host: [] }, { host: 'claude' }]);
    expect(loaded.errors.map((e) => e.path)).toEqual(['hooks.PostToolUse[0].host', 'hooks.PostToolUse[1].host']);
    expect(loaded.errors[0]!.file).toMatch(/config\.json$/);
    expect(loaded.handlers.map((h) => h.hosts)).toEqual([['claude']]);
  });
});
