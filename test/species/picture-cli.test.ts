/**
 * Codex pets from the command line, through the built CLI as a real process: `species list`
 * shows them as codex:<id>, `hatch --species codex:<id>` wears one, `species import` copies one
 * into the user's species folder (working with Codex gone), and a broken pet is refused with
 * its file named, writing nothing.
 */
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { writeCodexPet } from '../support/picture-sheet.js';
import { makeTempDir } from '../support/temp-dir.js';

function world() {
  const base = makeTempDir('buddy-picture-cli-');
  const env = {
    HOME: base,
    CODEX_HOME: join(base, 'codex'),
    XDG_CONFIG_HOME: join(base, 'cfg'),
    XDG_STATE_HOME: join(base, 'state'),
    BUDDY_TUI_STATE_DIR: join(base, 'root'),
  };
  return { base, env, pets: join(base, 'codex', 'pets'), speciesDir: join(base, 'cfg', 'buddy-tui', 'species') };
}

describe('Codex pets on the command line', () => {
  it('lists, hatches and imports a Codex pet', async () => {
    const { env, pets, speciesDir } = world();
    await writeCodexPet(pets, 'chefito', { description: 'A tiny recipe-loving chef' });
    const list = runCli(['species', 'list'], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(
      /^codex:chefito Chefito\s+A tiny recipe-loving chef {2}codex picture: .*pets\/chefito\/pet\.json$/m,
    );

    const hatch = runCli(['hatch', '--species', 'codex:chefito', '--name', 'Chef'], env);
    expect(hatch.code).toBe(0);
    expect(hatch.stdout).toContain('Chef the Chefito');
    expect(JSON.parse(readFileSync(join(env.XDG_STATE_HOME, 'buddy-tui', 'pet.json'), 'utf8')).identity.speciesId).toBe(
      'codex:chefito',
    );

    const imported = runCli(['species', 'import', join(pets, 'chefito')], env);
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toContain('as the species chefito');
    expect(readdirSync(join(speciesDir, 'chefito'))).toEqual(['spritesheet.webp']);
    const species = JSON.parse(readFileSync(join(speciesDir, 'chefito.json'), 'utf8'));
    expect(species.picture).toMatchObject({
      spritesheetPath: 'chefito/spritesheet.webp',
      frame: { width: 192, height: 208, columns: 8, rows: 9 },
    });
    expect(runCli(['species', 'validate', 'chefito'], env).stdout).toContain('chefito is valid');

    // Codex gone: the imported species stays.
    rmSync(join(env.CODEX_HOME), { recursive: true });
    const after = runCli(['species', 'list'], env).stdout;
    expect(after).not.toContain('codex:chefito');
    expect(after).toMatch(/^chefito\s+Chefito .* user picture: /m);
    expect(runCli(['species', 'import', join(pets, 'chefito')], env).code).toBe(1);
  });

  it.each([
    ['too many frames', { frame: { columns: 17, rows: 16 } }, /pet\.json at frame: 17 × 16 is 272 frames; at most 256/],
    [
      'an fps out of range',
      { animations: { idle: { frames: [0], fps: 0 } } },
      /pet\.json at animations\.idle\.fps: fps 0 must be above 0/,
    ],
    [
      'an index out of range',
      { animations: { idle: { frames: [99] } } },
      /pet\.json at animations\.idle\.frames\[0\]: frame index 99 is out of range/,
    ],
    ['a sheet outside the folder', { spritesheetPath: '../x.webp' }, /pet\.json at spritesheetPath: .*no "\.\."/],
  ])('refuses to import a pet with %s, naming pet.json, writing nothing', async (_what, manifest, message) => {
    const { env, pets, speciesDir } = world();
    await writeCodexPet(pets, 'broken', manifest);
    const run = runCli(['species', 'import', join(pets, 'broken', 'pet.json')], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(existsSync(speciesDir)).toBe(false);
    // The list leaves it out and says why.
    const list = runCli(['species', 'list'], env);
    expect(list.stdout).not.toContain('codex:broken');
    expect(list.stderr).toMatch(message);
  });

  it('refuses a corrupt spritesheet and a wrong-sized one, naming the file', async () => {
    const { env, pets } = world();
    const folder = await writeCodexPet(pets, 'corrupt');
    writeFileSync(join(folder, 'spritesheet.webp'), 'garbage');
    const corrupt = runCli(['species', 'import', folder], env);
    expect(corrupt.code).toBe(1);
    expect(corrupt.stderr).toContain(`${join(folder, 'spritesheet.webp')}: is not an image sharp can read`);
    const small = await writeCodexPet(pets, 'small', {}, { rows: 4 });
    expect(runCli(['species', 'import', small], env).stderr).toContain(
      'is 1536×832, but its grid (8 × 9 frames of 192×208) covers 1536×1872',
    );
  });
});
