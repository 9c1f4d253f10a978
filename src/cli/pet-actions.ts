/**
 * `buddy-tui feed | pet | play | rename <name> | stats`: act on the shared pet.json.
 * Each action loads the pet (hatching on first use, going on from the last good copy when the
 * file cannot be read), steps it at the current time, saves it atomically and answers with the
 * buddy's face and a quip. `stats` only reads: it never writes, and says what is wrong with a file
 * it cannot read (exit 1).
 */
import { parseArgs } from 'node:util';
import { deriveMood } from '../pet/mood.js';
import { stepPet, type PetAction } from '../pet/pet-engine.js';
import { PetUnreadableError, savePet } from '../pet/pet-file.js';
import { levelForXp } from '../pet/pet.js';
import { faceFor } from '../species/face.js';
import { quipFor } from '../species/quips.js';
import { sanitizeText } from '../text/sanitize.js';
import { joinTerm, term, termJson } from '../text/terminal-text.js';
import { needsLines, spriteLines, titleLine } from './buddy-card.js';
import { processIo, type CliIo } from './cli-io.js';
import { loadBuddy, readBuddy, type Buddy } from '../pet/load-buddy.js';
import { runIfMain } from './run-direct.js';

const OUTCOME_LINES = {
  too_full: 'is too full to eat another bite.',
  too_tired: 'is too tired to play. Let it rest a while.',
} as const;

function options(args: string[], io: CliIo, extra: Record<string, { type: 'boolean' | 'string' }> = {}) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: { 'species-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' }, ...extra },
    });
  } catch (error) {
    io.stderr(term`buddy-tui: ${(error as Error).message}\n`);
    return undefined;
  }
}

/** The pet for a command that changes it; undefined (after saying why, writing nothing) when there is none. */
function buddyToChange(command: string, io: CliIo, now: number, extraDir: string | undefined): Buddy | undefined {
  try {
    const buddy = loadBuddy(io.env, now, extraDir);
    if (buddy.message) io.stderr(term`${sanitizeText(buddy.message, { maxLength: 600 })}\n`);
    return buddy;
  } catch (error) {
    if (!(error instanceof PetUnreadableError)) throw error;
    io.stderr(term`buddy-tui ${command}: ${sanitizeText(error.message, { maxLength: 600 })}\n`);
    return undefined;
  }
}

async function act(action: PetAction, args: string[], io: CliIo): Promise<number> {
  const parsed = options(args, io);
  if (!parsed) return 2;
  if (parsed.values.help) {
    io.stdout(term`usage: buddy-tui ${action} [--species-dir DIR]\n`);
    return 0;
  }
  const now = io.now();
  const buddy = buddyToChange(action, io, now, parsed.values['species-dir'] as string | undefined);
  if (!buddy) return 1;
  const pet = stepPet(buddy.pet, { type: 'action', action }, now);
  savePet(buddy.path, pet);
  const name = sanitizeText(pet.identity.name, { maxLength: 24 });
  const mood = pet.last?.outcome === 'ok' ? 'happy' : deriveMood(pet, undefined, now);
  const face = sanitizeText(faceFor(buddy.species, mood, pet.identity.eyes), { maxLength: 32 });
  const outcome = pet.last?.outcome;
  if (outcome && outcome !== 'ok') {
    io.stdout(term`${face} ${name} ${OUTCOME_LINES[outcome]}\n`);
    return 0;
  }
  const counter = action === 'feed' ? pet.counters.fed : action === 'pet' ? pet.counters.petted : pet.counters.played;
  const kind = action === 'feed' ? 'fed' : action === 'pet' ? 'petted' : 'played';
  const quip = quipFor(buddy.species, kind, counter - 1) ?? 'Thank you!';
  io.stdout(term`${face} ${name}: ${sanitizeText(quip, { maxLength: 120 })}\n`);
  if (levelForXp(pet.xp) > levelForXp(buddy.pet.xp)) io.stdout(term`${name} reached level ${levelForXp(pet.xp)}!\n`);
  return 0;
}

export const runFeed = (args: string[], io: CliIo = processIo()) => act('feed', args, io);
export const runPet = (args: string[], io: CliIo = processIo()) => act('pet', args, io);
export const runPlay = (args: string[], io: CliIo = processIo()) => act('play', args, io);

export async function runRename(args: string[], io: CliIo = processIo()): Promise<number> {
  const parsed = options(args, io);
  if (!parsed) return 2;
  const name = sanitizeText(parsed.positionals.join(' '), { maxLength: 24 }).trim();
  if (parsed.values.help || !name) {
    (parsed.values.help ? io.stdout : io.stderr)(term`usage: buddy-tui rename <name>\n`);
    return parsed.values.help ? 0 : 2;
  }
  const now = io.now();
  const buddy = buddyToChange('rename', io, now, parsed.values['species-dir'] as string | undefined);
  if (!buddy) return 1;
  const before = sanitizeText(buddy.pet.identity.name, { maxLength: 24 });
  const pet = stepPet(buddy.pet, { type: 'rename', name }, now);
  savePet(buddy.path, pet);
  io.stdout(term`${before} is now called ${pet.identity.name}.\n`);
  return 0;
}

export async function runStats(args: string[], io: CliIo = processIo()): Promise<number> {
  const parsed = options(args, io, { json: { type: 'boolean' } });
  if (!parsed) return 2;
  if (parsed.values.help) {
    io.stdout(term`usage: buddy-tui stats [--json]\n`);
    return 0;
  }
  const now = io.now();
  // The first pet hatches here as in the pane, the mod and `feed`: stats never says "no buddy yet".
  const buddy = readBuddy(io.env, now, parsed.values['species-dir'] as string | undefined, true);
  if ('problem' in buddy) {
    io.stderr(term`buddy-tui stats: ${sanitizeText(buddy.problem, { maxLength: 600 })}\n`);
    return 1;
  }
  if (buddy.message) io.stderr(term`${sanitizeText(buddy.message, { maxLength: 600 })}\n`);
  const pet = stepPet(buddy.pet, { type: 'tick' }, now);
  const mood = deriveMood(pet, undefined, now);
  if ((parsed.values as { json?: boolean }).json) {
    io.stdout(term`${termJson({ ...pet, level: levelForXp(pet.xp), mood }, 2)}\n`);
    return 0;
  }
  const counters = Object.entries(pet.counters).map(([key, value]) => `${key} ${value}`);
  io.stdout(
    joinTerm(
      [
        ...spriteLines(io, pet, buddy.species, mood),
        titleLine(pet, buddy.species),
        term`mood       ${mood}`,
        ...needsLines(pet, now).map((line) => term`${line}`),
        term`stats      ${Object.entries(pet.identity.stats)
          .map(([stat, value]) => `${stat} ${value}`)
          .join(' · ')}`,
        term`counters   ${counters.slice(0, 6).join(' · ')}`,
        term`           ${counters.slice(6).join(' · ')}`,
        term``,
      ],
      '\n',
    ),
  );
  return 0;
}

const DIRECT: Record<string, (args: string[]) => Promise<number>> = {
  feed: runFeed,
  pet: runPet,
  play: runPlay,
  rename: runRename,
  stats: runStats,
};
runIfMain(import.meta.url, ([command = 'stats', ...rest]) => (DIRECT[command] ?? runStats)(rest));
