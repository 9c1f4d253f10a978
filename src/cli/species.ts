/**
 * `buddy-tui species list | show <id> [--state s] [--stage N] | validate <file...> | new <id>`.
 * validate exits 1 on errors so species authors can run it in their own CI.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { userSpeciesDir } from '../config/paths.js';
import { atomicWriteJsonSync } from '../state/atomic-write.js';
import { sanitizeText } from '../text/sanitize.js';
import { term } from '../text/terminal-text.js';
import { builtinSpeciesDir } from '../species/builtin-dir.js';
import { displayWidth } from '../display/exact-width.js';
import { colorLevel, paintTerm } from '../species/colors.js';
import { HAT_IDS, isHatId } from '../species/hats.js';
import { frameCount, renderSprite, resolveState } from '../species/render.js';
import { SPRITE_STATES, isSpriteState, type SpriteState } from '../species/sprite-state.js';
import { speciesTemplate } from '../species/species-template.js';
import { speciesAtStage, stateSource } from '../species/stages.js';
import { formatIssue, validateSpeciesFile, validateSpeciesValue } from '../species/validate-species.js';
import { processIo, type CliIo } from './cli-io.js';
import { openRegistry } from '../pet/load-buddy.js';
import { importPet } from './species-import.js';
import { showPicture } from './species-show-picture.js';
import { runIfMain } from './run-direct.js';

const USAGE = term`usage: buddy-tui species list [--species-dir DIR]
       buddy-tui species show <id> [--state STATE] [--stage N] [--hat HAT] [--eyes E] [--species-dir DIR]
       buddy-tui species validate <file|id...> [--species-dir DIR]
       buddy-tui species new <id> [--out FILE] [--force]
       buddy-tui species import <dir|pet.json> [--id ID] [--force]
`;

const clean = (text: string) => sanitizeText(text, { maxLength: 400 });

/** What `species new` accepts as an id; also how `validate` tells an id from a file name. */
const SPECIES_ID = /^[a-z][a-z0-9-]{0,31}$/;

export async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        'species-dir': { type: 'string' },
        state: { type: 'string' },
        stage: { type: 'string' },
        hat: { type: 'string' },
        eyes: { type: 'string' },
        out: { type: 'string' },
        id: { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    io.stderr(term`buddy-tui species: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [sub, ...rest] = positionals;
  if (values.help || !sub) {
    (values.help ? io.stdout : io.stderr)(USAGE);
    return values.help ? 0 : 2;
  }
  switch (sub) {
    case 'list':
      return list(io, values['species-dir']);
    case 'show':
      return await show(
        io,
        rest[0],
        values.state,
        values['species-dir'],
        { hat: values.hat, eyes: values.eyes },
        values.stage,
      );
    case 'validate':
      return validate(io, rest, values['species-dir']);
    case 'new':
      return create(io, rest[0], values.out, values.force === true);
    case 'import':
      return importPet(io, rest[0], values.id, values.force === true);
    default:
      io.stderr(term`buddy-tui species: unknown subcommand "${clean(sub)}"\n${USAGE}`);
      return 2;
  }
}

function list(io: CliIo, extraDir?: string): number {
  const registry = openRegistry(io.env, extraDir);
  for (const { species, origin, file, stale } of registry.list()) {
    const note =
      origin === 'builtin'
        ? ''
        : `  ${origin}${species.picture ? ' picture' : ''}: ${clean(file)}${stale ? ' (broken now: last good version in use)' : ''}`;
    io.stdout(term`${species.id.padEnd(12)} ${clean(species.name).padEnd(14)} ${clean(species.description)}${note}\n`);
  }
  for (const issue of registry.issues().filter((i) => i.severity === 'error'))
    io.stderr(term`${clean(formatIssue(issue))}\n`);
  return 0;
}

async function show(
  io: CliIo,
  id: string | undefined,
  state: string | undefined,
  extraDir?: string,
  looks: { hat?: string; eyes?: string } = {},
  stageArg?: string,
): Promise<number> {
  if (!id) {
    io.stderr(term`buddy-tui species show: which species? (see \`buddy-tui species list\`)\n`);
    return 2;
  }
  if (state !== undefined && !isSpriteState(state)) {
    io.stderr(term`buddy-tui species show: unknown state "${clean(state)}" (one of ${SPRITE_STATES.join(', ')})\n`);
    return 2;
  }
  if (stageArg !== undefined && !/^[1-9]\d{0,2}$/.test(stageArg)) {
    io.stderr(term`buddy-tui species show: --stage takes a stage number, 1 for the first\n`);
    return 2;
  }
  if (looks.hat !== undefined && !isHatId(looks.hat)) {
    io.stderr(term`buddy-tui species show: unknown hat "${clean(looks.hat)}" (one of ${HAT_IDS.join(', ')})\n`);
    return 2;
  }
  if (looks.eyes !== undefined && (displayWidth(looks.eyes) !== 1 || clean(looks.eyes) !== looks.eyes)) {
    io.stderr(term`buddy-tui species show: --eyes takes one character, one cell wide\n`);
    return 2;
  }
  const registry = openRegistry(io.env, extraDir);
  const entry = registry.get(id);
  if (!entry) {
    io.stderr(term`buddy-tui species show: no species "${clean(id)}" (see \`buddy-tui species list\`)\n`);
    return 1;
  }
  const { species: base } = entry;
  const stages = base.stages ?? [];
  // --stage 1 of a species without stages is the species itself.
  const stageIndex = stageArg === undefined ? -1 : Number(stageArg) - 1;
  if (stageIndex >= Math.max(1, stages.length)) {
    const has = stages.length ? `${stages.length} stages` : 'no stages';
    io.stderr(term`buddy-tui species show: ${base.id} has ${has}, there is no stage ${stageArg}\n`);
    return 1;
  }
  const species = speciesAtStage(base, stageIndex);
  const level = colorLevel(io.env, io.isTTY);
  io.stdout(
    term`${paintTerm(term`${clean(base.name)}`, base.colors.accent, level)} (${base.id}): ${clean(base.description)}\n`,
  );
  io.stdout(term`voice: ${clean(base.personality)}\n`);
  if (stages.length > 0) {
    const list = stages.map((stage, i) => `${i + 1} ${clean(stage.name)} (level ${stage.level})`).join(', ');
    io.stdout(term`stages: ${list}\n`);
    const shown = stages[stageIndex];
    io.stdout(
      shown
        ? term`stage ${stageIndex + 1}: ${clean(shown.name)}, from level ${shown.level}\n`
        : term`the species' own frames; --stage N draws stage N\n`,
    );
  }
  const states: SpriteState[] = state ? [state as SpriteState] : [...SPRITE_STATES];
  if (await showPicture(io, species, entry.file, states)) return 0;
  for (const mood of states) {
    const drawn = resolveState(species, mood);
    const fromBase = stages[stageIndex] !== undefined && stateSource(base, stageIndex, mood).base;
    const note = drawn === mood && !fromBase ? '' : ` (drawn as ${fromBase ? "the species' " : ''}${drawn})`;
    io.stdout(term`\n${mood}${note}\n`);
    // All frames of the state side by side; idle shows its sequence, blink included.
    const count = frameCount(species, mood);
    const frames = Array.from({ length: count }, (_, tick) =>
      renderSprite(species, mood, tick, { pad: false, ...looks }),
    );
    const height = Math.max(...frames.map((frame) => frame.length));
    // Five frames to a band, so the show fits an 80-column terminal.
    for (let start = 0; start < frames.length; start += 5) {
      const band = frames.slice(start, start + 5);
      for (let row = 0; row < height; row += 1) {
        const line = band.map((frame) => frame[row] ?? '').join('  ');
        io.stdout(term`${paintTerm(term`${line}`, species.colors.body, level)}\n`);
      }
    }
  }
  return 0;
}

