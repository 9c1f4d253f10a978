/**
 * The bridge's folders are listed and emptied by `buddy-tui mod-state` (it claims the toasts and
 * delegate calls meant for its session, and removes the damaged ones). A folder there that is a
 * symlink to the user's project must never be listed: its package.json is no damaged toast.
 * (Run `npm run build` first: this spawns dist/cli.js.)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../support/hook-process.js';
import { isolatedEnv, makeTempDir } from '../support/temp-dir.js';

const PROJECT_FILES: Record<string, string> = {
  'package.json': '{"name": "mine"}\n',
  'tsconfig.json': '{"compilerOptions": {}}\n',
  'settings.json': '{"theme": "dark"}\n',
};

function project(base: string, name: string): string {
  const dir = join(base, name);
  mkdirSync(dir);
  for (const [file, text] of Object.entries(PROJECT_FILES)) writeFileSync(join(dir, file), text);
  return dir;
}

describe('mod-state beside a symlinked bridge folder', () => {
  it('leaves every file of the folders that toasts/ and requests/ point at', () => {
    const base = makeTempDir();
    const state = join(base, 'state');
    mkdirSync(join(state, 'mod-bridge'), { recursive: true, mode: 0o700 });
    const linked = { toasts: project(base, 'project-a'), requests: project(base, 'project-b') };
    for (const [folder, target] of Object.entries(linked)) symlinkSync(target, join(state, 'mod-bridge', folder));

    const ran = spawnSync(process.execPath, [CLI_ENTRY, 'mod-state', '--session', 's1'], {
      env: isolatedEnv(base, state),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(ran.status, ran.stderr).toBe(0);
    expect(JSON.parse(ran.stdout).v).toBe(1);
    for (const target of Object.values(linked)) {
      expect(readdirSync(target).sort()).toEqual(Object.keys(PROJECT_FILES).sort());
      for (const [file, text] of Object.entries(PROJECT_FILES))
        expect(readFileSync(join(target, file), 'utf8')).toBe(text);
    }
  });
});
