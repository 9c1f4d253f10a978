/**
 * Any other agent, without a release: the real built hook (`node dist/hook.js --host …`, the CLI's
 * `buddy-tui hook`, the /bin/sh spool) fed by `generic` (examples/agents/buddy-wrap.sh, the wrapper
 * docs/hosts.md shows) and by a made-up host, "acme", whose own event and field names config.json
 * maps onto Claude Code's. `status --json` and doctor are the built CLI too.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJournalLines } from '../../src/state/journal.js';
import { CLI_ENTRY, REPO_ROOT, runHook } from '../support/hook-process.js';
import { runCli } from '../support/run-cli.js';
import { runSpool } from '../support/spool-process.js';
import { makeTempDir } from '../support/temp-dir.js';

const WRAPPER = join(REPO_ROOT, 'examples/agents/buddy-wrap.sh');

function journal(root: string, sid: string) {
  const path = join(root, sid, 'events.jsonl');
  return existsSync(path) ? parseJournalLines(readFileSync(path, 'utf8')) : [];
}

/** A state root, a config folder and a PATH whose `buddy-tui` is the built CLI. */
function world(config?: unknown) {
  const base = makeTempDir();
  const bin = join(base, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'buddy-tui'), `#!/bin/sh\nexec "${process.execPath}" "${CLI_ENTRY}" "$@"\n`);
  chmodSync(join(bin, 'buddy-tui'), 0o755);
  const configHome = join(base, 'config');
  if (config !== undefined) {
    mkdirSync(join(configHome, 'buddy-tui'), { recursive: true });
    const text = typeof config === 'string' ? config : JSON.stringify(config);
    writeFileSync(join(configHome, 'buddy-tui', 'config.json'), text);
  }
  const env = {
    BUDDY_TUI_STATE_DIR: join(base, 'state'),
    XDG_CONFIG_HOME: configHome,
    HOME: base,
    PATH: `${bin}:${process.env.PATH}`,
  };
  return { base, root: env.BUDDY_TUI_STATE_DIR, env, configFile: join(configHome, 'buddy-tui', 'config.json') };
}

function statusOf(env: NodeJS.ProcessEnv) {
  const run = runCli(['status', '--json'], env);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout).sessions as Array<Record<string, unknown>>;
}

/** "acme" names its events and fields its own way; the map says which are Claude Code's. */
const ACME = {
  label: 'Acme Agent',
  events: {
    sessionBegin: 'SessionStart',
    promptSent: 'UserPromptSubmit',
    beforeTool: 'PreToolUse',
    afterTool: 'PostToolUse',
    turnDone: 'Stop',
  },
  fields: {
    kind: 'hook_event_name',
    conversation: 'session_id',
    workdir: 'cwd',
    tool: 'tool_name',
    args: 'tool_input',
    callId: 'tool_use_id',
    status: 'exit_code',
  },
};
const SID = 'acme-0001';
const acme = (kind: string, fields: Record<string, unknown> = {}) =>
  JSON.stringify({ kind, conversation: SID, workdir: '/work/acme-project', ...fields });
const ACME_RUN = [
  acme('sessionBegin'),
  acme('promptSent', { prompt: 'run the tests' }),
  acme('beforeTool', { tool: 'Bash', args: { command: 'make test' }, callId: 'c1' }),
  acme('afterTool', { tool: 'Bash', args: { command: 'make test' }, callId: 'c1', status: 3 }),
  acme('turnDone'),
];

describe('buddy-tui hook --host generic', () => {
  it('the documented wrapper feeds a session labelled generic, its failed command with the exit code', () => {
    const { env, root, base } = world();
    const project = join(base, 'my-project');
    mkdirSync(project);
    const run = spawnSync('/bin/sh', [WRAPPER, 'sh', '-c', 'echo "a \\"quoted\\" run"; exit 3'], {
      env: { ...process.env, ...env },
      cwd: project,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status).toBe(3);
    expect(run.stdout).toBe('a "quoted" run\n');
    const [session] = statusOf(env);
    expect(session).toMatchObject({ host: 'generic', label: 'generic', project: 'my-project', failures: 1 });
    const events = journal(root, session.id as string);
    expect(events.map((e) => [e.hook_event_name, e.host])).toEqual(
      ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUseFailure', 'Stop', 'SessionEnd'].map((name) => [
        name,
        'generic',
      ]),
    );
    expect(events[3]).toMatchObject({ exit_code: 3, error: 'Exit code 3', tool_name: 'Bash' });
  });

  it('docs/hosts.md shows the wrapper as it is in examples/', () => {
    const docs = readFileSync(join(REPO_ROOT, 'docs/hosts.md'), 'utf8');
    expect(docs).toContain(`\`\`\`sh\n${readFileSync(WRAPPER, 'utf8')}\`\`\``);
  });

  it('an id that cannot be a host is taken as generic, never as Claude Code', async () => {
    const { env, root } = world();
    const payload = { session_id: 'g1', hook_event_name: 'SessionStart', cwd: '/p' };
    expect((await runHook(JSON.stringify(payload), env, ['--host', 'Not A Host!'])).code).toBe(0);
    expect(journal(root, 'g1').map((e) => e.host)).toEqual(['generic']);
  });
});

