// `buddy-tui status --json` counts each tool call once for the hosts whose tool events carry no
// call id (Copilot CLI, Gemini CLI, Droid): their recorded sessions fed through the real hook
// (dist/hook.js --host <id>), one process per payload as the host runs it.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeHostEvent } from '../../src/hosts/host-translator.js';
import type { HostId } from '../../src/hosts/host-id.js';
import { HOST_FIXTURES } from '../support/host-fixtures.js';
import { HOOK_ENTRY } from '../support/hook-process.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

interface Case {
  host: HostId;
  run: string;
  /** The calls the recording made, by tool name. */
  tools: Record<string, number>;
}

const CASES: Case[] = [
  // ls, a failing shell, a Write, an Edit, a failing Edit, a subagent.
  { host: 'copilot', run: 'p-pascal-star', tools: { Bash: 2, Write: 1, Edit: 2, Agent: 1 } },
  // The same, and the subagent's complete_task inside invoke_agent's start and end.
  {
    host: 'gemini',
    run: 'p-basic',
    tools: { run_shell_command: 2, write_file: 1, replace: 2, invoke_agent: 1, complete_task: 1 },
  },
  // A failed call fires no end there: the failing shell, the failing Edit and the Task are starts only.
  { host: 'droid', run: 'p-basic', tools: { Execute: 2, Create: 1, Edit: 2, Task: 1 } },
  // The start hook timed out and was not journaled: an end with no start is still one call.
  { host: 'droid', run: 'exp-timeout-pre', tools: { Execute: 1 } },
];

const payloadsOf = ({ host, run }: Case) => HOST_FIXTURES[host]().find((r) => r.name === run)!.payloads;
const sessionOf = (c: Case) => normalizeHostEvent(c.host, payloadsOf(c)[0])!.session_id;

let env: Record<string, string>;

beforeAll(() => {
  const base = makeTempDir();
  env = {
    HOME: join(base, 'home'),
    XDG_CONFIG_HOME: join(base, 'config'),
    XDG_STATE_HOME: join(base, 'xdg-state'),
    BUDDY_TUI_STATE_DIR: join(base, 'state'),
    BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
  };
  mkdirSync(env.BUDDY_TUI_FOUNDRY_DIR);
  for (const c of CASES) {
    for (const payload of payloadsOf(c)) {
      const result = spawnSync(process.execPath, [HOOK_ENTRY, '--host', c.host], {
        input: JSON.stringify(payload),
        env: { PATH: process.env.PATH, ...env },
        timeout: 60_000,
      });
      if (result.status !== 0) throw new Error(`hook exited ${result.status}: ${result.stderr}`);
    }
  }
}, 240_000);

describe('status --json, hosts without call ids', () => {
  it.each(CASES.map((c) => [`${c.host} ${c.run}`, c]))('%s: each tool call counts once', (_name, c) => {
    const result = runCli(['status', '--json'], env);
    expect(result.stderr).toBe('');
    const sessions = (JSON.parse(result.stdout) as { sessions: Array<{ id: string; tools: Record<string, number> }> })
      .sessions;
    expect(sessions.find((session) => session.id === sessionOf(c))?.tools).toEqual(c.tools);
  });
});
