/** The buddy as the CLI prints it: the sprite, a name line, needs as bars. */
import { levelForXp, xpForLevel, type Pet } from '../pet/pet.js';
import { decayPet } from '../pet/pet-engine.js';
import { colorLevel, paintTerm } from '../species/colors.js';
import { renderSprite } from '../species/render.js';
import type { Species } from '../species/species-schema.js';
import type { Mood } from '../species/sprite-state.js';
import { sanitizeText } from '../text/sanitize.js';
import { term, type TerminalText } from '../text/terminal-text.js';
import type { CliIo } from './cli-io.js';

export function bar(value: number, width = 10): string {
  const filled = Math.round((Math.min(100, Math.max(0, value)) / 100) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round(value)).padStart(3)}`;
}

export function titleLine(pet: Pet, species: Species): TerminalText {
  const { name, rarity, shiny } = pet.identity;
  return term`${sanitizeText(name, { maxLength: 24 })} the ${sanitizeText(species.name, { maxLength: 40 })} · ${rarity}${shiny ? ' · shiny' : ''} · level ${levelForXp(pet.xp)}`;
}

export function spriteLines(io: CliIo, pet: Pet, species: Species, mood: Mood): TerminalText[] {
  const level = colorLevel(io.env, io.isTTY);
  return renderSprite(species, mood, 0, { eyes: pet.identity.eyes, hat: pet.identity.hat }).map((line) =>
    paintTerm(term`${line.trimEnd()}`, species.colors.body, level),
  );
}

export function needsLines(pet: Pet, now: number): string[] {
  const { needs, xp } = decayPet(pet, now);
  const level = levelForXp(xp);
  return [
    // "fed", not hunger: feeding fills this bar as petting and playing fill theirs.
    `fed        ${bar(100 - needs.hunger)}`,
    `energy     ${bar(needs.energy)}`,
    `happiness  ${bar(needs.happiness)}`,
    `xp         ${Math.floor(xp)} (level ${level + 1} at ${xpForLevel(level + 1)})`,
  ];
}
