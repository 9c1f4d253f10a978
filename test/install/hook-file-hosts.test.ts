/**
 * `install --host <id>` for every hook-file host (copilot, gemini, qwen, droid, ...) and their uninstall and doctor, through the built CLI
 * (dist/cli.js) on throw-away homes: --dry-run writes nothing, a user's file is backed up and
 * kept, the command is silent and exits 0 (the hosts' fail-closed and stdout traps), a flag of
 * another host is refused, and doctor reports what each host needs.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { collectChecks } from '../../src/cli/doctor.js';
import { HOST_SPECS } from '../../src/hosts/host-capabilities.js';
import { HOST_IDS, type HostId } from '../../src/hosts/host-id.js';
import { DROID_VERSION, droidBinary } from '../support/droid-cli.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

function world() {
  const home = makeTempDir('buddy-hosts-home-');
  const env = { HOME: home, BUDDY_TUI_STATE_DIR: join(makeTempDir('buddy-hosts-state-'), 'state') };
  return { home, env };
}

/** Every host whose hooks go in one JSON file (its spec's hookFile), with that file in a home: a new such host is tested here with no line of its own. */
const HOOK_FILE_HOSTS = HOST_IDS.filter((id) => HOST_SPECS[id].hookFile !== undefined);
const hookFileIn = (host: HostId, home: string): string => {
  const hookFile = HOST_SPECS[host].hookFile!;
  return join(home, hookFile.folder.name, hookFile.file);
};

describe.each(HOOK_FILE_HOSTS)('install --host %s', (host) => {
  it("--dry-run shows the diff and writes nothing; install keeps the user's keys with a backup; uninstall restores them", () => {
    const { home, env } = world();
    const file = hookFileIn(host, home);
    mkdirSync(join(file, '..'), { recursive: true });
    // A file the host reads: with the keys it requires (Copilot's version), else a setting of the user's.
    const required = HOST_SPECS[host].hookFile?.required;
    const mine = required ? `${JSON.stringify({ ...required, hooks: {} }, null, 2)}\n` : '{\n  "theme": "mine"\n}\n';
    writeFileSync(file, mine);
    const dry = runCli(['install', '--host', host, '--dry-run'], env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('dry run');
    expect(readFileSync(file, 'utf8')).toBe(mine);

    const install = runCli(['install', '--host', host], env);
    expect(install.code, install.stderr).toBe(0);
    expect(readdirSync(join(file, '..')).some((name) => name.includes('buddy-tui-backup-'))).toBe(true);
    const installed = JSON.parse(readFileSync(file, 'utf8'));
    if (host !== 'copilot') expect(installed.theme).toBe('mine');
    expect(JSON.stringify(installed)).not.toContain('"matcher"');

    const uninstall = runCli(['uninstall', '--host', host], env);
    expect(uninstall.code, uninstall.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(mine);
  });

  it('the hook command prints nothing and exits 0, even when its node is gone', () => {
    const { home, env } = world();
    expect(runCli(['install', '--host', host, '--node-hook'], env).code).toBe(0);
    const settings = JSON.parse(readFileSync(hookFileIn(host, home), 'utf8'));
    const handler = Object.values(
      settings.hooks as Record<string, Array<{ hooks: Array<Record<string, string>> }>>,
    )[0][0].hooks[0];
    const original = handler.bash ?? handler.command;
    expect(original).toContain(process.execPath);
    const command = original.split(process.execPath).join('/nonexistent/node');
    const run = spawnSync('bash', ['-c', command], {
      input: '{"session_id":"s","hook_event_name":"Stop"}',
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
    });
    expect([run.status, run.stdout, run.stderr]).toEqual([0, '', '']);
  });
});

describe('host flags and doctor', () => {
  it('a flag of another host is refused and names its host', () => {
    const { env } = world();
    const out = runCli(['install', '--host', 'gemini', '--copilot-home', '/tmp/x'], env);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('--copilot-home goes with --host copilot');
  });

  it('doctor: a wired Copilot is enough; Gemini says its folder is not trusted; Qwen with disableAllHooks fails', async () => {
    const { home, env } = world();
    const fullEnv = { ...env, PATH: process.env.PATH };
    expect(runCli(['install', '--host', 'copilot'], fullEnv).code).toBe(0);
    mkdirSync(join(home, '.gemini'), { recursive: true });
    mkdirSync(join(home, '.qwen'), { recursive: true });
    writeFileSync(join(home, '.qwen', 'settings.json'), '{"disableAllHooks": true}\n');
    const project = makeTempDir('buddy-hosts-cwd-');
    const sections = await collectChecks(fullEnv, project);
    const section = (name: string) => sections.find((s) => s.section === name)?.checks ?? [];
    expect(section('Copilot CLI').map((c) => c.status)).toEqual(['ok']);
    expect(section('Claude Code').find((c) => c.notWired)?.status).toBe('warn');
    expect(
      section('Gemini CLI')
        .map((c) => c.title)
        .join('\n'),
    ).toMatch(/not trusted in Gemini/);
    expect(section('Qwen Code').find((c) => c.status === 'fail')?.title).toContain('disableAllHooks');
    expect(existsSync(join(home, '.codex'))).toBe(false);
  });
  it('doctor on Droid: hooks.hooksDisabled fails; a hooks.json wrapped in {"hooks": ...} (user\'s or project\'s) is said, a top-level one is not', async () => {
    const { home, env } = world();
    const fullEnv = { ...env, PATH: process.env.PATH };
    expect(runCli(['install', '--host', 'droid'], fullEnv).code).toBe(0);
    const project = makeTempDir('buddy-hosts-cwd-');
    const droid = async () => (await collectChecks(fullEnv, project)).find((s) => s.section === 'Droid')?.checks ?? [];
    expect((await droid()).map((c) => c.status)).toEqual(['ok']);
    const settings = join(home, '.factory', 'settings.json');
    const installed = JSON.parse(readFileSync(settings, 'utf8'));
    writeFileSync(settings, JSON.stringify({ ...installed, hooks: { ...installed.hooks, hooksDisabled: true } }));
    writeFileSync(join(home, '.factory', 'hooks.json'), '{"hooks": {"Stop": []}}\n');
    mkdirSync(join(project, '.factory'));
    writeFileSync(join(project, '.factory', 'hooks.json'), '{"Stop": []}\n');
    const checks = await droid();
    expect(
      checks
        .filter((c) => c.status === 'fail')
        .map((c) => c.title)
        .join('\n'),
    ).toContain('"hooks.hooksDisabled": true');
    const wrapped = checks.filter((c) => c.title.includes('wrapped in {"hooks"'));
    expect(wrapped.map((c) => c.title)).toEqual([expect.stringContaining(join(home, '.factory', 'hooks.json'))]);
    // buddy-tui's groups copied into a top-level hooks.json: Droid loads both files, every event twice.
    writeFileSync(join(project, '.factory', 'hooks.json'), JSON.stringify({ Stop: installed.hooks.Stop }));
    expect((await droid()).map((c) => c.title)).toContain(
      `buddy-tui's hooks are also in ${join(project, '.factory', 'hooks.json')}`,
    );
    // The real Droid on PATH: its version against the spec's floor.
    const binary = droidBinary();
    if (binary) {
      const onPath = { ...fullEnv, PATH: `${dirname(binary)}:${process.env.PATH}` };
      const found = (await collectChecks(onPath, project)).find((s) => s.section === 'Droid')?.checks ?? [];
      expect(found.map((c) => c.title)).toContain(`Droid ${DROID_VERSION} (0.215.0 or newer)`);
    }
  });
});
