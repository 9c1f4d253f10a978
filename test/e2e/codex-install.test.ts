/**
 * `buddy-tui install --host codex` against the real Codex CLI 0.169.0 (test/support/codex-cli.ts)
 * in a throw-away CODEX_HOME: --dry-run writes nothing; --trust records trust through Codex's own
 * app-server, so a plain `codex exec` (no --dangerously-bypass-hook-trust) runs buddy-tui's hook
 * for every event; doctor sees a hand edit as "modified"; uninstall gives hooks.json back byte for
 * byte and takes the trust entries out of config.toml.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codexBinary,
  createOfflineCodexHome,
  runCodexExec,
  skipWithoutCodex,
  type CodexExecResult,
  type OfflineCodexHome,
} from '../support/codex-cli.js';
import { startResponsesApiStandin, type ResponsesApiStandin } from '../support/responses-api-standin.js';
import { runCli, type CliRun } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

/** The user's own hooks.json before buddy-tui: one hook of theirs that must survive untouched. */
const USER_HOOKS =
  '{\n  "hooks": {\n    "Stop": [\n      { "hooks": [ { "type": "command", "command": "true", "timeout": 2 } ] }\n    ]\n  }\n}\n';

type Line = Record<string, any>;

function journalLines(stateDir: string): Line[] {
  if (!existsSync(stateDir)) return [];
  return readdirSync(stateDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(stateDir, entry.name, 'events.jsonl')))
    .flatMap((entry) =>
      readFileSync(join(stateDir, entry.name, 'events.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Line),
    );
}

interface DoctorSection {
  section: string;
  checks: Array<{ status: string; title: string }>;
}
const codexSection = (run: CliRun): DoctorSection['checks'] =>
  (JSON.parse(run.stdout) as DoctorSection[]).find((s) => s.section === 'Codex')?.checks ?? [];

describe.skipIf(skipWithoutCodex())('install --host codex with the real Codex CLI', () => {
  let api: ResponsesApiStandin;
  let home: OfflineCodexHome;
  let project: string;
  let stateDir: string;
  let env: NodeJS.ProcessEnv;
  let configBefore: string;
  let dryRun: CliRun;
  let afterDryRun: { hooks: string; config: string };
  let install: CliRun;
  let run: CodexExecResult;
  let status: CliRun;

  beforeAll(async () => {
    api = await startResponsesApiStandin();
    project = makeTempDir('buddy-codex-project-');
    stateDir = join(makeTempDir('buddy-codex-state-'), 'state');
    home = createOfflineCodexHome({
      baseUrl: api.baseUrl,
      extraEnv: { BUDDY_TUI_STATE_DIR: stateDir, BUDDY_TUI_CODEX_BIN: codexBinary() },
    });
    env = home.env;
    writeFileSync(home.hooksPath, USER_HOOKS);
    configBefore = home.readConfig();
    dryRun = runCli(['install', '--host', 'codex', '--trust', '--dry-run'], env, project);
    afterDryRun = { hooks: readFileSync(home.hooksPath, 'utf8'), config: home.readConfig() };
    install = runCli(['install', '--host', 'codex', '--trust'], env, project);
    run = await runCodexExec({ home, cwd: project, prompt: 'Run the checks and add the file.' });
    // The hooks spooled each event into the inbox; `status` drains it into the journal, as the pane would.
    status = runCli(['status', '--json'], env, project);
  }, 240_000);

  afterAll(async () => {
    await api?.close();
    home?.cleanup();
  });

  it('--dry-run prints the diff and writes nothing', () => {
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toContain('+             "command": ');
    // The spool command, for the codex host.
    expect(dryRun.stdout).toContain('buddy-tui-ingest codex');
    expect(dryRun.stdout).toContain('was not changed; nothing was trusted');
    expect(afterDryRun).toEqual({ hooks: USER_HOOKS, config: configBefore });
  });

  it("install --trust adds 12 tagged groups, keeps the user's hook, and trusts buddy-tui's through the app-server", () => {
    expect(install.stderr).toBe('');
    expect(install.code).toBe(0);
    expect(install.stdout).toContain("Trusted buddy-tui's 12 Codex hooks through Codex's app-server (12 newly");
    const hooks = JSON.parse(readFileSync(home.hooksPath, 'utf8')).hooks as Record<string, Line[]>;
    expect(Object.keys(hooks)).toHaveLength(12);
    expect(hooks.Stop[0]).toEqual({ hooks: [{ type: 'command', command: 'true', timeout: 2 }] });
    expect(hooks.Stop[1]._tag).toBe('buddy-tui-managed');
    expect(hooks.SessionEnd[0].hooks[0].timeout).toBe(3);
    expect(hooks.Interrupt[0].hooks[0].timeout).toBe(3);
    // Only buddy-tui's hooks were trusted; the user's own Stop hook stays theirs to trust.
    const config = home.readConfig();
    expect(config.match(/trusted_hash = /g)).toHaveLength(12);
    expect(config).not.toContain(':stop:0:0"]');
    expect(config).toContain(':stop:1:0"]');
  });

  it('a plain codex exec runs the trusted hooks: the journal has every event, host codex, the tools by name', () => {
    expect(run.exitCode).toBe(0);
    expect(status.code, status.stderr).toBe(0);
    const lines = journalLines(stateDir);
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines.map((l) => l.host))).toEqual(new Set(['codex']));
    expect(new Set(lines.map((l) => l.session_id)).size).toBe(1);
    const events = lines.map((l) => l.hook_event_name);
    expect(events[0]).toBe('SessionStart');
    expect(events).toContain('UserPromptSubmit');
    expect(events.slice(-2)).toEqual(['Stop', 'SessionEnd']);
    const pre = lines.filter((l) => l.hook_event_name === 'PreToolUse');
    expect(pre.map((l) => l.tool_name)).toEqual(['Bash', 'Bash', 'apply_patch']);
    expect(pre.map((l) => l.tool_input.command)).toEqual([
      'echo standin-ok',
      'echo about-to-fail; exit 3',
      expect.stringContaining('*** Add File: patched.txt'),
    ]);
    // Every call that started also finished (as PostToolUse, or as a failure once the exit code is known).
    const post = lines.filter((l) => /^PostToolUse/.test(l.hook_event_name));
    expect(post.map((l) => l.tool_use_id)).toEqual(pre.map((l) => l.tool_use_id));
  });

  it('doctor says Codex trusts the hooks, then reports them modified after a hand edit', () => {
    const ok = runCli(['doctor', '--json'], env, project);
    expect(codexSection(ok)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'ok', title: "buddy-tui's Codex hooks are registered for all 12 events" }),
        expect.objectContaining({ status: 'ok', title: "Codex trusts buddy-tui's 12 hooks" }),
      ]),
    );
    // A Codex-only user: Claude Code not wired is a warning, not a failure, and nothing fails.
    const claude = (JSON.parse(ok.stdout) as DoctorSection[]).find((s) => s.section === 'Claude Code')?.checks ?? [];
    expect(claude).toContainEqual(
      expect.objectContaining({
        status: 'warn',
        title: expect.stringContaining('(Codex is wired; Claude Code sessions do not feed the buddy)'),
      }),
    );
    expect(
      (JSON.parse(ok.stdout) as DoctorSection[]).flatMap((s) => s.checks).filter((c) => c.status === 'fail'),
    ).toEqual([]);
    expect(ok.code).toBe(0);
    const text = readFileSync(home.hooksPath, 'utf8');
    writeFileSync(home.hooksPath, text.replace('"timeout": 5', '"timeout": 7'));
    const edited = runCli(['doctor', '--json'], env, project);
    expect(edited.code).toBe(1);
    expect(codexSection(edited)).toContainEqual(
      expect.objectContaining({ status: 'fail', title: "Codex skips buddy-tui's hooks: 1 modified since trusted" }),
    );
    writeFileSync(home.hooksPath, text);
  });

  it('uninstall gives hooks.json back byte for byte and removes the trust entries', () => {
    const result = runCli(['uninstall', '--host', 'codex'], env, project);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Removed their trust entries');
    expect(readFileSync(home.hooksPath, 'utf8')).toBe(USER_HOOKS);
    expect(home.readConfig()).not.toContain('trusted_hash');
    expect(home.readConfig().trim()).toBe(configBefore.trim());
  });
});