/**
 * The file to check for an argument: a path that exists as given; else, for an id, that
 * species' file: `<id>.json` in the folders that win (--species-dir, yours, the built-ins; a
 * broken file included, since that is what validate is for), else the file a loaded species of
 * that id came from.
 */
function speciesFileFor(arg: string, io: CliIo, extraDir?: string): string {
  if (existsSync(arg) || !SPECIES_ID.test(arg)) return arg;
  const dirs = [...(extraDir ? [resolve(extraDir)] : []), userSpeciesDir(io.env), builtinSpeciesDir()];
  const named = dirs.map((dir) => join(dir, `${arg}.json`)).find((file) => existsSync(file));
  return named ?? openRegistry(io.env, extraDir).get(arg)?.file ?? arg;
}

function validate(io: CliIo, args: string[], extraDir?: string): number {
  if (args.length === 0) {
    io.stderr(term`buddy-tui species validate: give one or more species files or ids\n`);
    return 2;
  }
  const files = args.map((arg) => speciesFileFor(arg, io, extraDir));
  let errors = 0;
  for (const file of files) {
    const check = validateSpeciesFile(file);
    for (const issue of check.issues) io.stdout(term`${clean(formatIssue(issue))}\n`);
    const fileErrors = check.issues.filter((issue) => issue.severity === 'error').length;
    errors += fileErrors;
    if (fileErrors === 0) {
      const warnings = check.issues.length;
      io.stdout(
        term`✔ ${clean(file)}: ${check.species!.id} is valid${warnings ? ` (${warnings} warning${warnings > 1 ? 's' : ''})` : ''}\n`,
      );
    }
  }
  return errors > 0 ? 1 : 0;
}

function create(io: CliIo, id: string | undefined, out: string | undefined, force: boolean): number {
  if (!id || !SPECIES_ID.test(id)) {
    io.stderr(term`buddy-tui species new: give an id: lowercase letters, digits and "-", starting with a letter\n`);
    return 2;
  }
  const file = resolve(out ?? join(userSpeciesDir(io.env), `${id}.json`));
  if (existsSync(file) && !force) {
    io.stderr(term`buddy-tui species new: ${clean(file)} exists (use --force to replace it)\n`);
    return 1;
  }
  // Point editors at the schema that ships with this install, so they autocomplete offline.
  const template = speciesTemplate(id, pathToFileURL(join(builtinSpeciesDir(), 'species.schema.json')).href);
  const check = validateSpeciesValue(template, file);
  if (!check.species) {
    for (const issue of check.issues) io.stderr(term`${clean(formatIssue(issue))}\n`);
    return 1;
  }
  mkdirSync(resolve(file, '..'), { recursive: true });
  atomicWriteJsonSync(file, template, 0o644);
  io.stdout(
    term`wrote ${clean(file)}\nedit it, then: buddy-tui species validate ${clean(file)} && buddy-tui species show ${id}\n`,
  );
  io.stdout(
    term`its stages (hatchling, grown, elder) wear these frames; to give one its own look, add \`frames\` (and \`face\`) to it in \`stages\`, then: buddy-tui species show ${id} --stage N (docs/species.md, Stages)\n`,
  );
  return 0;
}

runIfMain(import.meta.url, (args) => run(args));
