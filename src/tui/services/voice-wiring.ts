/**
 * The buddy's own voice in the runner (src/voice/buddy-voice.ts): its consent from config.json
 * (live), how chatty it is from the store, who speaks from the pet and its species, the
 * transcript from buddy-tui's own record of the session, and the delegate path to speak through.
 */
import type { DelegateMeta, DelegateRequest } from '../../protocol/plugin-answer.js';
import { isBuddyAddressed } from '../../delegate/buddy-addressed.js';
import { findLiveMod } from '../../mod/mod-bridge.js';
import { createBuddyVoice, type BuddyVoice } from '../../voice/buddy-voice.js';
import { voiceModeOf } from '../../voice/voice-settings.js';
import { VOICE_MEMORY } from '../../voice/voice-prompt.js';
import { readVoiceLines, writeVoiceLines } from '../../state/voice-lines.js';
import { nameIsDrawn, writeModelName } from '../../pet/model-name.js';
import { petFilePath } from '../../config/paths.js';
import type { BuddyStore } from '../store/index.js';
import type { LiveConfig } from '../live-config.js';
import type { PetService } from './pet-service.js';
import type { SpeciesService } from './species-service.js';

export interface VoiceWiringOptions {
  root: string;
  env: NodeJS.ProcessEnv;
  clock: () => number;
  store: BuddyStore;
  config: Pick<LiveConfig, 'current'>;
  species: Pick<SpeciesService, 'current'>;
  pets: Pick<PetService, 'current'>;
  resolve(request: DelegateRequest, meta: DelegateMeta): Promise<unknown>;
  newId(): string;
  onError(error: unknown): void;
}

export function createVoiceWiring(options: VoiceWiringOptions): BuddyVoice {
  const { root, clock, store, species, pets } = options;
  return createBuddyVoice({
    mode: () => voiceModeOf(options.config.current().config.reactions),
    chattiness: () => store.getState().chattiness,
    character() {
      const pet = pets.current();
      const kind = species.current();
      if (!pet || !kind) return undefined;
      return {
        speciesName: kind.name,
        // The species' voice, and the pet's own sentence when the model wrote one at hatch.
        personality: [kind.systemPrompt ?? kind.personality, pet.identity.personality].filter(Boolean).join(' '),
        petName: pet.identity.name,
        stats: pet.identity.stats,
      };
    },
    resolve: options.resolve,
    sessionAnswers: (sessionId) => findLiveMod(root, sessionId, clock()) !== undefined,
    transcriptPathFor: (sessionId) => store.getState().sessions[sessionId]?.transcriptPath,
    isAddressed: (event) => isBuddyAddressed(event, [pets.current()?.identity.name, species.current()?.name, 'buddy']),
    now: clock,
    newId: options.newId,
    // A pet hatched with its drawn name is named by the model (a chosen name stays).
    mayName: () => {
      const pet = pets.current();
      return pet !== undefined && nameIsDrawn(pet.identity);
    },
    onNamed(pet, named) {
      try {
        writeModelName(petFilePath(options.env), pet.hatchedAt, named.name, named.personality);
      } catch (error) {
        options.onError(error);
      }
    },
    remembered: readVoiceLines(root, VOICE_MEMORY),
    onRemember(lines) {
      try {
        writeVoiceLines(root, lines);
      } catch (error) {
        options.onError(error);
      }
    },
    onError: options.onError,
  });
}
