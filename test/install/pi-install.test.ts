/**
 * `install --host pi`, its uninstall and doctor, through the built CLI (dist/cli.js) on throw-away
 * homes: the extension lands where Pi discovers it (`~/.pi/agent/extensions/`, Pi's own
 * `$PI_CODING_AGENT_DIR`, or `--pi-agent-dir`), --dry-run writes nothing, uninstall leaves the
 * tree byte for byte as install found it (the folders it made included), a user's own file of the
 * same name is never touched, and doctor names what silently keeps Pi from loading it.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { piBinary } from '../support/pi-cli.js';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectChecks } from '../../src/cli/doctor.js';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

function world() {
  const home = makeTempDir('buddy-pi-home-');
  const state = makeTempDir('buddy-pi-state-');
  // buddy-tui's own records (XDG_STATE_HOME) live outside the home, so the home holds only what Pi reads.
  const env = { HOME: home, BUDDY_TUI_STATE_DIR: join(state, 'root'), XDG_STATE_HOME: join(state, 'xdg') };
  return { home, env, file: join(home, '.pi', 'agent', 'extensions', 'buddy-tui.js') };
}

/** Every folder and file below `dir`, with the files' bytes. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = entry.isDirectory() ? '<dir>' : readFileSync(path, 'base64');
  }
  return out;
}

const piSection = async (env: NodeJS.ProcessEnv, cwd: string) =>
  (await collectChecks({ PATH: '/nonexistent', ...env }, cwd)).find((s) => s.section === 'Pi')?.checks ?? [];

describe('install --host pi', () => {
  it('writes one self-contained file: Node built-ins are all it imports (Pi loads nothing of buddy-tui beside it)', () => {
    const { env, file } = world();
    expect(runCli(['install', '--host', 'pi'], env).code).toBe(0);
    const text = readFileSync(file, 'utf8');
    const imported = [...text.matchAll(/\bfrom\s*["']([^"']+)["']|\b(?:import|require)\s*\(\s*["']([^"']+)["']/g)].map(
      (m) => m[1] ?? m[2],
    );
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((name) => !name.startsWith('node:'))).toEqual([]);
    expect(text).toMatch(/^export \{\s*buddyTuiPiExtension as default\s*\};?\s*$/m);
  });

  it('--dry-run writes nothing; install makes the folders; uninstall leaves the home as it was', () => {
    const { home, env, file } = world();
    const before = tree(home);
    const dry = runCli(['install', '--host', 'pi', '--dry-run'], env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`would write ${file}`);
    expect(tree(home)).toEqual(before);

    const install = runCli(['install', '--host', 'pi'], env);
    expect(install.code, install.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith("// buddy-tui's Pi extension:")).toBe(true);
    expect(text).toContain(`"node":${JSON.stringify(process.execPath)}`);
    expect(runCli(['install', '--host', 'pi'], env).stdout).toContain('nothing changed');

    const dryOut = runCli(['uninstall', '--host', 'pi', '--dry-run'], env);
    expect(dryOut.stdout).toContain(`would remove ${file}`);
    expect(readFileSync(file, 'utf8')).toBe(text);
    const uninstall = runCli(['uninstall', '--host', 'pi'], env);
    expect(uninstall.code, uninstall.stderr).toBe(0);
    expect(tree(home)).toEqual(before);
    expect(runCli(['uninstall', '--host', 'pi'], env).stdout).toContain('not in');
  });

  it("keeps Pi's own files and folders, and never touches a user's buddy-tui.js", () => {
    const { home, env, file } = world();
    const agent = join(home, '.pi', 'agent');
    mkdirSync(join(agent, 'extensions'), { recursive: true });
    writeFileSync(join(agent, 'settings.json'), '{"theme":"dark"}\n');
    writeFileSync(join(agent, 'extensions', 'mine.ts'), 'export default function () {}\n');
    const before = tree(home);
    expect(runCli(['install', '--host', 'pi'], env).code).toBe(0);
    // Pi wrote a session meanwhile: uninstall leaves it.
    mkdirSync(join(agent, 'sessions'));
    expect(runCli(['uninstall', '--host', 'pi'], env).code).toBe(0);
    expect(tree(home)).toEqual({ ...before, '.pi/agent/sessions': '<dir>' });

    writeFileSync(file, 'export default function mine() {}\n');
    const refused = runCli(['install', '--host', 'pi'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("not buddy-tui's extension");
    expect(runCli(['uninstall', '--host', 'pi'], env).code).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe('export default function mine() {}\n');
  });

  it("follows Pi's own PI_CODING_AGENT_DIR, and --pi-agent-dir over it; --pi-agent-dir goes with --host pi only", () => {
    const { home, env } = world();
    const byEnv = join(home, 'pi-env');
    const byFlag = join(home, 'pi-flag');
    expect(runCli(['install', '--host', 'pi'], { ...env, PI_CODING_AGENT_DIR: byEnv }).code).toBe(0);
    expect(statSync(join(byEnv, 'extensions', 'buddy-tui.js')).isFile()).toBe(true);
    expect(
      runCli(['install', '--host', 'pi', '--pi-agent-dir', byFlag], { ...env, PI_CODING_AGENT_DIR: byEnv }).code,
    ).toBe(0);
    expect(statSync(join(byFlag, 'extensions', 'buddy-tui.js')).isFile()).toBe(true);
    const foreign = runCli(['install', '--host', 'qwen', '--pi-agent-dir', byFlag], env);
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toContain('--pi-agent-dir goes with --host pi');
  });

  it('doctor: nothing without Pi; the extension current, stale, excluded in settings.json or by an ignore file', async () => {
    const { home, env, file } = world();
    const project = makeTempDir('buddy-pi-proj-');
    expect(await piSection(env, project)).toEqual([]);
    mkdirSync(join(home, '.pi', 'agent'), { recursive: true });
    expect((await piSection(env, project)).map((c) => [c.status, c.notWired])).toEqual([['warn', true]]);

    expect(runCli(['install', '--host', 'pi'], env).code).toBe(0);
    const ok = await piSection(env, project);
    expect(ok.map((c) => c.status)).toEqual(['ok']);
    expect(ok[0].detail).toContain('--no-extensions');

    appendFileSync(file, '// an edit\n');
    expect((await piSection(env, project))[0]).toMatchObject({
      status: 'warn',
      fix: 'run `buddy-tui install --host pi`',
    });
    expect(runCli(['install', '--host', 'pi'], env).stdout).toContain('Updated');

    const agent = join(home, '.pi', 'agent');
    writeFileSync(join(agent, 'settings.json'), JSON.stringify({ extensions: ['-extensions/buddy-tui.js'] }));
    writeFileSync(join(agent, 'extensions', '.ignore'), '# none\n*.js\n');
    const gated = await piSection(env, project);
    expect(gated.map((c) => c.status)).toEqual(['ok', 'warn', 'warn']);
    expect(gated[1].title).toContain('"-extensions/buddy-tui.js"');
    expect(gated[2].detail).toBe(join(agent, 'extensions', '.ignore'));
    // `pi config` enabling it again (+path) wins over an exclusion.
    writeFileSync(
      join(agent, 'settings.json'),
      JSON.stringify({ extensions: ['!extensions/*.js', '+extensions/buddy-tui.js'] }),
    );
    writeFileSync(join(agent, 'extensions', '.ignore'), '# nothing\n');
    expect((await piSection(env, project)).map((c) => c.status)).toEqual(['ok']);
  });
  it('doctor: the Pi on PATH against the version floor (Pi prints its version on stderr)', async () => {
    const { home, env } = world();
    const project = makeTempDir('buddy-pi-proj-');
    mkdirSync(join(home, '.pi', 'agent'), { recursive: true });
    expect(runCli(['install', '--host', 'pi'], env).code).toBe(0);
    const bin = makeTempDir('buddy-pi-bin-');
    writeFileSync(join(bin, 'pi'), '#!/bin/sh\necho 0.70.2 >&2\n', { mode: 0o755 });
    const old = await piSection({ ...env, PATH: bin }, project);
    expect(old.at(-1)).toMatchObject({
      status: 'warn',
      title: expect.stringMatching(/^Pi 0\.70\.2 is older than 0\.73\.1/),
    });
    const real = piBinary();
    if (real) {
      const current = await piSection({ ...env, PATH: `${join(real, '..')}:${join(process.execPath, '..')}` }, project);
      expect(current.at(-1)).toMatchObject({ status: 'ok', title: 'Pi 0.73.1 (at least 0.73.1)' });
    }
  });
});
