/**
 * End to end with the real, interactive Claude Code in tmux: `claude` in one pane with
 * buddy-tui installed, `buddy-tui` in a second pane (opened with `buddy-tui pane`), a prompt
 * typed with send-keys. Claude Code's own screen must show buddy-tui's statusline (face, the
 * tools of the turn, the 💬 badge while the prompt runs) and the buddy-tui pane the session,
 * its tools and plugin reactions, one of them resolved by the `claude-cli` delegate adapter
 * (a real `claude -p` child) against the stand-in. Then uninstall restores the settings bytes.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { text, toolUse, blocks, toolUseBlock, type StandinRequest } from '../support/messages-api-standin.js';
import { buddyCli, createWorld, type E2eWorld } from './claude-session.js';
import { openBuddyPane } from './waiting-world.js';
import { startTmux, type TmuxServer } from './tmux-server.js';

const DELEGATE_PROMPT = 'Cheer the developer on in five words.';
const DELEGATED_TEXT = 'Stand-in says: you have got this!';
const FINAL_ANSWER = 'Checked the sources and the failing check.';

function interactiveTurns(project: string) {
  return [
    toolUse('Bash', { command: 'ls src', description: 'List the sources' }),
    toolUse('Bash', { command: 'node -e "process.exit(4)"', description: 'Run the failing check' }),
    blocks([
      toolUseBlock('Read', { file_path: join(project, 'src', 'greet.js') }),
      toolUseBlock('Grep', { pattern: 'greet', path: project }),
    ]),
    // Held back: the turn stays open while the screens are checked.
    text(FINAL_ANSWER, { delayMs: 12_000 }),
  ];
}

/**
 * A buddy plugin folder: a static reaction to failures, and a delegate request when the turn stops
 * (nothing comes after it to push its bubble off the screen, so the pane shows the answer).
 */
function writePlugin(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'react.sh'),
    `#!/bin/sh\ncat >/dev/null\necho '{"reaction": "e2e-watch saw the failing command", "priority": 5}'\n`,
  );
  writeFileSync(
    join(dir, 'delegate.sh'),
    `#!/bin/sh\ncat >/dev/null\necho '{"delegate": true, "prompt": "${DELEGATE_PROMPT}", "maxTokens": 40}'\n`,
  );
  const hook = (script: string) => [
    { hooks: [{ type: 'command', command: `sh "\${BUDDY_PLUGIN_ROOT}/${script}"`, timeout: 5 }] },
  ];
  writeFileSync(
    join(dir, 'buddy-plugin.json'),
    JSON.stringify({
      name: 'e2e-watch',
      hooks: { PostToolUseFailure: hook('react.sh'), Stop: hook('delegate.sh') },
      limits: { cooldownMs: 0 },
    }),
  );
}

