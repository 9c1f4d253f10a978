import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/species.js';
import { validateSpeciesFile } from '../../src/species/validate-species.js';
import { capture, type Captured } from './cli-capture.js';
import { validSpecies } from './species-fixture.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const homes: Captured[] = [];
const session = (env?: NodeJS.ProcessEnv) => {
  const c = capture(env);
  homes.push(c);
  return c;
};
afterAll(() => homes.forEach((c) => rmSync(c.home, { recursive: true, force: true })));

describe('buddy-tui species', () => {
  it('new writes a starting file that validates, and refuses to overwrite it', async () => {
    const c = session();
    expect(await run(['new', 'sprout'], c.io)).toBe(0);
    const file = join(c.home, 'config', 'buddy-tui', 'species', 'sprout.json');
    expect(c.out()).toContain(`wrote ${file}`);
    expect(validateSpeciesFile(file).issues).toEqual([]);
    expect(await run(['new', 'sprout'], c.io)).toBe(1);
    expect(c.err()).toMatch(/exists \(use --force/);
    expect(await run(['new', 'Bad Id'], c.io)).toBe(2);
  });

  it('list shows built-ins and the user species, and errors for broken files', async () => {
    const c = session();
    await run(['new', 'sprout'], c.io);
    writeFileSync(join(c.home, 'config', 'buddy-tui', 'species', 'broken.json'), '{"schemaVersion": 1}');
    expect(await run(['list'], c.io)).toBe(0);
    expect(c.out()).toMatch(/^cat +Cat /m);
    expect(c.out()).toMatch(/^sprout +Sprout .* user: /m);
    expect(c.err()).toMatch(/broken\.json at id: Invalid input/);
  });

  it('show draws every state, says what falls back, and honours --state', async () => {
    const c = session();
    await run(['new', 'sprout'], c.io);
    expect(await run(['show', 'sprout'], c.io)).toBe(0);
    expect(c.out()).toContain('celebrate (drawn as happy)');
    expect(c.out()).toContain('working (drawn as idle)');
    expect(c.out()).not.toContain('\u001b[');
    const one = session();
    expect(await run(['show', 'owl', '--state', 'sleep'], one.io)).toBe(0);
    expect(one.out()).toContain('{-,-}');
    expect(one.out()).not.toMatch(/^happy/m);
    expect(await run(['show', 'owl', '--state', 'dancing'], one.io)).toBe(2);
    const hatted = session();
    expect(await run(['show', 'owl', '--state', 'happy', '--hat', 'tophat', '--eyes', '@'], hatted.io)).toBe(0);
    expect(hatted.out()).toContain('   [___] ~');
    expect(await run(['show', 'owl', '--hat', 'sombrero'], hatted.io)).toBe(2);
    expect(await run(['show', 'owl', '--eyes', 'ab'], hatted.io)).toBe(2);
    expect(await run(['show', 'nobody'], one.io)).toBe(1);
  });

  it('colours only when allowed: FORCE_COLOR on, NO_COLOR off', async () => {
    const coloured = session({ FORCE_COLOR: '3' });
    await run(['show', 'cat', '--state', 'idle'], coloured.io);
    expect(coloured.out()).toContain('\u001b[38;2;224;160;96m');
    const plain = session({ FORCE_COLOR: '3', NO_COLOR: '1' });
    await run(['show', 'cat', '--state', 'idle'], plain.io);
    expect(plain.out()).not.toContain('\u001b[');
  });

  it('validate prints each issue with file and path, and exits 1 on errors', async () => {
    const c = session();
    const dir = join(c.home, 'work');
    mkdirSync(dir);
    const bad: any = validSpecies('bad');
    bad.frames.idle[1][3] = `${bad.frames.idle[1][3]}  `;
    bad.name = 'Bad \u001b]0;pwned\u0007';
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
    writeFileSync(join(dir, 'good.json'), JSON.stringify(validSpecies('good')));
    expect(await run(['validate', join(dir, 'good.json')], c.io)).toBe(0);
    expect(c.out()).toContain('good.json: good is valid');
    expect(await run(['validate', join(dir, 'good.json'), join(dir, 'bad.json')], c.io)).toBe(1);
    expect(c.out()).toContain(
      `✖ ${join(dir, 'bad.json')} at frames.idle[1][3]: 14 cells wide, expected 12 like frames.idle[0][0]`,
    );
    expect(c.out()).toContain(`✖ ${join(dir, 'bad.json')} at name: contains control character U+001B`);
    expect(c.out()).not.toContain('\u001b');
    expect(await run(['validate'], c.io)).toBe(2);
  });

  it('runs as a real process: validate exits 0 for the built-ins and 1 for a broken file', async () => {
    const c = session();
    const broken = join(c.home, 'broken.json');
    writeFileSync(broken, '{"schemaVersion": 1, "id": "x"}');
    const builtins = ['cat', 'owl'].map((id) => join(root, 'species', `${id}.json`));
    const ok = await execa('npx', ['tsx', 'src/cli/species.ts', 'validate', ...builtins], {
      cwd: root,
      reject: false,
      env: c.io.env,
    });
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout).toContain('cat is valid');
    const bad = await execa('npx', ['tsx', 'src/cli/species.ts', 'validate', broken], {
      cwd: root,
      reject: false,
      env: c.io.env,
    });
    expect(bad.exitCode).toBe(1);
    expect(bad.stdout).toContain(`✖ ${broken} at name: Invalid input: expected string, received undefined`);
  });

  it.skipIf(!existsSync(join(root, 'dist', 'cli.js')))('the built CLI validates with the same exit codes', async () => {
    const c = session();
    const broken = join(c.home, 'broken.json');
    writeFileSync(broken, 'not json');
    const ok = await execa('node', ['dist/cli.js', 'species', 'validate', join(root, 'species', 'frog.json')], {
      cwd: root,
      reject: false,
      env: c.io.env,
    });
    expect(ok.exitCode).toBe(0);
    const bad = await execa('node', ['dist/cli.js', 'species', 'validate', broken], {
      cwd: root,
      reject: false,
      env: c.io.env,
    });
    expect(bad.exitCode).toBe(1);
    expect(bad.stdout).toMatch(/not valid JSON/);
    const list = await execa('node', ['dist/cli.js', 'species', 'list'], { cwd: root, reject: false, env: c.io.env });
    expect(list.stdout).toMatch(/^penguin /m);
  });
});
