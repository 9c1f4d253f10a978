/**
 * The pane at an evolution-stage boundary, through its real services and the real App (Ink): a
 * cat one XP below the elder stage is drawn as the grown cat; one real tool run later it is drawn
 * as the elder, celebrates, and the bubble names the new stage (told to the notifier too). The label and the face follow.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { hatchPet } from '../../src/pet/hatch.js';
import { savePet } from '../../src/pet/pet-file.js';
import { levelForXp, xpForLevel } from '../../src/pet/pet.js';
import { readPetLite } from '../../src/pet/pet-lite.js';
import { foldEvents } from '../../src/state/reducer.js';
import { createBuddyStore } from '../../src/tui/store/index.js';
import { createSpeciesRegistry } from '../../src/species/species-registry.js';
import { createTuiLog } from '../../src/tui/tui-log.js';
import { growthLine, stageOf } from '../../src/tui/stage-growth.js';
import { startTuiServices, type TuiServices } from '../../src/tui/tui-services.js';
import { createSessionEventsFeed } from '../../src/tui/watch/session-events-feed.js';
import { renderAtSize, settle, type SizedRender } from '../components/render-at-size.js';
import { makeTempDir } from '../support/temp-dir.js';

const open: TuiServices[] = [];
const views: SizedRender[] = [];
afterEach(async () => {
  for (const view of views.splice(0)) view.unmount();
  await Promise.all(open.splice(0).map((services) => services.close()));
});

const cat = createSpeciesRegistry().get('cat')!.species;
const elder = cat.stages!.findIndex((stage) => stage.id === 'elder');
const elderLevel = cat.stages![elder].level;
// Lines only the grown (base) cat and only the elder cat draw while idle or celebrating.
const GROWN_EAR = '/\\___/\\';
const ELDER_EAR = '/\\"""/\\';

function paneAt(xp: number) {
  const base = makeTempDir('buddy-stage-');
  for (const dir of ['root', 'cfg', 'state']) mkdirSync(join(base, dir), { mode: 0o700 });
  const petFile = join(base, 'state', 'pet.json');
  let now = Date.now();
  savePet(petFile, {
    ...hatchPet({ seed: 'stage-seed', speciesIds: ['cat'], species: 'cat', name: 'Miso', now: now - 60_000 }),
    xp,
  });
  const clock = () => now;
  const store = createBuddyStore({ now, columns: 60, rows: 24 });
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
  // What the pane's notifier hears (its `stage` moment).
  const heard: string[] = [];
  services.onStageReached((line) => heard.push(line));
  const sessionId = 'sess-stage';
  const start = { ts: now, session_id: sessionId, hook_event_name: 'SessionStart', cwd: '/w/app' } as never;
  store.getState().applySessions([foldEvents(undefined, [start], sessionId)], now, 1);
  const view = renderAtSize(<App store={store} theme={{ color: false }} />, 60, 24);
  views.push(view);
  const tick = () => store.getState().advance((now += 500), services.tick(now));
  /** One real successful tool run, as the watcher hands it over. */
  const toolRun = () => {
    const events = [
      start,
      {
        ts: (now += 100),
        session_id: sessionId,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'ls' },
        tool_use_id: 't1',
      },
      {
        ts: (now += 100),
        session_id: sessionId,
        hook_event_name: 'PostToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'ls' },
        tool_use_id: 't1',
        tool_response: { stdout: 'a' },
      },
    ] as never[];
    const state = foldEvents(undefined, events, sessionId);
    store.getState().applySessions([state], now, 3);
    feed.publish([{ sessionId, events: events.slice(1), state }]);
  };
  return { store, view, tick, toolRun, petFile, heard };
}

describe('the pane at a stage boundary', () => {
  it('one XP below the elder stage: the grown cat; one tool run later: the elder, celebrating, with the bubble', async () => {
    const { store, view, tick, toolRun, petFile, heard } = paneAt(xpForLevel(elderLevel) - 1);
    tick();
    await settle(20);
    expect(store.getState().pet?.level).toBe(elderLevel - 1);
    expect(view.lastFrame()).toContain(GROWN_EAR);
    expect(view.lastFrame()).not.toContain(ELDER_EAR);
    expect(view.lastFrame()).toContain('Grown');

    toolRun();
    tick();
    await settle(20);
    expect(levelForXp(readPetLite(petFile)?.xp ?? 0)).toBe(elderLevel);
    expect(store.getState().pet?.level).toBe(elderLevel);
    expect(store.getState().mood).toBe('celebrate');
    const frame = view.lastFrame();
    expect(frame).toContain(ELDER_EAR);
    expect(frame).not.toContain(GROWN_EAR);
    expect(frame).toContain('Miso grew into an elder cat!');
    expect(frame).toContain('Elder');
    expect(heard).toEqual(['Miso grew into an elder cat!']);
    // The statusline-sized face is the elder's too.
    expect(store.getState().sprite?.faces.idle).toMatch(/^\(="(.)\.\1"=\)$/);
  });

  it('a pet already past the boundary when the pane starts is drawn as the elder, with no bubble', async () => {
    const { store, view, tick, heard } = paneAt(xpForLevel(elderLevel) + 10);
    tick();
    await settle(20);
    expect(view.lastFrame()).toContain(ELDER_EAR);
    expect(view.lastFrame()).not.toContain('grew into');
    expect(store.getState().bubbles.current).toBeUndefined();
    expect(heard).toEqual([]);
  });
});

describe('the growth line', () => {
  it('names the new stage only for a later stage of the same species', () => {
    expect(stageOf(cat, { xp: xpForLevel(elderLevel) - 1 })).toBe(elder - 1);
    expect(stageOf(cat, { xp: xpForLevel(elderLevel) })).toBe(elder);
    expect(stageOf(cat, undefined)).toBe(0);
    expect(growthLine({ speciesId: 'cat', index: elder - 1 }, cat, elder, 'Miso')).toBe('Miso grew into an elder cat!');
    expect(growthLine({ speciesId: 'cat', index: elder }, cat, elder, 'Miso')).toBeUndefined();
    expect(growthLine({ speciesId: 'owl', index: 0 }, cat, elder, 'Miso')).toBeUndefined();
    expect(growthLine(undefined, cat, elder, 'Miso')).toBeUndefined();
  });
});
