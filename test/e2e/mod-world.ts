/**
 * The world of the mod's end-to-end tests and of the screen-latency bench: a temporary HOME where a
 * plain `buddy-tui install` set up buddy-tui's hooks and the mod, with no statusLine (removed after
 * install, so whatever shows the buddy on Claude Code's screen is the mod), a hatched cat, and a
 * command plugin (by default one that reacts to a failed tool call). The real interactive Claude Code starts in tmux
 * against the loopback Messages API stand-in.
 */
import { mkdirSync, readFileSync, readdirSync, existsSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type StandinRequest, toolUse } from '../support/messages-api-standin.js';
import { buddyCli, createWorld, readJournal, type E2eWorld } from './claude-session.js';
import { startTmux, type TmuxServer } from './tmux-server.js';

export const MOD_PET_NAME = 'Pixel';
export const MOD_REACTION = 'mod-watch saw the failing command';

/** The failing Bash call; a `round` makes the plugin's reaction say it ("… (round 3)"). */
export const failingCall = (round?: number) =>
  toolUse('Bash', {
    command: `node -e "process.exit(5)"${round === undefined ? '' : ` # round ${round}`}`,
    description: 'Run the failing check',
  });

/** The model is asked for its answer to a tool's result (the last message carries a tool_result). */
export const answersToolResult = (request: StandinRequest): boolean => {
  const messages = (request.body as { messages?: { content?: unknown }[] } | undefined)?.messages ?? [];
  const last = messages.at(-1)?.content;
  return Array.isArray(last) && last.some((block) => block?.type === 'tool_result');
};

/** A command plugin with a static reaction to a failed tool call, plus the round the command names. */
function writePlugin(dir: string, ttlMs = 60_000): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'react.sh'),
    [
      '#!/bin/sh',
      `round=$(sed -n 's/.*# round \\([0-9]*\\).*/ (round \\1)/p' | head -n 1)`,
      `printf '{"reaction": "%s%s", "priority": 5, "ttlMs": ${ttlMs}}\\n' '${MOD_REACTION}' "$round"`,
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'buddy-plugin.json'),
    JSON.stringify({
      name: 'mod-watch',
      hooks: {
        PostToolUseFailure: [
          { hooks: [{ type: 'command', command: 'sh "${BUDDY_PLUGIN_ROOT}/react.sh"', timeout: 5 }] },
        ],
      },
      limits: { cooldownMs: 0 },
    }),
  );
}

const journaledSession = (stateDir: string) =>
  readdirSync(stateDir).find((name) => existsSync(join(stateDir, name, 'events.jsonl')));

export interface ModWorld {
  world: E2eWorld;
  /** The mod's folder, as install printed it. */
  modFolder: string;
  settings(): Record<string, any>;
  writeSettings(value: Record<string, unknown>): void;
  /** Interactive Claude Code in its own tmux server, in a layout. */
  startClaude(tui: 'fullscreen' | 'default'): { server: TmuxServer; pane: string };
  /** The id of the session Claude Code journaled (the first with a journal), if any yet. */
  sessionId(): string | undefined;
  /** When the session's first failed call was journaled and when its reaction was written (ms, epoch). */
  timeline(reaction: string): { failedAt?: number; writtenAt?: number };
  /** Kills the tmux servers and the headless runner, and removes the world. */
  cleanup(): Promise<void>;
}

export interface ModWorldOptions {
  /** The plugin in the config (default: mod-watch, which reacts to a failed call): its name and files. */
  plugin?: { name: string; write(dir: string): void };
  /** How long the headless runner lives idle (default 20 s). */
  runnerIdleMs?: number;
  /** How long the default plugin's reaction shows (default 60 s). */
  reactionTtlMs?: number;
  /** Keep the statusLine install wrote (default: removed, so only the mod shows the buddy). */
  keepStatusLine?: boolean;
  /** The permission rules (default: allow every Bash call, so nothing asks). */
  allow?: string[];
}

