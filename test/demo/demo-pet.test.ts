/** The demo pet starts one stage short of the elder and grows at the end of the first round's turn. */
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
  it('is grown when the demo starts, still grown after the commit, and an elder from the end of the turn', () => {
    const world = createDemoWorld({});
    try {
      const read = readPetFile(world.petFile);
      if (read.status !== 'ok') throw new Error(`demo pet not readable: ${read.status}`);
      const stages = createSpeciesRegistry().get('dragon')!.species.stages!;
      const stageOf = (xp: number) => stages[stageIndexAt(stages, levelForXp(xp))].id;
      let pet = read.pet;
      expect(stageOf(pet.xp)).toBe('grown');
      let now = pet.updatedAt;
      const stagesSeen: string[] = [];
      for (const event of loadRecording(demoRecordingPath())) {
        pet = stepPetEvents(pet, [{ ...event, ts: (now += 400) } as unknown as JournalEvent], now);
        const what = event.hook_event_name === 'PostToolUse' ? `${event.tool_name}` : event.hook_event_name;
        stagesSeen.push(`${what}:${stageOf(pet.xp)}`);
      }
      const commit = stagesSeen.filter((seen) => seen.startsWith('Bash:')).at(-1);
      // The stage-up takes the screen from small talk: it must not come with the commit's bubble.
      expect(commit).toBe('Bash:grown');
      expect(stagesSeen.find((seen) => seen.endsWith(':elder'))).toBe('Stop:elder');
    } finally {
      world.remove();
    }
  });
});
