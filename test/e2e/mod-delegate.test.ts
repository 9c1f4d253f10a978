/**
 * End to end: a plugin's delegate answered by the session itself. The real, interactive Claude Code
 * 2.1.332 in tmux with buddy-tui's mod (after a plain `buddy-tui install`, no pane, no statusLine, no
 * `claude` on PATH), against the loopback Messages API stand-in. A command plugin asks for a delegate
 * on a failing Bash call; the headless runner the mod started resolves it with `auto`, which goes to
 * the mod's `$.model.complete` (the `session` adapter): one request at the stand-in carrying the
 * plugin's system prompt and no tools, with the 2048 tokens the engine adds to max_tokens, and the
 * answer on Claude Code's screen. (Run `npm run build` first.)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { text, type StandinRequest } from '../support/messages-api-standin.js';
import { createModWorld, failingCall, MOD_PET_NAME as NAME, type ModWorld } from './mod-world.js';

const MARK = 'You are the roast plugin of buddy-tui. Mark 7f3a.';
const ANSWER = 'Exit code 5, bold choice.';

function writeDelegatePlugin(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const request = JSON.stringify({
    delegate: true,
    prompt: 'A Bash call just failed. One short line about it.',
    systemPrompt: MARK,
  });
  writeFileSync(join(dir, 'ask.sh'), `#!/bin/sh\ncat >/dev/null\necho '${request}'\n`);
  writeFileSync(
    join(dir, 'buddy-plugin.json'),
    JSON.stringify({
      name: 'roast',
      hooks: {
        PostToolUseFailure: [{ hooks: [{ type: 'command', command: 'sh "${BUDDY_PLUGIN_ROOT}/ask.sh"', timeout: 5 }] }],
      },
      limits: { cooldownMs: 0 },
    }),
  );
}

const isDelegateCall = (request: StandinRequest) => request.route === 'other' && request.systemText.includes(MARK);

describe.skipIf(skipWithoutClaude())("a delegate answered through the mod's $.model.complete", () => {
  let mod: ModWorld;

  beforeAll(async () => {
    mod = await createModWorld([failingCall(), text('Checked.', { delayMs: 8000 })], {
      plugin: { name: 'roast', write: writeDelegatePlugin },
      runnerIdleMs: 30_000,
    });
    mod.world.api.setOther((request) => (isDelegateCall(request) ? text(ANSWER) : text('Scripted session')));
  }, 120_000);

  afterAll(async () => {
    await mod?.cleanup();
  });

  it("one request at the stand-in with the plugin's system prompt, no tools and max_tokens + 2048; the answer on screen", async () => {
    const { world } = mod;
    expect((world.claudeHome.env.PATH ?? '').split(':').some((dir) => dir && existsSync(join(dir, 'claude')))).toBe(
      false,
    );
    const { server, pane } = mod.startClaude('fullscreen');
    await server.waitFor(pane, (s) => /❯/.test(s) && new RegExp(`\\S+ ${NAME}\\s`).test(s), 90_000);
    server.typeText(pane, 'Run the failing check.');
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.sendKeys(pane, 'Enter');
    await server
      .waitFor(pane, (s) => s.includes(ANSWER), 90_000)
      .catch((error) => {
        throw new Error(
          `${(error as Error).message}\n${server.capture(pane)}\ndelegate log: ${readFileSync(join(world.stateDir, 'delegate-usage.json'), 'utf8')}`,
        );
      });

    const calls = world.api.requests.filter(isDelegateCall);
    expect(calls).toHaveLength(1);
    expect(calls[0].toolNames).toEqual([]);
    expect(calls[0].maxTokens).toBe(150 + 2048);
    const sessionId = readdirSync(world.stateDir).find((name) =>
      existsSync(join(world.stateDir, name, 'events.jsonl')),
    )!;
    const reactions = readFileSync(join(world.stateDir, sessionId, 'reactions.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(reactions.find((reaction) => reaction.text === ANSWER)).toMatchObject({ source: 'haiku (session)' });
    const usage = JSON.parse(readFileSync(join(world.stateDir, 'delegate-usage.json'), 'utf8'));
    expect(usage.plugins.roast).toMatchObject({ calls: 1, failures: 0, maxTokensSent: 150 + 2048 });
    server.sendKeys(pane, 'C-c');
    server.sendKeys(pane, 'C-c');
  }, 300_000);
});
