/**
 * One species file from text to a checked Species: JSON, then the zod schema and the art checks
 * (on the sections that passed the schema, when another did not). Never throws; every problem
 * comes back as an issue naming the file and the JSON path.
 */
import { readFailure, readSmallFileBytes, SmallFileError } from '../files/read-small-file.js';
import type * as z from 'zod';
import { checkArt, formatPath, type SpeciesIssue } from './art-check.js';
import { speciesSchema, type Species } from './species-schema.js';

export type { SpeciesIssue } from './art-check.js';

export interface SpeciesCheck {
  /** Set when there are no errors (warnings allowed). */
  species?: Species;
  issues: SpeciesIssue[];
}

/** Largest species file read: real ones are a few KB. */
export const MAX_SPECIES_BYTES = 512 * 1024;

export function zodIssues(error: z.ZodError, file: string): SpeciesIssue[] {
  return error.issues.map((issue) => ({
    file,
    path: formatPath(issue.path),
    message: issue.message,
    severity: 'error' as const,
  }));
}

/**
 * The top-level sections of a species value that pass their own part of the schema, so the art
 * checks can run on them while another section has a schema error.
 */
function sectionsThatParse(value: unknown): Partial<Species> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const parts: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(speciesSchema.shape)) {
    const section = schema.safeParse((value as Record<string, unknown>)[key]);
    if (section.success && section.data !== undefined) parts[key] = section.data;
  }
  return parts as Partial<Species>;
}

/** Schema errors, and the art checks of every section that passed the schema, in one list. */
export function validateSpeciesValue(value: unknown, file: string): SpeciesCheck {
  const parsed = speciesSchema.safeParse(value);
  if (!parsed.success)
    return { issues: [...zodIssues(parsed.error, file), ...checkArt(sectionsThatParse(value), file)] };
  const issues = checkArt(parsed.data, file);
  return issues.some((issue) => issue.severity === 'error') ? { issues } : { species: parsed.data, issues };
}

export function validateSpeciesText(text: string, file: string): SpeciesCheck {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { issues: [{ file, path: '', message: `not valid JSON: ${(error as Error).message}`, severity: 'error' }] };
  }
  return validateSpeciesValue(value, file);
}

export function validateSpeciesFile(file: string): SpeciesCheck {
  let text: string;
  try {
    // A user's species may be a link into a dotfiles repo: followed, its target still checked.
    text = readSmallFileBytes(file, { maxBytes: MAX_SPECIES_BYTES, followSymlinks: true }).toString('utf8');
  } catch (error) {
    const message =
      error instanceof SmallFileError && error.code === 'EFBIG'
        ? `file ${error.reason}`
        : `cannot read: ${readFailure(error)}`;
    return { issues: [{ file, path: '', message, severity: 'error' }] };
  }
  return validateSpeciesText(text, file);
}

/** `file at path: message`, in the spirit of z.prettifyError, one line per issue. */
export function formatIssue(issue: SpeciesIssue): string {
  const mark = issue.severity === 'error' ? '✖' : '!';
  return `${mark} ${issue.file}${issue.path ? ` at ${issue.path}` : ''}: ${issue.message}`;
}
