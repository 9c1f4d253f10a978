/**
 * A user's plugin is heard (issue 14, part 1), end to end: the built `buddy-tui` pane in a
 * private tmux server, the recorded Claude Code 2.1.332 session fed through the real hook, and a
 * real command plugin on `PostToolUseFailure` / `Bash`. The built-in quip for the failure is the
 * fallback: the plugin's (or its delegate's) answer takes its place on screen within 2 s of the
 * failure's journal line (a bound on the whole pipeline: hook, watcher, runner, plugin, store,
 * Ink). Needs tmux and `npm run build`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shellQuote, startTmux } from '../e2e/tmux-server.js';
import { feedThroughHook, fixturePayloads, REPO_ROOT } from '../support/hook-process.js';
import { openBuiltPane, privateHome, quitPane, watcherStarted } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

const base = makeTempDir('buddy-heard-');
const { server } = startTmux(base, { width: 100, height: 30 });
afterAll(() => server.kill());

const QUIP = 'QUIP-FALLBACK-SAYS-OW';
const PIPELINE_MS = 2_000;

/**
 * A pane with the given config on its own state root, a cat species whose only tool_failure quip
 * is QUIP, and the recorded session fed up to (not including) its failing `npm test`.
 */
async function paneBeforeTheFailure(name: string, config: Record<string, unknown>) {
  const dir = join(base, name);
  const { root, env } = privateHome(dir, 'cfg/buddy-tui/species');
  const cat = JSON.parse(readFileSync(join(REPO_ROOT, 'species/cat.json'), 'utf8'));
  cat.quips = { ...cat.quips, tool_failure: [QUIP], test_failure: [QUIP] };
  delete cat.$schema;
  writeFileSync(join(dir, 'cfg/buddy-tui/species/cat.json'), JSON.stringify(cat));
  writeFileSync(join(dir, 'cfg/buddy-tui/config.json'), JSON.stringify({ species: { id: 'cat' }, ...config }));
  const pane = openBuiltPane(server, env, { name });
  await server.waitFor(pane, /buddy-tui install/);
  await watcherStarted(root);
  const payloads = fixturePayloads();
  const failureAt = payloads.findIndex((payload) => JSON.parse(payload).hook_event_name === 'PostToolUseFailure');
  await feedThroughHook(payloads.slice(0, failureAt), env);
  await server.waitFor(pane, /npm test/);
  return { dir, pane, env, failure: payloads[failureAt]!, quit: () => quitPane(server, pane, root) };
}

/** Feeds the failure through the real hook; resolves when its journal line is written. */
async function fail(env: NodeJS.ProcessEnv, failure: string): Promise<void> {
  await feedThroughHook([failure], env);
}

describe("a user's plugin is heard over the built-in quip", () => {
  it('a command plugin on PostToolUseFailure/Bash: its reaction is on screen within 2 s, the quip is not', {
    timeout: 60_000,
  }, async () => {
    const { pane, env, failure, quit } = await paneBeforeTheFailure('plugin', {
      hooks: {
        PostToolUseFailure: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: `echo '{"reaction": "PLUGIN: npm test broke"}'` }] },
        ],
      },
    });
    await fail(env, failure);
    const screen = await server.waitFor(pane, /PLUGIN: npm test broke/, PIPELINE_MS);
    expect(screen).not.toContain(QUIP);
    // Its trace: r lists the plugin's answer shown and the quip it replaced.
    server.sendKeys(pane, 'r');
    const history = await server.waitFor(pane, /newest first/);
    expect(history).toMatch(
      /buddy \(quip\) · PostToolUseFailure · shown, replaced by|buddy \(quip\) · PostToolUseFailure · dropped, replaced by/,
    );
    await quit();
  });

  it('a plugin answering an event whose quip is already on screen replaces it in place', {
    timeout: 60_000,
  }, async () => {
    const go = join(base, 'go');
    const { pane, env, failure, quit } = await paneBeforeTheFailure('late-plugin', {
      // The plugin answers only once the test has seen the quip on screen.
      hooks: {
        PostToolUseFailure: [
          {
            matcher: 'Bash',
            hooks: [
              {
                type: 'command',
                timeout: 60,
                command: `while [ ! -e ${shellQuote(go)} ]; do sleep 0.05; done; echo '{"reaction": "LATE PLUGIN: I saw it too"}'`,
              },
            ],
          },
        ],
      },
    });
    await fail(env, failure);
    await server.waitFor(pane, new RegExp(QUIP), PIPELINE_MS);
    writeFileSync(go, '');
    const screen = await server.waitFor(pane, /LATE PLUGIN: I saw it too/, PIPELINE_MS);
    expect(screen).not.toContain(QUIP);
    await quit();
  });

  it('a delegate answered by the command adapter: its answer is on screen within 2 s, the quip is not', {
    timeout: 60_000,
  }, async () => {
    const { pane, env, failure, quit } = await paneBeforeTheFailure('delegate', {
      hooks: {
        PostToolUseFailure: [
          {
            matcher: 'Bash',
            hooks: [{ type: 'command', command: `echo '{"delegate": true, "prompt": "cheer me up"}'` }],
          },
        ],
      },
      delegate: { adapter: 'command', command: `cat > /dev/null; echo 'DELEGATE: chin up, fix the test'` },
    });
    await fail(env, failure);
    const screen = await server.waitFor(pane, /DELEGATE: chin up, fix the test/, PIPELINE_MS);
    expect(screen).not.toContain(QUIP);
    await quit();
  });
});