describe('a host mapped in config.json', () => {
  it('journals the mapped events under its own id; status shows its label and the failure with its exit code', async () => {
    const { env, root } = world({ hosts: { acme: ACME } });
    for (const payload of ACME_RUN) {
      expect(await runHook(payload, env, ['--host', 'acme'])).toMatchObject({ code: 0, stdout: '', stderr: '' });
    }
    const events = journal(root, SID);
    expect(events.map((e) => [e.hook_event_name, e.tool_name, e.host])).toEqual([
      ['SessionStart', undefined, 'acme'],
      ['UserPromptSubmit', undefined, 'acme'],
      ['PreToolUse', 'Bash', 'acme'],
      ['PostToolUseFailure', 'Bash', 'acme'],
      ['Stop', undefined, 'acme'],
    ]);
    expect(events[3]).toMatchObject({
      exit_code: 3,
      error: 'Exit code 3',
      tool_use_id: 'c1',
      cwd: '/work/acme-project',
    });
    expect(statusOf(env)).toEqual([
      expect.objectContaining({ id: SID, host: 'acme', label: 'Acme Agent', project: 'acme-project', failures: 1 }),
    ]);
  });

  it('the /bin/sh spool takes the host too: the drain maps its spooled events', async () => {
    const { env, root } = world({ hosts: { acme: ACME } });
    mkdirSync(join(root, 'inbox'), { recursive: true, mode: 0o700 });
    for (const payload of ACME_RUN) expect((await runSpool(payload, env, 'acme')).code).toBe(0);
    expect(statusOf(env)).toEqual([expect.objectContaining({ id: SID, host: 'acme', failures: 1 })]);
    expect(journal(root, SID).map((e) => e.hook_event_name)).toContain('PostToolUseFailure');
  });

  it('a payload field mapped onto a place of buddy-tui (tmux_pane) is never taken as one', async () => {
    const fields = { ...ACME.fields, pane: 'tmux_pane', socket: 'tmux_socket' };
    const { env, root } = world({ hosts: { acme: { ...ACME, fields } } });
    const hostile = acme('sessionBegin', { pane: '%99', socket: '/tmp/evil', tmux_pane: '%98' });
    await runHook(hostile, { ...env, TMUX: undefined, TMUX_PANE: undefined }, ['--host', 'acme']);
    const [line] = journal(root, SID);
    expect(line).toMatchObject({ hook_event_name: 'SessionStart', host: 'acme' });
    expect(line).not.toHaveProperty('tmux_pane');
    expect(line).not.toHaveProperty('tmux_socket');
  });

  it('a wrong map is named by its JSON path; what is right in the config keeps working', async () => {
    const events = { ...ACME.events, afterTool: 'ToolFinishedMaybe' };
    const { env, root } = world({
      hosts: { acme: { ...ACME, events }, claude: { label: 'mine' }, 'No.Dots': {} },
      retentionHours: 12,
    });
    for (const payload of ACME_RUN) await runHook(payload, env, ['--host', 'acme']);
    // The wrong entry is left out (its event is journaled under its own name); the rest still maps.
    expect(journal(root, SID).map((e) => e.hook_event_name)).toEqual([
      'SessionStart',
      'UserPromptSubmit',
      'PreToolUse',
      'afterTool',
      'Stop',
    ]);
    const doctor = runCli(['doctor'], env);
    expect(doctor.stdout).toContain('hosts.acme.events.afterTool');
    expect(doctor.stdout).toContain('"ToolFinishedMaybe" is no event');
    expect(doctor.stdout).toContain('hosts.claude');
    expect(doctor.stdout).toContain('built-in host');
    expect(doctor.stdout).toContain('hosts["No.Dots"]');
    expect(doctor.stdout).toMatch(/acme.*Acme Agent/);
  });

  it('doctor lists configured hosts and the generic or unknown hosts seen in the journals', async () => {
    const { env } = world({ hosts: { acme: ACME } });
    for (const payload of ACME_RUN) await runHook(payload, env, ['--host', 'acme']);
    const start = (sid: string) => JSON.stringify({ session_id: sid, hook_event_name: 'SessionStart', cwd: '/p' });
    await runHook(start('g-1'), env, ['--host', 'generic']);
    await runHook(start('z-1'), env, ['--host', 'zed-agent']);
    const doctor = runCli(['doctor', '--json'], env);
    const sections = JSON.parse(doctor.stdout) as Array<{ section: string; checks: Array<{ title: string }> }>;
    const titles = sections.find((s) => s.section === 'other agents')?.checks.map((c) => c.title) ?? [];
    expect(titles.join('\n')).toMatch(/acme \(Acme Agent\).*1 session/);
    expect(titles.join('\n')).toMatch(/generic.*1 session/);
    expect(titles.join('\n')).toMatch(/zed-agent.*no map/);
  });
});
