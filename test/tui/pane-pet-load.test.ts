/**
 * The pane's start-up on a pet.json it cannot use as is, through its real services (no Ink): it
 * goes on from the last good copy, and with none it shows the problem and never hatches over the
 * file, picking the pet up once the file is fixed.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hatchPet } from '../../src/pet/hatch.js';
import { savePet } from '../../src/pet/pet-file.js';
import { PET_LIMITS, levelForXp } from '../../src/pet/pet.js';
import { foldEvents } from '../../src/state/reducer.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { createTuiLog } from '../../src/tui/tui-log.js';
import { startTuiServices, type TuiServices } from '../../src/tui/tui-services.js';
import { createSessionEventsFeed } from '../../src/tui/watch/session-events-feed.js';
import { makeTempDir } from '../support/temp-dir.js';

const open: TuiServices[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((services) => services.close()));
});

function paneOn(petText?: (petFile: string) => void) {
  const base = makeTempDir('buddy-pane-pet-');
  for (const dir of ['root', 'cfg', 'state']) mkdirSync(join(base, dir), { mode: 0o700 });
  const petFile = join(base, 'state', 'pet.json');
  petText?.(petFile);
  let now = Date.now();
  const clock = () => now;
  const store = createBuddyStore({ now });
  const env = { ...process.env, XDG_CONFIG_HOME: join(base, 'cfg'), XDG_STATE_HOME: join(base, 'state') };
  const root = join(base, 'root');
  const feed = createSessionEventsFeed(new AbortController().signal);
  const services = startTuiServices({
    events: feed,
    root,
    store,
    env,
    clock,
    plugins: false,
    configFile: join(base, 'cfg', 'config.json'),
    petFile,
    log: createTuiLog(root, clock),
  });
  open.push(services);
  const files = () =>
    Object.fromEntries(
      readdirSync(join(base, 'state')).map((name) => [name, readFileSync(join(base, 'state', name), 'utf8')]),
    );
  const ticks = (count: number) => {
    for (let i = 0; i < count; i += 1) store.getState().advance((now += 500), services.tick(now));
  };
  const toolRun = () => {
    const event = {
      ts: clock(),
      session_id: 'sess-pet',
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    } as never;
    feed.publish([{ sessionId: 'sess-pet', events: [event], state: foldEvents(undefined, [event], 'sess-pet') }]);
  };
  return { store, services, petFile, files, ticks, toolRun };
}

const goodPet = (xp: number) => ({
  ...hatchPet({ seed: 'pane-seed', speciesIds: ['cat'], species: 'cat', now: Date.now() - 60_000 }),
  xp,
});

describe('the pane starting on a broken pet.json', () => {
  it('goes on from the last good copy (xp 5000 stays), keeping the broken file as .bak', () => {
    const { store, petFile } = paneOn((file) => {
      savePet(file, goodPet(5000));
      writeFileSync(file, '{"version":1,"ide');
    });
    expect(store.getState().pet?.level).toBe(levelForXp(5000));
    expect(store.getState().notice).toMatchObject({ tone: 'warning' });
    expect(store.getState().notice?.text).toContain(`${petFile} could not be read`);
    expect(readFileSync(`${petFile}.bak`, 'utf8')).toBe('{"version":1,"ide');
    expect(JSON.parse(readFileSync(petFile, 'utf8')).xp).toBe(5000);
  });

  it('with no good copy shows the problem, hatches nothing and writes nothing, then picks up the fixed file', async () => {
    const { store, services, petFile, files, ticks, toolRun } = paneOn((file) => writeFileSync(file, ''));
    const before = files();
    expect(store.getState().pet).toBeUndefined();
    expect(store.getState().notice).toMatchObject({ tone: 'warning' });
    expect(store.getState().notice?.text).toContain(`${petFile} cannot be read (the file is empty)`);
    // Events, f, the retry on the tick and the close: none of them writes over the user's file.
    toolRun();
    ticks(3);
    store.getState().requestInteraction('feed', Date.now());
    expect(store.getState().notice?.text).toContain('cannot be read');
    ticks(12);
    expect(store.getState().pet).toBeUndefined();
    expect(files()).toEqual(before);

    writeFileSync(petFile, JSON.stringify(goodPet(300)));
    ticks(10);
    expect(store.getState().pet?.level).toBe(levelForXp(300));
    await services.close();
  });

  it('starts at once on xp 1e308, reading it as the top of the range and saying so', () => {
    const { store } = paneOn((file) => writeFileSync(file, JSON.stringify(goodPet(1)).replace('"xp":1', '"xp":1e308')));
    expect(store.getState().pet?.level).toBe(levelForXp(PET_LIMITS.xpMax));
    expect(store.getState().notice?.text).toMatch(/xp 1e\+308 is out of range/);
  });
});
