/** The demo pet starts one stage short of the elder and grows during the first round of the recording. */
import { describe, expect, it } from 'vitest';
import { createDemoWorld, demoRecordingPath } from '../../src/demo/demo-world.js';
import { loadRecording } from '../../src/demo/demo-replay.js';
import { readPetFile } from '../../src/pet/pet-file.js';
import { stepPetEvents } from '../../src/pet/pet-engine.js';
import { levelForXp } from '../../src/pet/pet.js';
import { createSpeciesRegistry } from '../../src/species/species-registry.js';
import { stageIndexAt } from '../../src/species/stages.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';

describe('the demo pet', () => {
  it('is grown when the demo starts and an elder after one round of the recorded session', () => {
    const world = createDemoWorld({});
    try {
      const read = readPetFile(world.petFile);
      if (read.status !== 'ok') throw new Error(`demo pet not readable: ${read.status}`);
      const { pet } = read;
      const stages = createSpeciesRegistry().get('dragon')!.species.stages;
      expect(stages?.[stageIndexAt(stages, levelForXp(pet.xp))].id).toBe('grown');
      let now = pet.updatedAt;
      const events = loadRecording(demoRecordingPath()).map(
        (event) => ({ ...event, ts: (now += 400) }) as unknown as JournalEvent,
      );
      const after = stepPetEvents(pet, events, now);
      expect(stages?.[stageIndexAt(stages, levelForXp(after.xp))].id).toBe('elder');
    } finally {
      world.remove();
    }
  });
});
