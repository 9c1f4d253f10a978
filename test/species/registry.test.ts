import { mkdtempSync, mkdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSpeciesRegistry, type SpeciesRegistry } from '../../src/species/species-registry.js';
import { formatIssue } from '../../src/species/validate-species.js';
import { validSpecies } from './species-fixture.js';

const temps: string[] = [];
const registries: SpeciesRegistry[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'buddy-species-'));
  temps.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(registries.splice(0).map((r) => r.close()));
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const write = (file: string, value: unknown) =>
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** Resolves once `predicate` holds after a registry change (the watcher calls onChange). */
function changes(): { next: (predicate: () => boolean) => Promise<void>; notify: () => void } {
  let waiters: Array<{ predicate: () => boolean; resolve: () => void }> = [];
  return {
    notify: () => {
      waiters = waiters.filter((w) => (w.predicate() ? (w.resolve(), false) : true));
    },
    next: (predicate) =>
      predicate() ? Promise.resolve() : new Promise((resolve) => waiters.push({ predicate, resolve })),
  };
}

describe('species registry', () => {
  it('loads the built-ins, and a user file overrides a built-in by id', () => {
    const userDir = tempDir();
    const cat = validSpecies('cat');
    cat.name = 'My Cat';
    write(join(userDir, 'my-cat.json'), cat);
    const registry = createSpeciesRegistry({ userDir });
    expect(registry.list().length).toBeGreaterThanOrEqual(8);
    expect(registry.get('cat')).toMatchObject({ origin: 'user', stale: false, species: { name: 'My Cat' } });
    expect(registry.get('owl')?.origin).toBe('builtin');
  });

  it('lets the extra dir override the user dir', () => {
    const [userDir, extraDir] = [tempDir(), tempDir()];
    write(join(userDir, 'a.json'), { ...validSpecies('pal'), name: 'User pal' });
    write(join(extraDir, 'b.json'), { ...validSpecies('pal'), name: 'Extra pal' });
    expect(createSpeciesRegistry({ userDir, extraDir }).get('pal')?.species.name).toBe('Extra pal');
  });

  it('skips a broken file with an error naming the file and JSON path; a missing dir is fine', () => {
    const userDir = tempDir();
    const broken: any = validSpecies('wonky');
    broken.colors.body = 'plaid';
    write(join(userDir, 'wonky.json'), broken);
    const registry = createSpeciesRegistry({ userDir, extraDir: join(userDir, 'does-not-exist') });
    expect(registry.get('wonky')).toBeUndefined();
    const [issue] = registry.issues();
    expect(formatIssue(issue)).toBe(
      `✖ ${join(userDir, 'wonky.json')} at colors.body: expected a colour name (black, red, green, yellow, ...) or a hex colour like "#ff8800"`,
    );
  });

  it('reloads a watched file: good, then broken (last good kept), then fixed, then removed', async () => {
    const userDir = tempDir();
    const file = join(userDir, 'sprout.json');
    const seen = changes();
    const registry = createSpeciesRegistry({ userDir, onChange: () => seen.notify() });
    registries.push(registry);
    await registry.watch();

    write(file, { ...validSpecies('sprout'), name: 'Sprout one' });
    await seen.next(() => registry.get('sprout')?.species.name === 'Sprout one');
    expect(registry.get('sprout')?.stale).toBe(false);

    write(file, '{ "schemaVersion": 1, "id": "sprout", ');
    await seen.next(() => registry.get('sprout')?.stale === true);
    expect(registry.get('sprout')?.species.name).toBe('Sprout one');
    expect(registry.issues().map(formatIssue)[0]).toMatch(new RegExp(`^✖ ${file}: not valid JSON`));

    const fixed: any = { ...validSpecies('sprout'), name: 'Sprout two' };
    write(file, fixed);
    await seen.next(() => registry.get('sprout')?.species.name === 'Sprout two');
    expect(registry.get('sprout')?.stale).toBe(false);
    expect(registry.issues()).toEqual([]);

    unlinkSync(file);
    await seen.next(() => registry.get('sprout') === undefined);
  });

  it('picks up a file added to a watched dir that overrides a built-in', async () => {
    const userDir = tempDir();
    mkdirSync(join(userDir, 'nested'));
    const seen = changes();
    const registry = createSpeciesRegistry({ userDir, onChange: () => seen.notify() });
    registries.push(registry);
    await registry.watch();
    write(join(userDir, 'ghost.json'), { ...validSpecies('ghost'), name: 'Casper-ish' });
    await seen.next(() => registry.get('ghost')?.origin === 'user');
    expect(registry.get('ghost')?.species.name).toBe('Casper-ish');
  });

  it('waits for a species folder that does not exist yet, and loads it once created', async () => {
    const base = tempDir();
    const userDir = join(base, 'config', 'buddy-tui', 'species');
    const seen = changes();
    const registry = createSpeciesRegistry({ userDir, onChange: () => seen.notify() });
    registries.push(registry);
    await registry.watch();
    mkdirSync(userDir, { recursive: true });
    write(join(userDir, 'late.json'), validSpecies('late'));
    await seen.next(() => registry.get('late') !== undefined);
    expect(registry.get('late')?.origin).toBe('user');
  });
});

describe('species registry, folder removed', () => {
  it('follows a species folder that is removed and made again', async () => {
    const userDir = join(tempDir(), 'species');
    mkdirSync(userDir);
    write(join(userDir, 'first.json'), validSpecies('first'));
    const seen = changes();
    const registry = createSpeciesRegistry({ userDir, onChange: () => seen.notify() });
    registries.push(registry);
    await registry.watch();
    expect(registry.get('first')?.origin).toBe('user');
    rmSync(userDir, { recursive: true });
    await seen.next(() => registry.get('first') === undefined);
    mkdirSync(userDir);
    write(join(userDir, 'second.json'), validSpecies('second'));
    await seen.next(() => registry.get('second') !== undefined);
    // Still watched: a later file shows too.
    write(join(userDir, 'third.json'), validSpecies('third'));
    await seen.next(() => registry.get('third') !== undefined);
  });
  it('reload() reads again only the files changed since they were read (a resident registry reloaded before each use)', () => {
    const userDir = tempDir();
    write(join(userDir, 'pal.json'), { ...validSpecies('pal'), name: 'Pal one' });
    write(join(userDir, 'kit.json'), { ...validSpecies('kit'), name: 'Kit' });
    const registry = createSpeciesRegistry({ userDir });
    const kit = registry.get('kit')?.species;
    const owl = registry.get('owl')?.species;
    // A rewrite by rename (a new inode), as editors and buddy-tui itself write.
    write(join(userDir, 'pal.json.tmp'), { ...validSpecies('pal'), name: 'Pal two' });
    renameSync(join(userDir, 'pal.json.tmp'), join(userDir, 'pal.json'));
    registry.reload();
    expect(registry.get('pal')?.species.name).toBe('Pal two');
    // Unchanged files keep the species object they were validated into: not read again.
    expect(registry.get('kit')?.species).toBe(kit);
    expect(registry.get('owl')?.species).toBe(owl);
    unlinkSync(join(userDir, 'kit.json'));
    registry.reload();
    expect(registry.get('kit')).toBeUndefined();
  });
});
