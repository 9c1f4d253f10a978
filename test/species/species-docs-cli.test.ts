// The species commands as README.md and docs/species.md show them, run through the real CLI
// (dist/cli.js) in a temporary HOME: the README's sequence works as written, and the error
// output docs/species.md prints is what `species validate` really prints.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

const repoFile = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');

describe('the species docs, run for real', () => {
  it("README's `species new | show | validate sprout` sequence works as written", () => {
    const block = /\*\*Writing a species\*\*[^\n]*\n\n```sh\n([\s\S]*?)```/.exec(repoFile('README.md'))?.[1];
    expect(block).toBeDefined();
    const commands = block!
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter(Boolean);
    expect(commands).toEqual([
      'buddy-tui species new sprout',
      'buddy-tui species show sprout',
      'buddy-tui species validate sprout',
    ]);
    const home = makeTempDir();
    const written = join(home, '.config', 'buddy-tui', 'species', 'sprout.json');
    const outputs = commands.map((command) => {
      const run = runCli(command.split(/\s+/).slice(1), { HOME: home, XDG_STATE_HOME: join(home, 'state') }, home);
      expect(run.stderr, command).toBe('');
      expect(run.code, command).toBe(0);
      return run.stdout;
    });
    expect(outputs[0]).toContain(`wrote ${written}\n`);
    expect(outputs[2]).toBe(`✔ ${written}: sprout is valid\n`);
  });

  it("docs/species.md's error example is what validate prints for the file it describes", () => {
    const documented = /one run shows both\.[\s\S]*?```\n([\s\S]*?)```/.exec(repoFile('docs/species.md'))?.[1];
    expect(documented).toBeDefined();
    const dir = makeTempDir();
    expect(runCli(['species', 'new', 'sprout', '--out', join(dir, 'sprout.json')], { HOME: dir }).code).toBe(0);
    // The three changes the doc describes.
    const species = JSON.parse(readFileSync(join(dir, 'sprout.json'), 'utf8'));
    species.frames.idle[2][1] = species.frames.idle[2][1].replace(/ $/, '');
    species.colors.body = 'sparkly';
    species.frames.happy[0][0] = species.frames.happy[0][0].replace('* *', '★ ★');
    writeFileSync(join(dir, 'sprout.json'), JSON.stringify(species, null, 2));
    const run = runCli(['species', 'validate', 'sprout.json'], { HOME: dir }, dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(documented);
  });

  it('an id names the file that wins, a broken one included: your cat.json over the built-in cat', () => {
    const home = makeTempDir();
    const folder = join(home, '.config', 'buddy-tui', 'species');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'cat.json'), '{"id": "cat", "name": 5}');
    const broken = runCli(['species', 'validate', 'cat'], { HOME: home }, home);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`✖ ${join(folder, 'cat.json')} at name:`);
    const builtin = runCli(['species', 'validate', 'owl'], { HOME: home }, home);
    expect(builtin.code).toBe(0);
    expect(builtin.stdout).toMatch(/^✔ \/.*species\/owl\.json: owl is valid\n$/);
    expect(runCli(['species', 'validate', 'no-such-species'], { HOME: home }, home).stdout).toContain(
      'no-such-species: cannot read: does not exist',
    );
  });
});
