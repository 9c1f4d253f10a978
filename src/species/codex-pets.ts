/**
 * Codex pets as species: every `$CODEX_HOME/pets/<id>/pet.json` (`$CODEX_HOME` defaults to
 * ~/.codex) becomes the species `codex:<id>`, drawn from its spritesheet, with the text frames,
 * faces and quips of the species template for where a picture cannot be drawn. A pet.json that
 * is broken is left out with an issue naming it and the JSON path. Nothing is decoded here.
 */
import { readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { SpeciesIssue } from './art-check.js';
import { MAX_MANIFEST_BYTES, PictureError, readJsonFile } from './picture-file.js';
import { parsePictureManifest } from './picture-manifest.js';
import { speciesSchema, type Species } from './species-schema.js';
import { speciesTemplate } from './species-template.js';

export const CODEX_PREFIX = 'codex:';
/** A pet folder name we accept: it becomes part of a species id. */
const PET_FOLDER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,57}$/;

export const codexHome = (env: NodeJS.ProcessEnv) => env.CODEX_HOME || join(env.HOME || homedir(), '.codex');
export const codexPetsDir = (env: NodeJS.ProcessEnv) => join(codexHome(env), 'pets');

let template: Species | undefined;
/** The template species, parsed once: what a picture pet shows where pictures cannot be drawn. */
function textTemplate(): Species {
  template ??= speciesSchema.parse(speciesTemplate('pet'));
  return template;
}

const clip = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : undefined;

/** A species drawn from a Codex pet.json, or the issues that keep it out. */
export function codexPetSpecies(
  folder: string,
  id: string,
  file = join(folder, 'pet.json'),
): { species?: Species; issues: SpeciesIssue[] } {
  let value: unknown;
  try {
    value = readJsonFile(file, MAX_MANIFEST_BYTES);
  } catch (error) {
    const message = error instanceof PictureError ? error.message.slice(file.length + 2) : (error as Error).message;
    return { issues: [{ file, path: '', message, severity: 'error' }] };
  }
  const { manifest, problems } = parsePictureManifest(value);
  if (!manifest)
    return {
      issues: problems.map((problem) => ({
        file,
        path: problem.path,
        message: problem.message,
        severity: 'error' as const,
      })),
    };
  const record = value as Record<string, unknown>;
  const name = clip(record.displayName, 40) ?? clip(record.id, 40) ?? id;
  const base = textTemplate();
  const species: Species = {
    ...base,
    $schema: undefined,
    id,
    name,
    description: clip(record.description, 240) ?? `A Codex pet (${name}).`,
    personality: 'A pet that came over from Codex; says short, kind things.',
    systemPrompt: `You are ${name}, a small terminal companion. Reply in one short, kind sentence.`,
    author: undefined,
    picture: { spritesheetPath: manifest.spritesheetPath, frame: manifest.frame, animations: manifest.animations },
  };
  return { species, issues: [] };
}

/** Every pet folder in `$CODEX_HOME/pets`, as `codex:<folder>` species or issues. */
export function findCodexPets(petsDir: string): Array<{ species?: Species; file: string; issues: SpeciesIssue[] }> {
  let names: string[];
  try {
    names = readdirSync(petsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && PET_FOLDER.test(entry.name))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
  return names.slice(0, 500).map((name) => {
    const folder = join(petsDir, name);
    const file = join(folder, 'pet.json');
    return { file, ...codexPetSpecies(folder, `${CODEX_PREFIX}${name}`, file) };
  });
}
