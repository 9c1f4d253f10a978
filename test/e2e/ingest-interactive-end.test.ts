/**
 * Issue 15, nothing lost in interactive mode: the real `claude` in tmux with buddy-tui installed
 * (its statusline drains while the session runs), a typed prompt with two Bash calls, then the
 * user quits. SessionEnd fires as Claude Code exits; after one drain the journal holds every
 * event of the session, SessionEnd included, per kind as scripted.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { countByKind, drainThroughStatusline, installBuddyHooks, journalOf } from '../support/installed-hooks.js';
import { text, toolUse } from '../support/messages-api-standin.js';
import { waitUntil } from '../support/wait-until.js';
import { createWorld, type E2eWorld } from './claude-session.js';
import { startTmux, type TmuxServer } from './tmux-server.js';

const FINAL_ANSWER = 'Both steps ran.';

describe.skipIf(skipWithoutClaude())(
  'interactive Claude Code: SessionEnd and every other event reach the journal',
  () => {
    let world: E2eWorld;
    let server: TmuxServer;
    let pane: string;

    beforeAll(async () => {
      world = await createWorld({
        turns: () => [
          toolUse('Bash', { command: 'echo one', description: 'Step one' }),
          toolUse('Bash', { command: 'echo two', description: 'Step two' }),
          text(FINAL_ANSWER),
        ],
      });
      writeFileSync(
        world.claudeHome.settingsPath,
        JSON.stringify({ permissions: { defaultMode: 'default', allow: ['Bash'] } }),
      );
      installBuddyHooks(world.claudeHome.env, world.claude, world.root);
      ({ server, pane } = startTmux(world.root, {
        width: 160,
        height: 40,
        env: world.claudeHome.env,
        cwd: world.project,
        command: world.claude,
      }));
    }, 120_000);

    afterAll(async () => {
      server?.kill();
      await world?.cleanup();
    });

    it('a typed prompt, two tool calls, quit: after one drain the journal has the whole session', async () => {
      await server.waitFor(pane, /❯/, 90_000);
      server.typeText(pane, 'Run the two steps.');
      await new Promise((resolve) => setTimeout(resolve, 500));
      server.sendKeys(pane, 'Enter');
      await server.waitFor(pane, (screen) => screen.includes(FINAL_ANSWER), 120_000);

      // Quit as a user does: Ctrl-C twice at the empty prompt. The pane stays (remain-on-exit) and reads dead.
      const dead = () => server.tmux(['display-message', '-p', '-t', pane, '#{pane_dead}']).stdout.trim() === '1';
      for (let attempt = 0; attempt < 5 && !dead(); attempt += 1) {
        server.sendKeys(pane, 'C-c');
        await new Promise((resolve) => setTimeout(resolve, 200));
        server.sendKeys(pane, 'C-c');
        await waitUntil(dead, Boolean, 'claude to exit', 10_000).catch(() => undefined);
      }
      expect(dead(), server.capture(pane)).toBe(true);

      drainThroughStatusline(world.claudeHome.env, 'after-the-session', world.project);
      const sessions = readdirSync(world.stateDir).filter((name) =>
        existsSync(join(world.stateDir, name, 'events.jsonl')),
      );
      expect(sessions).toHaveLength(1);
      const events = journalOf(world.stateDir, sessions[0]);
      // Notification (e.g. idle_prompt) depends on how long the prompt sat idle: not part of the script.
      const scripted = events.filter((event) => event.hook_event_name !== 'Notification');
      // No buddy plugin listens to PostToolBatch here, so install left it out and Claude Code never fired it.
      expect(countByKind(scripted)).toEqual({
        PostToolUse: 2,
        PreToolUse: 2,
        SessionEnd: 1,
        SessionStart: 1,
        Stop: 1,
        UserPromptSubmit: 1,
      });
      expect(events[events.length - 1]).toMatchObject({ hook_event_name: 'SessionEnd', session_id: sessions[0] });
      expect(typeof events[events.length - 1].reason).toBe('string');
      const inbox = join(world.stateDir, 'inbox');
      expect(
        existsSync(inbox) ? readdirSync(inbox).filter((name) => !name.startsWith('.') && name !== 'damaged') : [],
      ).toEqual([]);
      expect(existsSync(join(world.stateDir, 'errors.log'))).toBe(false);
    }, 300_000);
  },
);
