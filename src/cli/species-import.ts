/**
 * `buddy-tui species import <dir|pet.json> [--id ID] [--force]`: copies a Codex pet into the
 * user's species folder (`<id>.json` and `<id>/<spritesheet>`), so it keeps working without
 * Codex. The pet is checked first, its spritesheet decoded once, and nothing is written when
 * anything is wrong; the message names the file.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { userSpeciesDir } from '../config/paths.js';
import { atomicWriteFileSync, atomicWriteJsonSync } from '../state/atomic-write.js';
import { builtinSpeciesDir } from '../species/builtin-dir.js';
import { codexPetSpecies } from '../species/codex-pets.js';
import { decodeFrames } from '../species/picture-decode.js';
import { MAX_MANIFEST_BYTES, PictureError, readJsonFile, readSheet } from '../species/picture-file.js';
import { speciesTemplate } from '../species/species-template.js';
import { formatIssue, validateSpeciesValue } from '../species/validate-species.js';
import { sanitizeText } from '../text/sanitize.js';
import { term } from '../text/terminal-text.js';
import type { CliIo } from './cli-io.js';

const clean = (text: string) => sanitizeText(text, { maxLength: 400 });

/** A Codex pet id as one of ours: lowercase letters, digits and "-", starting with a letter. */
export function speciesIdFor(name: string): string {
  const id = name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return (/^[a-z]/.test(id) ? id : `pet-${id}`).slice(0, 32).replace(/-+$/, '') || 'pet';
}

export async function importPet(
  io: CliIo,
  arg: string | undefined,
  wantedId: string | undefined,
  force: boolean,
): Promise<number> {
  if (!arg) {
    io.stderr(term`buddy-tui species import: give a Codex pet's folder or its pet.json\n`);
    return 2;
  }
  const given = resolve(arg);
  const isDir = existsSync(given) && statSync(given).isDirectory();
  const folder = isDir ? given : dirname(given);
  const file = isDir ? join(folder, 'pet.json') : given;
  const checked = codexPetSpecies(folder, 'import', file);
  if (!checked.species?.picture) {
    for (const issue of checked.issues) io.stderr(term`${clean(formatIssue(issue))}\n`);
    return 1;
  }
  const picture = checked.species.picture;
  let sheet: { file: string; bytes: Buffer };
  try {
    sheet = readSheet(folder, picture.spritesheetPath);
    await decodeFrames(
      sheet.file,
      sheet.bytes,
      { width: 192, height: 208, columns: 8, rows: 9, ...picture.frame },
      { width: 4, height: 2 },
      [0],
    );
  } catch (error) {
    io.stderr(
      term`buddy-tui species import: ${clean(error instanceof PictureError ? error.message : String(error))}\n`,
    );
    return 1;
  }
  const id = wantedId ?? speciesIdFor(basename(folder));
  if (!/^[a-z][a-z0-9-]{0,31}$/.test(id)) {
    io.stderr(term`buddy-tui species import: --id takes lowercase letters, digits and "-", starting with a letter\n`);
    return 2;
  }
  const dir = userSpeciesDir(io.env);
  const target = join(dir, `${id}.json`);
  if (existsSync(target) && !force) {
    io.stderr(
      term`buddy-tui species import: ${clean(target)} exists (use --force to replace it, or --id to name it otherwise)\n`,
    );
    return 1;
  }
  const sheetName = `${id}/${basename(sheet.file)}`;
  const raw = readJsonFile(file, MAX_MANIFEST_BYTES) as { animations?: unknown };
  const species = {
    ...speciesTemplate(id, pathToFileURL(join(builtinSpeciesDir(), 'species.schema.json')).href),
    name: checked.species.name,
    description: checked.species.description,
    personality: checked.species.personality,
    systemPrompt: checked.species.systemPrompt,
    picture: {
      spritesheetPath: sheetName,
      frame: picture.frame,
      ...(raw.animations ? { animations: raw.animations } : {}),
    },
  };
  const check = validateSpeciesValue(species, target);
  if (!check.species) {
    for (const issue of check.issues) io.stderr(term`${clean(formatIssue(issue))}\n`);
    return 1;
  }
  mkdirSync(join(dir, id), { recursive: true });
  atomicWriteFileSync(join(dir, sheetName), sheet.bytes, 0o644);
  atomicWriteJsonSync(target, species, 0o644);
  io.stdout(
    term`imported ${clean(file)} as the species ${id}: ${clean(target)}\nhatch it with: buddy-tui hatch --species ${id}\n`,
  );
  return 0;
}