describe.skipIf(skipWithoutClaude())('interactive Claude Code in tmux with buddy-tui', () => {
  let world: E2eWorld;
  let server: TmuxServer;
  let claudePane: string;
  let buddyPane: string;
  let settingsBefore: string;

  beforeAll(async () => {
    world = await createWorld({ turns: interactiveTurns });
    world.api.setOther((request: StandinRequest) =>
      request.userText.includes(DELEGATE_PROMPT) ? text(DELEGATED_TEXT) : text('Scripted session'),
    );
    const home = world.claudeHome.home;
    writePlugin(join(world.root, 'plugins', 'e2e-watch'));
    mkdirSync(join(home, '.config', 'buddy-tui'), { recursive: true });
    writeFileSync(
      join(home, '.config', 'buddy-tui', 'config.json'),
      JSON.stringify({
        schemaVersion: 1,
        plugins: [join(world.root, 'plugins', 'e2e-watch')],
        discoverClaudeSettings: false,
        // Generous limits: on a loaded machine the `claude -p` child alone can take many seconds to start.
        delegate: { adapter: 'claude-cli', claudePath: world.claude, timeoutMs: 90_000, staleMs: 120_000 },
      }),
    );
    // The user's own settings, in their own style: install and uninstall must give these bytes back.
    settingsBefore = `{\n    "permissions": {\n        "defaultMode": "default",\n        "allow": ["Bash", "Read", "Grep", "Glob", "Write", "Edit"]\n    }\n}`;
    writeFileSync(world.claudeHome.settingsPath, settingsBefore);
    const install = buddyCli(world, ['install']);
    expect(install.code, install.stderr).toBe(0);

    const started = startTmux(world.root, {
      width: 220,
      height: 50,
      env: world.claudeHome.env,
      cwd: world.project,
      command: world.claude,
    });
    server = started.server;
    claudePane = started.pane;
  }, 120_000);

  afterAll(async () => {
    server?.kill();
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the pane's buddy-tui closes on SIGHUP
    await world?.cleanup();
  });

  it('`buddy-tui pane` opens the pane beside Claude Code', () => {
    // Off a terminal the command prints nothing on success: the pane is the one that was not there.
    buddyPane = openBuddyPane(world, server, claudePane, 90);
    expect(server.tmux(['list-panes', '-F', '#{pane_id}']).stdout.trim().split('\n').sort()).toEqual(
      [claudePane, buddyPane].sort(),
    );
  });

  it("a typed prompt: Claude Code shows buddy-tui's statusline, the pane shows the session, tools and reactions", async () => {
    await server.waitFor(claudePane, /❯/, 90_000);
    await server.waitFor(buddyPane, /q quit|No Claude Code session|project/, 60_000);
    server.typeText(claudePane, 'List the sources and run the check.');
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.sendKeys(claudePane, 'Enter');

    // Both screens are polled together: bubbles come and go, so each sight is recorded when it happens.
    const expectations: Array<{ what: string; pane: string; test: (screen: string) => boolean }> = [
      {
        what: "Claude Code shows buddy-tui's statusline mid-turn: face, 💬, the turn's tools",
        pane: claudePane,
        // Line 1: `<face> │ <model> │ project │ 💬`; line 2: the tools of the turn, `Bash x2 · Read · Grep`.
        test: (screen) =>
          /\([^)\n]{1,6}\)[^\n]*│[^\n]*project[^\n]*💬/.test(screen) && /Bash[^\n]*·[^\n]*(Read|Grep)/.test(screen),
      },
      {
        what: 'the pane shows the session and its tools',
        pane: buddyPane,
        test: (screen) => /project/.test(screen) && /tools .*Bash/.test(screen),
      },
      { what: 'the pane shows the prompt running (💬)', pane: buddyPane, test: (screen) => /💬/.test(screen) },
      // The static reaction shares the bubble with the buddy's own quips and the delegate answer: it must
      // reach a screen, the pane's bubble or the statusline's reaction segment.
      {
        what: 'the static plugin reaction (pane)',
        pane: buddyPane,
        test: (screen) => screen.includes('e2e-watch saw the failing command'),
      },
      {
        what: 'the static plugin reaction (statusline)',
        pane: claudePane,
        test: (screen) => screen.includes('e2e-watch saw the failing command'),
      },
      {
        what: 'the reaction resolved through claude-cli',
        pane: buddyPane,
        test: (screen) => screen.includes(DELEGATED_TEXT),
      },
      { what: 'the final answer', pane: claudePane, test: (screen) => screen.includes(FINAL_ANSWER) },
    ];
    const seen = new Set<string>();
    const eitherStatic = ['the static plugin reaction (pane)', 'the static plugin reaction (statusline)'];
    const missingNow = () =>
      expectations
        .filter((e) => !seen.has(e.what))
        .map((e) => e.what)
        .filter((what) => !eitherStatic.includes(what) || !eitherStatic.some((other) => seen.has(other)));
    const lastScreens = new Map<string, string>();
    const deadline = Date.now() + 180_000;
    while (missingNow().length > 0 && Date.now() < deadline) {
      for (const pane of [claudePane, buddyPane]) lastScreens.set(pane, server.capture(pane));
      for (const expectation of expectations) {
        if (!seen.has(expectation.what) && expectation.test(lastScreens.get(expectation.pane)!))
          seen.add(expectation.what);
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const missing = missingNow();
    let log = '';
    try {
      log = readFileSync(join(world.stateDir, 'tui.log'), 'utf8').slice(-3000);
    } catch {
      log = '(no tui.log)';
    }
    expect(
      missing,
      `screens:\n${lastScreens.get(claudePane)}\n----\n${lastScreens.get(buddyPane)}\n--- tui.log ---\n${log}`,
    ).toEqual([]);

    // The reactions log holds both, with where each came from.
    const [sessionId] = readdirSync(world.stateDir).filter((name) =>
      existsSync(join(world.stateDir, name, 'events.jsonl')),
    );
    const reactions = readFileSync(join(world.stateDir, sessionId, 'reactions.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(reactions.find((r) => r.text === DELEGATED_TEXT)).toMatchObject({ sessionId });
    expect(reactions.some((r) => r.text === 'e2e-watch saw the failing command')).toBe(true);
    // The delegate went through a real `claude -p` child: no tools, the prompt on stdin, haiku.
    const delegated = world.api.requests.find((request) => request.userText.includes(DELEGATE_PROMPT))!;
    expect(delegated.route).toBe('other');
    expect(delegated.toolNames).toEqual([]);
    expect(delegated.model).toMatch(/haiku/);
  }, 240_000);

  it('uninstall leaves the settings file byte-identical to the one before install', () => {
    server.sendKeys(claudePane, 'C-c');
    server.sendKeys(claudePane, 'C-c');
    const result = buddyCli(world, ['uninstall']);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(world.claudeHome.settingsPath, 'utf8')).toBe(settingsBefore);
  });
});
