/**
 * `buddy-tui hatch [--species ID] [--name NAME] [--seed TEXT] [--reroll]`: hatch the buddy.
 * With no options and a buddy already there (or a last good copy of it), it shows the buddy. A
 * replaced buddy is kept as pet.json.prev, an unreadable file as pet.json.bak.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, renameSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { petFilePath } from '../config/paths.js';
import { hatchPet } from '../pet/hatch.js';
import {
  backupPath,
  lastGoodPath,
  loadPetForUpdate,
  PetUnreadableError,
  readPetFile,
  savePet,
} from '../pet/pet-file.js';
import type { Pet } from '../pet/pet.js';
import type { SpeciesRegistry } from '../species/species-registry.js';
import { sanitizeText } from '../text/sanitize.js';
import { joinTerm, term } from '../text/terminal-text.js';
import { titleLine, spriteLines } from './buddy-card.js';
import { processIo, type CliIo } from './cli-io.js';
import { defaultSeedFor, openRegistry, speciesOf } from '../pet/load-buddy.js';
import { runIfMain } from './run-direct.js';

const USAGE = term`usage: buddy-tui hatch [--species ID] [--name NAME] [--seed TEXT] [--reroll] [--species-dir DIR]\n`;

export async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        species: { type: 'string' },
        name: { type: 'string' },
        seed: { type: 'string' },
        reroll: { type: 'boolean' },
        'species-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    io.stderr(term`buddy-tui hatch: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.stdout(USAGE);
    return 0;
  }
  const now = io.now();
  const registry = openRegistry(io.env, values['species-dir']);
  const path = petFilePath(io.env);
  const speciesIds = registry
    .list()
    .filter((entry) => entry.origin === 'builtin')
    .map((entry) => entry.species.id);
  const replacing =
    values.species !== undefined || values.name !== undefined || values.seed !== undefined || values.reroll === true;

  if (!replacing) {
    // The buddy there is (or its last good copy), else the first one; only a pet that cannot be
    // read and has no good copy falls through to hatching a new one over it.
    try {
      const loaded = loadPetForUpdate(path, { seed: defaultSeedFor(io.env), speciesIds, now });
      if (loaded.hatched) return showHatched(io, registry, loaded.pet);
      if (loaded.message) io.stderr(term`${sanitizeText(loaded.message, { maxLength: 600 })}\n`);
      const species = speciesOf(registry, loaded.pet);
      io.stdout(
        term`${joinTerm([...spriteLines(io, loaded.pet, species, 'happy'), titleLine(loaded.pet, species)], '\n')}\n`,
      );
      io.stdout(term`Already hatched. Use --reroll, --seed, --species or --name to hatch a new buddy.\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof PetUnreadableError)) throw error;
    }
  }
  const current = readPetFile(path, now);
  // The buddy being replaced: pet.json's, or its last good copy's when pet.json broke.
  const previousFile = current.status === 'ok' ? path : lastGoodPath(path);
  const previousRead = current.status === 'ok' ? current : readPetFile(previousFile, now);
  const previous = previousRead.status === 'ok' ? previousRead.pet : undefined;
  if (values.species !== undefined && !registry.get(values.species)) {
    io.stderr(
      term`buddy-tui hatch: no species "${sanitizeText(values.species, { maxLength: 40 })}" (see \`buddy-tui species list\`)\n`,
    );
    return 1;
  }
  const name = values.name === undefined ? undefined : sanitizeText(values.name, { maxLength: 24 }).trim();
  if (name === '') {
    io.stderr(term`buddy-tui hatch: the name is empty\n`);
    return 2;
  }
  const seed = values.seed ?? (values.reroll ? randomBytes(8).toString('hex') : defaultSeedFor(io.env));
  const pet = hatchPet({ seed, speciesIds, now, species: values.species, name });
  if (current.status === 'broken') {
    // A corrupt pet.json is kept aside as .bak and reported, as everywhere else.
    const backup = backupPath(path, now);
    renameSync(path, backup);
    io.stderr(term`${path} could not be read (${current.problem}); kept it as ${backup}.\n`);
  }
  if (previous) copyFileSync(previousFile, `${path}.prev`);
  savePet(path, pet);
  showHatched(io, registry, pet);
  if (previous)
    io.stdout(
      term`(the previous buddy, ${sanitizeText(previous.identity.name, { maxLength: 24 })}, is kept in ${path}.prev)\n`,
    );
  return 0;
}

function showHatched(io: CliIo, registry: SpeciesRegistry, pet: Pet): number {
  const species = speciesOf(registry, pet);
  io.stdout(term`${joinTerm([...spriteLines(io, pet, species, 'celebrate'), titleLine(pet, species)], '\n')}\n`);
  io.stdout(
    term`${Object.entries(pet.identity.stats)
      .map(([stat, value]) => `${stat} ${value}`)
      .join(' · ')}\n`,
  );
  return 0;
}

runIfMain(import.meta.url, (args) => run(args));
