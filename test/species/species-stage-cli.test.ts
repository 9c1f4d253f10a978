/**
 * `buddy-tui species show <id> --stage N` and the stages `species new` writes, through the real
 * built CLI (dist/cli.js; `npm run build` first).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { capture, type Captured } from './cli-capture.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const homes: Captured[] = [];
afterAll(() => homes.forEach((c) => rmSync(c.home, { recursive: true, force: true })));

async function cli(args: string[], c: Captured) {
  return execa('node', ['dist/cli.js', 'species', ...args], {
    cwd: root,
    reject: false,
    env: { ...c.io.env, NO_COLOR: '1' },
  });
}
const home = () => {
  const c = capture();
  homes.push(c);
  return c;
};

describe('buddy-tui species show --stage', () => {
  it('draws each stage of a built-in: 1 is the first, and says where a state comes from', async () => {
    const c = home();
    const kitten = await cli(['show', 'cat', '--stage', '1', '--state', 'idle'], c);
    expect(kitten.exitCode).toBe(0);
    expect(kitten.stdout).toContain('stages: 1 Kitten (level 1), 2 Grown (level 5), 3 Elder (level 15)');
    expect(kitten.stdout).toContain('stage 1: Kitten, from level 1');
    expect(kitten.stdout).toContain('(")(")');
    expect(kitten.stdout).not.toContain('/\\___/\\');
    const elder = await cli(['show', 'cat', '--stage', '3', '--state', 'idle'], c);
    expect(elder.stdout).toContain('/\\"""/\\');
    expect(elder.stdout).not.toContain('(")(")');
    // The kitten draws no error state: its own idle stands in; the grown stage is the species itself.
    expect((await cli(['show', 'cat', '--stage', '1', '--state', 'error'], c)).stdout).toMatch(
      /^error \(drawn as idle\)$/m,
    );
    const grown = await cli(['show', 'cat', '--stage', '2', '--state', 'celebrate'], c);
    expect(grown.stdout).toMatch(/^celebrate \(drawn as the species' celebrate\)$/m);
    expect(grown.stdout).toContain('/\\___/\\');
  });

  it('refuses a stage that does not exist or is not a number', async () => {
    const c = home();
    const four = await cli(['show', 'cat', '--stage', '4'], c);
    expect(four.exitCode).toBe(1);
    expect(four.stderr).toContain('cat has 3 stages, there is no stage 4');
    for (const bad of ['0', 'two', '-1']) {
      const result = await cli(['show', 'cat', `--stage=${bad}`], c);
      expect(result.exitCode, bad).toBe(2);
      expect(result.stderr, bad).toContain('--stage takes a stage number, 1 for the first');
    }
  });

  it("species new writes stages without art of their own: a level-1 pet wears the user's edited frames", async () => {
    const c = home();
    const created = await cli(['new', 'sprout'], c);
    expect(created.exitCode).toBe(0);
    expect(created.stdout).toContain('add `frames` (and `face`) to it in `stages`');
    const file = join(c.home, 'config', 'buddy-tui', 'species', 'sprout.json');
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect(written.stages.map((stage: { id: string; level: number }) => `${stage.id}@${stage.level}`)).toEqual([
      'hatchling@1',
      'grown@5',
      'elder@15',
    ]);
    // The user's edit: a new first idle frame.
    written.frames.idle[0] = ['    ||||    ', '   .-~~-.   ', '  ( {E}  {E} )  ', '  ( EDIT )  ', '  (_)  (_)  '];
    writeFileSync(file, JSON.stringify(written));
    expect((await cli(['validate', file], c)).exitCode).toBe(0);
    const shown = await cli(['show', 'sprout', '--state', 'idle'], c);
    const first = await cli(['show', 'sprout', '--stage', '1', '--state', 'idle'], c);
    expect(shown.stdout).toContain('( EDIT )');
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toContain('( EDIT )');

    delete written.stages;
    writeFileSync(file, JSON.stringify(written));
    expect((await cli(['validate', file], c)).exitCode).toBe(0);
    const plain = await cli(['show', 'sprout', '--stage', '1', '--state', 'idle'], c);
    expect(plain.exitCode).toBe(0);
    expect(plain.stdout).not.toContain('stages:');
    expect(plain.stdout).toContain('.-~~-.');
    const two = await cli(['show', 'sprout', '--stage', '2'], c);
    expect(two.exitCode).toBe(1);
    expect(two.stderr).toContain('sprout has no stages, there is no stage 2');
  });
});
