/**
 * The one-line face of a species for a mood. The statusline runs on every prompt, so this
 * module reads a species file with plain JSON.parse and a few shape checks (no zod, no
 * string-width) and falls back to a built-in face when anything is off.
 */
import { fileSignature } from '../files/file-signature.js';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { join } from 'node:path';
import { sanitizeText } from '../text/sanitize.js';
import { EYE_PLACEHOLDER, fallbackChain, type Mood } from './sprite-state.js';
import { stageFaces, stageIndexAt } from './stages.js';

export const DEFAULT_FACE = '(o.o)';
/** Faces by mood when the species file cannot be read. */
export const DEFAULT_FACES: Readonly<Record<Mood, string>> = {
  idle: '(o.o)',
  happy: '(^.^)',
  sad: '(;_;)',
  sleep: '(-.-)zz',
  thinking: '(o.o)?',
  working: '(o_o)/',
  celebrate: '\\(^o^)/',
  error: '(x_x)',
  hungry: '(o~o)',
  alert: '(O.O)!',
};

export interface FaceSource {
  eyes: Partial<Record<Mood | 'blink' | 'default', string>>;
  face: Partial<Record<Mood, string>>;
  /** The levels and faces of the species' evolution stages, in order. */
  stages?: Array<{ level: number; face?: Partial<Record<Mood, string>> }>;
}

/** The eye glyph for a mood: the species' eye for that mood (or the state it falls back to), else its own default, else the pet's style. */
export function eyeFor(species: Pick<FaceSource, 'eyes'>, mood: Mood | 'blink', petEyes?: string): string {
  if (mood === 'blink') return species.eyes.blink || '-';
  // Along the fallback chain, so a celebrate drawn as happy gets happy's eyes.
  for (const state of fallbackChain(mood)) {
    if (state === 'idle') break;
    const own = species.eyes[state];
    if (own) return own;
    if (state === 'sleep') return '-';
  }
  // A species that sets its own eyes wears them; one that leaves them to the pet wears its seeded style.
  return species.eyes.idle || species.eyes.default || petEyes || 'o';
}

/** The face for a mood, along the same fallback chain as the frames, eyes filled in. */
export function faceFor(species: FaceSource, mood: Mood, petEyes?: string): string {
  const state = fallbackChain(mood).find((s) => species.face[s]);
  const face = state ? species.face[state]! : DEFAULT_FACES[mood];
  return face.replaceAll(EYE_PLACEHOLDER, eyeFor(species, mood, petEyes));
}

const stringRecord = (value: unknown): Record<string, string> | undefined => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === 'string' && entry.length > 0 && entry.length <= 24 && !entry.includes('\n')) out[key] = entry;
  }
  return out;
};

/** The stages' levels and faces, if they are in order (the full check is validate's); else none. */
function stageLevels(value: unknown): FaceSource['stages'] {
  if (!Array.isArray(value)) return undefined;
  const stages = value.map((stage: { level?: unknown; face?: unknown } | null) => ({
    level: Number(stage?.level),
    face: stringRecord(stage?.face) ?? {},
  }));
  return stages.every(
    (stage, i) => Number.isInteger(stage.level) && (i === 0 ? stage.level === 1 : stage.level > stages[i - 1].level),
  )
    ? stages
    : undefined;
}

/** The face and eyes of a species file, or undefined if the file is missing or not the right shape. */
export function readFaceSource(file: string): FaceSource | undefined {
  try {
    const value = JSON.parse(readSmallFile(file, { maxBytes: SMALL_FILE_LIMITS.species, followSymlinks: true })) as {
      face?: unknown;
      eyes?: unknown;
      stages?: unknown;
    };
    const face = stringRecord(value.face);
    if (!face?.idle) return undefined;
    return { face, eyes: stringRecord(value.eyes) ?? {}, stages: stageLevels(value.stages) };
  } catch {
    return undefined;
  }
}

/**
 * Each species file's face as last read, by the file's signature: a resident process (the pane's
 * statusline lines and mod views, drawn per event) stats the file instead of reading and parsing
 * it again (issue 50); a one-shot statusline pays one stat more.
 */
const readFaces = new Map<string, { signature: string; source: FaceSource | undefined }>();
const READ_FACES_KEPT = 64;

function faceSourceOf(file: string): FaceSource | undefined {
  const signature = fileSignature(file);
  if (signature === 'gone') return undefined;
  const known = readFaces.get(file);
  if (known?.signature === signature) return known.source;
  const source = readFaceSource(file);
  if (readFaces.size >= READ_FACES_KEPT) readFaces.clear();
  readFaces.set(file, { signature, source });
  return source;
}

export interface FaceLookup {
  speciesId?: string;
  mood: Mood;
  /** The pet's eye style. */
  eyes?: string;
  /** The pet's level: picks the evolution stage's face. Default 1. */
  level?: number;
  /** Searched first for `<id>.json`, then builtinDir. */
  userDir?: string;
  builtinDir?: string;
}

/**
 * The statusline's face: `<userDir>/<id>.json`, then `<builtinDir>/<id>.json`, then the
 * default faces. Always a safe single line.
 */
export function lookupFace(lookup: FaceLookup): string {
  const id = lookup.speciesId && /^[a-z][a-z0-9-]{0,31}$/.test(lookup.speciesId) ? lookup.speciesId : undefined;
  let source: FaceSource | undefined;
  for (const dir of [lookup.userDir, lookup.builtinDir]) {
    if (!id || !dir) continue;
    source = faceSourceOf(join(dir, `${id}.json`));
    if (source) break;
  }
  const eyes = lookup.eyes && [...lookup.eyes].length === 1 ? lookup.eyes : undefined;
  const stage = source?.stages?.[stageIndexAt(source.stages, lookup.level ?? 1)];
  const staged = source && stage ? { eyes: source.eyes, face: stageFaces(stage.face, source.face) } : source;
  const face = staged
    ? faceFor(staged, lookup.mood, eyes)
    : faceFor({ eyes: {}, face: DEFAULT_FACES }, lookup.mood, eyes);
  return sanitizeText(face, { maxLength: 32 });
}
