/**
 * Files that never end, run for real: config.json, pet.json, the pet's species file and a
 * session's checkpoint, each in turn a FIFO (or a link to /dev/zero), under the built statusline
 * (dist/statusline.js), `plugins`, `stats`, `species validate`, `status` and `doctor`. Each
 * returns (the spawn's timeout only guards against a hang: a killed run has no exit code) and,
 * where it reads the file, names it and says why. The pane is in hostile-files-pane.test.ts.
 */
import { symlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  HANG_GUARD_MS,
  makeFifo,
  makeWorld,
  SESSION,
  statusline,
  type HostileWorld,
} from '../support/hostile-world.js';
import { runCli } from '../support/run-cli.js';

const run = (world: HostileWorld, ...args: string[]) => runCli(args, world.env, undefined, HANG_GUARD_MS);
const FIFO = 'is a FIFO (named pipe), not a regular file';
const DEVICE = 'is a character device, not a regular file';

describe('a FIFO where a small file should be: every reader returns and names it', () => {
  it('config.json', { timeout: 240_000 }, async () => {
    const world = await makeWorld();
    makeFifo(world.configFile);
    const line = statusline(world);
    expect([line.code, line.stdout]).toEqual([0, expect.stringContaining('project')]);
    const plugins = run(world, 'plugins');
    expect(plugins.code).toBe(1);
    expect(plugins.stderr).toContain(`${world.configFile}: cannot read: ${FIFO}`);
    expect(run(world, 'stats').code).toBe(0);
    const doctor = run(world, 'doctor');
    expect(doctor.code).not.toBeNull();
    expect(doctor.stdout).toContain(`FAIL  ${world.configFile}: cannot read: ${FIFO}`);
  });

  it('pet.json', { timeout: 240_000 }, async () => {
    const world = await makeWorld();
    makeFifo(world.petFile);
    const line = statusline(world);
    expect([line.code, line.stdout]).toEqual([0, expect.stringContaining('project')]);
    const stats = run(world, 'stats');
    expect(stats.code).toBe(1);
    expect(stats.stderr).toContain(`${world.petFile} cannot be read (cannot read: ${FIFO})`);
    expect(run(world, 'plugins').code).toBe(0);
  });

  it("the pet's species file", { timeout: 240_000 }, async () => {
    const world = await makeWorld();
    makeFifo(world.speciesFile);
    const line = statusline(world);
    expect([line.code, line.stdout]).toEqual([0, expect.stringContaining('project')]);
    expect(run(world, 'stats').code).toBe(0);
    expect(run(world, 'plugins').code).toBe(0);
    const validate = run(world, 'species', 'validate', 'cat');
    expect([validate.code, validate.stdout]).toEqual([1, `✖ ${world.speciesFile}: cannot read: ${FIFO}\n`]);
    expect(run(world, 'doctor').stdout).toContain(`FAIL  species ✖ ${world.speciesFile}: cannot read: ${FIFO}`);
  });

  it("a session's checkpoint: the journal is folded instead", { timeout: 240_000 }, async () => {
    const world = await makeWorld();
    makeFifo(world.checkpoint);
    const line = statusline(world);
    expect([line.code, line.stdout]).toEqual([0, expect.stringMatching(/project[^\n]*\n.*Bash/)]);
    const status = run(world, 'status', '--json');
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      version: 1,
      sessions: [{ id: SESSION, project: 'project', tools: { Bash: 1 } }],
    });
    expect(run(world, 'stats').code).toBe(0);
    expect(run(world, 'doctor').code).not.toBeNull();
  });
});

describe('a config or species file linked to /dev/zero is refused before a byte is read', () => {
  it('names the device instead of reading it', { timeout: 240_000 }, async () => {
    const world = await makeWorld();
    symlinkSync('/dev/zero', world.configFile);
    symlinkSync('/dev/zero', world.speciesFile);
    const line = statusline(world);
    expect([line.code, line.stdout]).toEqual([0, expect.stringContaining('project')]);
    expect(run(world, 'plugins').stderr).toContain(`${world.configFile}: cannot read: ${DEVICE}`);
    const doctor = run(world, 'doctor').stdout;
    expect(doctor).toContain(`FAIL  ${world.configFile}: cannot read: ${DEVICE}`);
    expect(doctor).toContain(`FAIL  species ✖ ${world.speciesFile}: cannot read: ${DEVICE}`);
  });
});
