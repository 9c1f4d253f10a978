/**
 * `/buddy pet|feed|play` in Claude Code (`buddy-tui mod-state --act ...`): the action on pet.json,
 * as `buddy-tui pet|feed|play` do, and the line /buddy says back (the species' quip).
 */
import { loadBuddy } from '../pet/load-buddy.js';
import { stepPet, type PetAction } from '../pet/pet-engine.js';
import { savePet } from '../pet/pet-file.js';
import { quipFor } from '../species/quips.js';
import { sanitizeText } from '../text/sanitize.js';

export const PET_ACTIONS: readonly PetAction[] = ['pet', 'feed', 'play'];

/** Applies the action to pet.json and returns its quip. */
export function petAct(action: PetAction, env: NodeJS.ProcessEnv, now: number): string {
  const buddy = loadBuddy(env, now);
  const pet = stepPet(buddy.pet, { type: 'action', action }, now);
  savePet(buddy.path, pet);
  const name = sanitizeText(pet.identity.name, { maxLength: 24 });
  if (pet.last?.outcome === 'too_full') return `${name} is too full to eat another bite.`;
  if (pet.last?.outcome === 'too_tired') return `${name} is too tired to play.`;
  const kind = action === 'feed' ? 'fed' : action === 'pet' ? 'petted' : 'played';
  const counter = action === 'feed' ? pet.counters.fed : action === 'pet' ? pet.counters.petted : pet.counters.played;
  return `${name}: ${sanitizeText(quipFor(buddy.species, kind, counter - 1) ?? 'Thank you!', { maxLength: 120 })}`;
}
