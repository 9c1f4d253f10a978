/**
 * `buddy-tui hatch [--species ID] [--name NAME] [--seed TEXT] [--reroll]`: hatch the buddy.
 * With no options and a buddy already there, it shows the buddy and changes nothing. A
 * replaced buddy is kept as pet.json.prev.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, renameSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { petFilePath } from '../config/paths.js';
import { hatchPet } from '../pet/hatch.js';
import { backupPath, parsePet, savePet } from '../pet/pet-file.js';
import { sanitizeText } from '../text/sanitize.js';
import { joinTerm, term } from '../text/terminal-text.js';
import { titleLine, spriteLines } from './buddy-card.js';
import { processIo, type CliIo } from './cli-io.js';
import { defaultSeedFor, openRegistry, speciesOf } from './load-buddy.js';
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
  const current = existsSync(path) ? parsePet(readFileSync(path, 'utf8')) : undefined;
  const existing = current?.pet;
  const replacing = values.species !== undefined || values.name !== undefined || values.seed !== undefined || values.reroll === true;

  if (existing && !replacing) {
    const species = speciesOf(registry, existing);
    io.stdout(term`${joinTerm([...spriteLines(io, existing, species, 'happy'), titleLine(existing, species)], '\n')}\n`);
    io.stdout(term`Already hatched. Use --reroll, --seed, --species or --name to hatch a new buddy.\n`);
    return 0;
  }
  if (values.species !== undefined && !registry.get(values.species)) {
    io.stderr(term`buddy-tui hatch: no species "${sanitizeText(values.species, { maxLength: 40 })}" (see \`buddy-tui species list\`)\n`);
    return 1;
  }
  const name = values.name === undefined ? undefined : sanitizeText(values.name, { maxLength: 24 }).trim();
  if (name === '') {
    io.stderr(term`buddy-tui hatch: the name is empty\n`);
    return 2;
  }
  const seed = values.seed ?? (values.reroll ? randomBytes(8).toString('hex') : defaultSeedFor(io.env));
  const speciesIds = registry.list().filter((entry) => entry.origin === 'builtin').map((entry) => entry.species.id);
  const pet = hatchPet({ seed, speciesIds, now, species: values.species, name });
  if (current?.error) {
    // A corrupt pet.json is kept aside as .bak and reported, as everywhere else.
    const backup = backupPath(path, now);
    renameSync(path, backup);
    io.stderr(term`${path} could not be read (${current.error.replace(/\n\s*/g, ' ')}); kept it as ${backup}.\n`);
  } else if (existing) {
    copyFileSync(path, `${path}.prev`);
  }
  savePet(path, pet);
  const species = speciesOf(registry, pet);
  io.stdout(term`${joinTerm([...spriteLines(io, pet, species, 'celebrate'), titleLine(pet, species)], '\n')}\n`);
  const { stats } = pet.identity;
  io.stdout(term`${Object.entries(stats).map(([stat, value]) => `${stat} ${value}`).join(' · ')}\n`);
  if (existing) io.stdout(term`(the previous buddy, ${sanitizeText(existing.identity.name, { maxLength: 24 })}, is kept in ${path}.prev)\n`);
  return 0;
}

runIfMain(import.meta.url, (args) => run(args));
