/**
 * A picture pet's manifest: Codex's pet.json format (../shared/notes/codex-pets.md), also what a
 * species file of ours names under `picture`. Checked by hand, not by zod, so every problem
 * names its JSON path the same way for both, and the defaults are Codex's: a 192×208 grid of 8
 * columns and 9 rows, the nine named animations, the manifest's own added to them.
 */

export interface PictureGrid {
  width: number;
  height: number;
  columns: number;
  rows: number;
}

export interface PictureAnimation {
  /** Sprite indices, row-major. */
  frames: number[];
  fps: number;
  loop: boolean;
  /** The animation played when this one does not loop and has finished. */
  fallback: string;
}

export interface PictureManifest {
  spritesheetPath: string;
  frame: PictureGrid;
  animations: Record<string, PictureAnimation>;
}

export interface ManifestProblem {
  path: string;
  message: string;
}

export const MAX_PICTURE_FRAMES = 256;
export const DEFAULT_GRID: PictureGrid = { width: 192, height: 208, columns: 8, rows: 9 };
export const DEFAULT_SPRITESHEET = 'spritesheet.webp';

/** Codex's rows, with its frame times turned into fps (its per-frame times are averaged). */
const DEFAULT_ROWS: Array<[name: string, row: number, count: number, fps: number]> = [
  ['idle', 0, 6, 1000 / 1100],
  ['running-right', 1, 8, 1000 / 120],
  ['running-left', 2, 8, 1000 / 120],
  ['waving', 3, 4, 1000 / 140],
  ['jumping', 4, 5, 1000 / 140],
  ['failed', 5, 8, 1000 / 140],
  ['waiting', 6, 6, 1000 / 150],
  ['running', 7, 6, 1000 / 120],
  ['review', 8, 6, 1000 / 150],
];

/** The default animations that fit a grid: rows past its end are left out, idle always stays. */
export function defaultAnimations(grid: PictureGrid): Record<string, PictureAnimation> {
  const animations: Record<string, PictureAnimation> = {};
  for (const [name, row, count, fps] of DEFAULT_ROWS) {
    const frames = Array.from({ length: Math.min(count, grid.columns) }, (_, i) => row * grid.columns + i);
    if (row >= grid.rows) continue;
    animations[name] = { frames, fps, loop: true, fallback: 'idle' };
  }
  animations.idle ??= { frames: [0], fps: 1, loop: true, fallback: 'idle' };
  return animations;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A relative path inside the pet's folder: no absolute path, no `..`, no NUL, no backslash. */
export function spritesheetPathProblem(path: string): string | undefined {
  if (path.length === 0 || path.length > 200) return 'spritesheetPath must be 1 to 200 characters';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('\\') || path.includes('\0'))
    return `spritesheetPath "${path}" must be a relative path inside the pet's folder`;
  if (path.split('/').some((part) => part === '..'))
    return `spritesheetPath "${path}" must stay inside the pet's folder (no "..")`;
  return undefined;
}

function readGrid(value: unknown, problems: ManifestProblem[]): PictureGrid {
  if (value === undefined) return { ...DEFAULT_GRID };
  if (!isRecord(value)) {
    problems.push({ path: 'frame', message: 'expected an object { width, height, columns, rows }' });
    return { ...DEFAULT_GRID };
  }
  const grid = { ...DEFAULT_GRID };
  for (const key of ['width', 'height', 'columns', 'rows'] as const) {
    const entry = value[key];
    if (entry === undefined) continue;
    const max = key === 'width' || key === 'height' ? 4096 : MAX_PICTURE_FRAMES;
    if (typeof entry !== 'number' || !Number.isInteger(entry) || entry < 1 || entry > max)
      problems.push({ path: `frame.${key}`, message: `expected a whole number from 1 to ${max}` });
    else grid[key] = entry;
  }
  if (grid.columns * grid.rows > MAX_PICTURE_FRAMES) {
    problems.push({
      path: 'frame',
      message: `${grid.columns} × ${grid.rows} is ${grid.columns * grid.rows} frames; at most ${MAX_PICTURE_FRAMES}`,
    });
  }
  return grid;
}

