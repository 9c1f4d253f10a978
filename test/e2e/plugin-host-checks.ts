/**
 * What an OpenCode or Kilo session of plugin-host-world.ts must show, the same for both hosts:
 * the journal (one session, the host's id on every line), the reducer (the exit-3 failure, the ask
 * that showed and cleared, the subagent that came and went) and `status --json`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { foldEvents } from '../../src/state/reducer.js';
import { ASK_ANSWERED } from '../../src/state/waiting.js';
import type { PluginHost } from '../support/opencode-cli.js';
import { runCli } from '../support/run-cli.js';
import type { PluginHostWorld } from './plugin-host-world.js';

/** The host's own log files (`$XDG_DATA_HOME/<host>/log/`, Kilo's in subfolders), as one text. */
function hostLog(world: PluginHostWorld, host: PluginHost): string {
  const dir = join(world.home.home, '.local', 'share', host, 'log');
  if (!existsSync(dir)) return '';
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('');
}

/** Install put the plugin file (with its mark line) in the host's plugins folder, and the run ended normally. */
export function expectInstalledAndRun(world: PluginHostWorld, host: PluginHost): void {
  expect(world.install.code, world.install.stderr).toBe(0);
  const file = join(world.home.configDir, 'plugins', 'buddy-tui.js');
  expect(readFileSync(file, 'utf8')).toContain(`// buddy-tui-plugin {"host":"${host}"`);
  expect(world.run.timedOut).toBe(false);
  expect(world.run.exitCode, world.run.stderr).toBe(0);
}

export function expectSessionSeen(world: PluginHostWorld, host: PluginHost): void {
  expect(world.sessionId).not.toBe('');
  // The seeded config folder kept the host from npm-installing its plugin package: no registry was asked.
  const log = hostLog(world, host);
  expect(log).not.toBe('');
  expect(log).not.toContain('dependency install failed');
  const lines = world.journal() as JournalEvent[];
  expect(new Set(lines.map((l) => l.host))).toEqual(new Set([host]));
  const names = lines.map((l) => l.hook_event_name);
  for (const name of ['SessionStart', 'UserPromptSubmit', 'SubagentStart', 'SubagentStop', 'Stop', 'SessionEnd'])
    expect(names, name).toContain(name);
  const failed = lines.find((l) => l.hook_event_name === 'PostToolUseFailure' && l.exit_code === 3);
  expect(failed).toMatchObject({ tool_name: 'bash', error: 'Exit code 3\nabout-to-fail' });
  const started = lines.find((l) => l.hook_event_name === 'SubagentStart');
  expect(lines.find((l) => l.hook_event_name === 'SubagentStop')?.agent_id).toBe(started?.agent_id);
  // The ask shows ("waiting for you") from PermissionRequest, and the answer (`--auto`: once) clears it
  // while the call still runs.
  const asked = names.indexOf('PermissionRequest');
  expect(asked).toBeGreaterThan(0);
  expect(lines[asked].tool_input).toMatchObject({ command: 'touch asked.txt' });
  expect(foldEvents(undefined, lines.slice(0, asked + 1)).waiting).toMatchObject({
    reason: 'permission',
    tool: 'bash',
  });
  expect(names[asked + 1]).toBe(ASK_ANSWERED);
  const answered = foldEvents(undefined, lines.slice(0, asked + 2));
  expect(answered.waiting).toBeUndefined();
  expect(Object.values(answered.toolsRunning).map((call) => call.tool)).toEqual(['bash']);
  const state = foldEvents(undefined, lines);
  expect(state.failures.map((f) => [f.tool, f.error])).toContainEqual(['bash', 'Exit code 3\nabout-to-fail']);
  expect(state.subagentsStartedTotal).toBe(1);
  const status = runCli(['status', '--json'], world.home.env, world.project);
  const session = JSON.parse(status.stdout).sessions.find((s: { id: string }) => s.id === world.sessionId);
  expect(session).toMatchObject({ host, state: 'ended' });
  expect(session.failures).toBeGreaterThanOrEqual(1);
  expect(session.waiting ?? null).toBeNull();
}
