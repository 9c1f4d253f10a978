/**
 * Doctor's checks of a plugin-file host (src/doctor/doctor-plugin-file.ts), with files written by
 * the real install text and a stand-in `opencode` on PATH (a script printing a version): nothing
 * when OpenCode's config folder is not there; a missing, stale or foreign plugin file; OPENCODE_PURE
 * set or not; a version older than the one recorded.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pluginFileChecks } from '../../src/doctor/doctor-plugin-file.js';
import { opencodeSpec } from '../../src/hosts/opencode.js';
import { buddyCommands, packageRoot } from '../../src/install/buddy-entries.js';
import { pluginFileText } from '../../src/install/plugin-file-install.js';
import { makeTempDir } from '../support/temp-dir.js';

const DIST = join(packageRoot(), 'dist');

function world(version?: string) {
  const base = makeTempDir('buddy-doctor-plugin-');
  const bin = join(base, 'bin');
  mkdirSync(bin);
  if (version) {
    writeFileSync(join(bin, 'opencode'), `#!/bin/sh\necho ${version}\n`);
    chmodSync(join(bin, 'opencode'), 0o755);
  }
  const env = { PATH: `${bin}:/usr/bin:/bin`, HOME: base, XDG_CONFIG_HOME: join(base, 'xdg') };
  const plugins = join(env.XDG_CONFIG_HOME, 'opencode', 'plugins');
  return { base, env, plugins, file: join(plugins, 'buddy-tui.js') };
}

const titles = async (env: NodeJS.ProcessEnv, cwd: string) =>
  (await pluginFileChecks(opencodeSpec, env, cwd)).map((check) => `${check.status} ${check.title}`);

describe('doctor: a plugin-file host', () => {
  it('says nothing when the host has no config folder here', async () => {
    const { env, base } = world('1.18.33');
    expect(await titles(env, base)).toEqual([]);
  });

  it('a current file, OPENCODE_PURE unset, a version at the floor: all ok', async () => {
    const { env, base, plugins, file } = world('1.18.33');
    mkdirSync(plugins, { recursive: true });
    writeFileSync(file, pluginFileText(opencodeSpec, DIST, buddyCommands({ distDir: DIST }), [plugins]));
    expect(await titles(env, base)).toEqual([
      "ok buddy-tui's OpenCode plugin is installed and current",
      'ok OPENCODE_PURE is not set',
      'ok OpenCode 1.18.33 (1.18.33 or newer)',
    ]);
  });

  it('a stale file (another buddy-tui), OPENCODE_PURE set, an older OpenCode: each a warning', async () => {
    const { env, base, plugins, file } = world('1.17.2');
    mkdirSync(plugins, { recursive: true });
    writeFileSync(file, pluginFileText(opencodeSpec, DIST, { node: '/old/node', hookScript: '/old/dist/hook.js' }));
    const checks = await titles({ ...env, OPENCODE_PURE: '1' }, base);
    expect(checks[0]).toMatch(/^warn buddy-tui's OpenCode plugin in .* is not this buddy-tui's/);
    const [stale] = await pluginFileChecks(opencodeSpec, env, base);
    expect(stale.detail).toMatch(/, written by buddy-tui \d+\.\d+\.\d+/);
    expect(checks[1]).toMatch(
      /^warn OPENCODE_PURE is set here: OpenCode started from this environment loads no plugin/,
    );
    expect(checks[2]).toBe("warn OpenCode 1.17.2 is older than 1.18.33, the oldest buddy-tui's hooks were made for");
  });

  it('no file, or a user file of that name: a warning that names it; no opencode on PATH: said, not failed', async () => {
    const { env, base, plugins, file } = world();
    mkdirSync(plugins, { recursive: true });
    const missing = await pluginFileChecks(opencodeSpec, env, base);
    expect(missing[0]).toMatchObject({
      status: 'warn',
      notWired: true,
      fix: 'run `buddy-tui install --host opencode`',
    });
    expect(missing[2].title).toBe("OpenCode's version not checked (`opencode --version` did not run)");
    writeFileSync(file, 'export const Mine = async () => ({});\n');
    expect((await titles(env, base))[0]).toBe(`warn ${file} is not buddy-tui's`);
  });
});