export async function createModWorld(
  turns: ReturnType<typeof toolUse>[],
  options: ModWorldOptions = {},
): Promise<ModWorld> {
  const { runnerIdleMs = 20_000, allow = ['Bash'] } = options;
  const plugin = options.plugin ?? {
    name: 'mod-watch',
    write: (dir: string) => writePlugin(dir, options.reactionTtlMs),
  };
  const world = await createWorld({
    extraEnv: { BUDDY_TUI_RUNNER_IDLE_MS: String(runnerIdleMs) },
    turns: () => turns,
  });
  const servers: TmuxServer[] = [];
  const settings = () => JSON.parse(readFileSync(world.claudeHome.settingsPath, 'utf8'));
  const writeSettings = (value: Record<string, unknown>) =>
    writeFileSync(world.claudeHome.settingsPath, JSON.stringify(value, null, 2));

  const pluginDir = join(world.root, 'plugins', plugin.name);
  plugin.write(pluginDir);
  const config = join(world.claudeHome.home, '.config', 'buddy-tui');
  mkdirSync(config, { recursive: true });
  writeFileSync(
    join(config, 'config.json'),
    JSON.stringify({
      schemaVersion: 1,
      plugins: [pluginDir],
      discoverClaudeSettings: false,
    }),
  );
  writeSettings({ permissions: { allow } });
  const bin = join(world.root, 'bin');
  mkdirSync(bin);
  // Install checks `claude --version` on PATH to decide on the mod.
  symlinkSync(world.claude, join(bin, 'claude'));
  const hatch = buddyCli(world, ['hatch', '--species', 'cat', '--name', MOD_PET_NAME]);
  if (hatch.code !== 0) throw new Error(`buddy-tui hatch failed: ${hatch.stderr}`);
  const install = buddyCli(world, ['install'], { PATH: `${bin}:${process.env.PATH}` });
  const folder = /Set up the buddy mod in (\S+):/.exec(install.stdout)?.[1];
  if (install.code !== 0 || !folder)
    throw new Error(`buddy-tui install did not set up the mod:\n${install.stdout}${install.stderr}`);
  if (!options.keepStatusLine) {
    const { statusLine: _statusLine, ...rest } = settings();
    writeSettings(rest);
  }

  return {
    world,
    modFolder: folder,
    settings,
    writeSettings,
    startClaude(tui) {
      writeSettings({ ...settings(), tui });
      const dir = join(world.root, `tmux-${tui}-${servers.length}`);
      mkdirSync(dir);
      const started = startTmux(dir, {
        width: 150,
        height: 45,
        env: world.claudeHome.env,
        cwd: world.project,
        command: `${world.claude} --permission-mode default`,
      });
      servers.push(started.server);
      return started;
    },
    sessionId: () => journaledSession(world.stateDir),
    timeline(reaction) {
      const sessionId = journaledSession(world.stateDir);
      if (!sessionId) return {};
      const failures = readJournal(world.stateDir, sessionId).filter((e) => e.hook_event_name === 'PostToolUseFailure');
      const reactionsFile = join(world.stateDir, sessionId, 'reactions.jsonl');
      const written = existsSync(reactionsFile)
        ? readFileSync(reactionsFile, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line))
            .find((entry) => entry.text === reaction)
        : undefined;
      return { failedAt: failures.at(-1)?.ts, writtenAt: written?.ts };
    },
    async cleanup() {
      for (const server of servers) server.kill();
      // The headless runner the mod started exits when idle (20 s here); a closing Claude Code may
      // still have started one more, so look twice.
      for (let round = 0; round < 2; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        try {
          process.kill(JSON.parse(readFileSync(join(world.stateDir, 'runner.lock'), 'utf8')).pid, 'SIGTERM');
        } catch {
          // Not running.
        }
      }
      await world.cleanup();
    },
  };
}
