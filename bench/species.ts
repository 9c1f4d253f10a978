/** Species and pet benchmarks: loading every species, the statusline's face lookup, the pet engine. */
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JournalEvent } from '../src/protocol/hook-event.js';
import { hatchPet } from '../src/pet/hatch.js';
import { deriveMood } from '../src/pet/mood.js';
import { feedEvents, stepPet } from '../src/pet/pet-engine.js';
import { builtinSpeciesDir } from '../src/species/builtin-dir.js';
import { lookupFace } from '../src/species/face.js';
import { renderSprite } from '../src/species/render.js';
import { createSpeciesRegistry } from '../src/species/species-registry.js';
import { REPO_ROOT, formatMs, median, type BenchRow } from './measure.js';

function timeRuns(runs: number, body: () => void): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    body();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

export async function bench(): Promise<BenchRow[]> {
  const registry = createSpeciesRegistry();
  const loadMs = timeRuns(10, () => registry.reload());
  const count = registry.list().length;

  const builtinDir = builtinSpeciesDir();
  const faceMs = timeRuns(200, () => void lookupFace({ speciesId: 'owl', mood: 'happy', builtinDir }));

  const cat = registry.get('cat')!.species;
  const renderMs =
    timeRuns(200, () => {
      for (let tick = 0; tick < 8; tick += 1) renderSprite(cat, 'idle', tick, { eyes: '◉', hat: 'crown' });
    }) / 8;

  const templates = readFileSync(join(REPO_ROOT, 'test/fixtures/hook-events.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as JournalEvent);
  const start = Date.now();
  const events = Array.from({ length: 50_000 }, (_, i) => ({
    ...templates[i % templates.length],
    ts: start + i * 100,
  }));
  let pet = hatchPet({ seed: 'bench', speciesIds: ['cat'], now: start });
  const t0 = performance.now();
  for (const event of events) pet = stepPet(pet, { type: 'event', event }, event.ts);
  const stepPerSecond = Math.round(events.length / ((performance.now() - t0) / 1000));
  const t1 = performance.now();
  feedEvents(hatchPet({ seed: 'bench', speciesIds: ['cat'], now: start }), events, start + 10 ** 8);
  const eventsPerSecond = Math.round(events.length / ((performance.now() - t1) / 1000));
  const moodMs = timeRuns(1000, () => void deriveMood(pet, undefined, start + 10 ** 9));

  return [
    {
      area: 'species',
      name: `load and check all ${count} built-in species`,
      value: formatMs(loadMs),
      goal: '<= 50 ms',
      ok: loadMs <= 50,
    },
    {
      area: 'species',
      name: 'statusline face lookup (read + parse one species file)',
      value: formatMs(faceMs),
      goal: '<= 2 ms',
      ok: faceMs <= 2,
    },
    { area: 'species', name: 'renderSprite, one frame', value: formatMs(renderMs) },
    {
      area: 'pet',
      name: 'stepPet, one event at a time (live)',
      value: `${stepPerSecond.toLocaleString('en')} events/s`,
    },
    {
      area: 'pet',
      name: 'feedEvents catching up on a backlog',
      value: `${eventsPerSecond.toLocaleString('en')} events/s`,
      goal: '>= 100,000 events/s',
      ok: eventsPerSecond >= 100_000,
    },
    { area: 'pet', name: 'deriveMood after a long absence', value: formatMs(moodMs) },
  ];
}