function readAnimation(
  name: string,
  value: unknown,
  count: number,
  problems: ManifestProblem[],
): PictureAnimation | undefined {
  const at = `animations.${name}`;
  if (!isRecord(value)) {
    problems.push({ path: at, message: 'expected an object { frames, fps, loop, fallback }' });
    return undefined;
  }
  const before = problems.length;
  const frames = value.frames;
  if (!Array.isArray(frames) || frames.length === 0 || frames.length > MAX_PICTURE_FRAMES) {
    problems.push({ path: `${at}.frames`, message: `expected 1 to ${MAX_PICTURE_FRAMES} frame indices` });
  } else {
    frames.forEach((index, i) => {
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count) {
        problems.push({
          path: `${at}.frames[${i}]`,
          message: `frame index ${JSON.stringify(index)} is out of range (the grid has ${count} frames, 0 to ${count - 1})`,
        });
      }
    });
  }
  const fps = value.fps ?? 8;
  if (typeof fps !== 'number' || !Number.isFinite(fps) || fps <= 0 || fps > 60)
    problems.push({ path: `${at}.fps`, message: `fps ${JSON.stringify(fps)} must be above 0 and at most 60` });
  const loop = value.loop ?? true;
  if (typeof loop !== 'boolean') problems.push({ path: `${at}.loop`, message: 'expected true or false' });
  const fallback = value.fallback ?? 'idle';
  if (typeof fallback !== 'string') problems.push({ path: `${at}.fallback`, message: 'expected an animation name' });
  if (problems.length > before) return undefined;
  return { frames: frames as number[], fps: fps as number, loop: loop as boolean, fallback: fallback as string };
}

/**
 * The manifest with Codex's defaults filled in, or the problems (each with its JSON path).
 * `defaultSheet` is what a missing spritesheetPath means (Codex's default for pet.json).
 */
export function parsePictureManifest(
  value: unknown,
  defaultSheet = DEFAULT_SPRITESHEET,
): { manifest?: PictureManifest; problems: ManifestProblem[] } {
  const problems: ManifestProblem[] = [];
  if (!isRecord(value)) return { problems: [{ path: '', message: 'expected a JSON object' }] };
  const sheet = value.spritesheetPath ?? defaultSheet;
  let spritesheetPath = defaultSheet;
  if (typeof sheet !== 'string') problems.push({ path: 'spritesheetPath', message: 'expected a relative file path' });
  else {
    const problem = spritesheetPathProblem(sheet);
    if (problem) problems.push({ path: 'spritesheetPath', message: problem });
    else spritesheetPath = sheet;
  }
  const frame = readGrid(value.frame, problems);
  const animations = defaultAnimations(frame);
  if (value.animations !== undefined && !isRecord(value.animations))
    problems.push({ path: 'animations', message: 'expected an object of named animations' });
  else {
    for (const [name, entry] of Object.entries((value.animations ?? {}) as Record<string, unknown>)) {
      if (!/^[A-Za-z0-9_-]{1,40}$/.test(name)) {
        problems.push({
          path: `animations.${name.slice(0, 40)}`,
          message: 'an animation name is letters, digits, "-" and "_", at most 40',
        });
        continue;
      }
      const animation = readAnimation(name, entry, frame.columns * frame.rows, problems);
      if (animation) animations[name] = animation;
    }
  }
  for (const [name, animation] of Object.entries(animations)) {
    if (!animations[animation.fallback])
      problems.push({
        path: `animations.${name}.fallback`,
        message: `fallback "${animation.fallback}" names no animation`,
      });
  }
  return problems.length > 0 ? { problems } : { manifest: { spritesheetPath, frame, animations }, problems };
}
