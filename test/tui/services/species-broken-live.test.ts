/**
 * A species file saved broken while the pane runs (issue 47): the real registry and its watcher
 * reload it, and the pane says so in the footer and in tui.log, naming the file, while the last
 * good version stays drawn. Fixed again, the message is not repeated for the old break.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBuddyStore } from '../../../src/tui/store/index.js';
import { startSpeciesService, type SpeciesService } from '../../../src/tui/services/species-service.js';
import { createTuiLog } from '../../../src/tui/tui-log.js';
import { REPO_ROOT } from '../../support/hook-process.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { waitUntil } from '../../support/wait-until.js';

const open: SpeciesService[] = [];
afterEach(async () => void (await Promise.all(open.splice(0).map((service) => service.close()))));

const zorb = () => ({
  ...JSON.parse(readFileSync(join(REPO_ROOT, 'species', 'frog.json'), 'utf8')),
  $schema: undefined,
  id: 'zorb',
  name: 'Zorb',
});

describe('a species file broken while the pane runs', () => {
  it('is named in the footer and tui.log, and its last good version stays drawn', async () => {
    const base = makeTempDir('buddy-species-live-');
    const mine = join(base, 'cfg', 'buddy-tui', 'species');
    mkdirSync(mine, { recursive: true });
    const file = join(mine, 'zorb.json');
    writeFileSync(file, JSON.stringify(zorb()));
    const store = createBuddyStore({ now: Date.now() });
    const log = createTuiLog(base);
    const env = { ...process.env, XDG_CONFIG_HOME: join(base, 'cfg') };
    const service = startSpeciesService({ env, store, log, speciesId: 'zorb', pet: () => undefined });
    open.push(service);
    service.updateSprite();
    expect(store.getState().notice).toBeUndefined();
    // Let the watcher settle before the edit, so the change is a change and not its first scan.
    await new Promise((resolve) => setTimeout(resolve, 300));

    writeFileSync(file, '{"id": "zorb", "name": ');
    const notice = await waitUntil(
      () => store.getState().notice,
      (value) => value !== undefined,
      'the footer notice of the broken species file',
      20_000,
    );
    expect(notice).toMatchObject({ tone: 'warning' });
    expect(notice?.text).toContain(file);
    expect(notice?.text).toContain('last good version');
    const logged = readFileSync(log.path, 'utf8');
    expect(logged).toContain(file);
    expect(logged).toMatch(/"level":"error".*species/);
    expect(service.current()?.name).toBe('Zorb');
  });
});
