/**
 * The rules a schema cannot say: every frame of a state has the same size in display cells
 * (wide characters and emoji count 2), each frame has the {E} placeholder, no tabs or control
 * characters, and ambiguous-width glyphs (drawn 1 or 2 cells wide depending on the terminal)
 * are warned about. Runs on a whole species, or on the sections of one that passed the schema
 * (so an author sees a width error and a colour error at once); a missing section is skipped.
 */
import stringWidth from 'string-width';
import { displayWidth } from '../display/exact-width.js';
import { isPrintableAscii } from '../text/graphemes.js';
import type { Species } from './species-schema.js';
import { EYE_PLACEHOLDER, SPRITE_STATES } from './sprite-state.js';

export interface SpeciesIssue {
  file: string;
  /** JSON path like `frames.idle[2][1]`; empty for the whole file. */
  path: string;
  message: string;
  severity: 'error' | 'warning';
}

// Tabs, C0/C1 controls, DEL, and bidi overrides: all of them break or disguise the art.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(String(key))) out += out ? `.${String(key)}` : String(key);
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/** Width in terminal cells of a frame line once the eyes (one cell each) are in. */
export function lineWidth(line: string): number {
  return displayWidth(line.replaceAll(EYE_PLACEHOLDER, 'o'));
}

/** The characters of `text` whose width depends on the terminal (East Asian Ambiguous). */
export function ambiguousGlyphs(text: string): string[] {
  const found = new Set<string>();
  if (isPrintableAscii(text)) return [];
  for (const char of text) {
    if (char.charCodeAt(0) < 0x7f) continue;
    if (stringWidth(char, { ambiguousIsNarrow: false }) !== stringWidth(char)) found.add(char);
  }
  return [...found];
}

function describeControl(text: string): string {
  const char = CONTROL.exec(text)?.[0] ?? '';
  if (char === '\t') return 'a tab (use spaces: tabs have no fixed width)';
  return `control character U+${char.codePointAt(0)!.toString(16).padStart(4, '0').toUpperCase()}`;
}

export function checkArt(species: Partial<Species>, file: string): SpeciesIssue[] {
  const issues: SpeciesIssue[] = [];
  const error = (path: ReadonlyArray<PropertyKey>, message: string) =>
    issues.push({ file, path: formatPath(path), message, severity: 'error' });
  const warning = (path: ReadonlyArray<PropertyKey>, message: string) =>
    issues.push({ file, path: formatPath(path), message, severity: 'warning' });

  const checkText = (path: ReadonlyArray<PropertyKey>, text: string) => {
    if (CONTROL.test(text)) {
      error(path, `contains ${describeControl(text)}`);
      return false;
    }
    const ambiguous = ambiguousGlyphs(text);
    if (ambiguous.length > 0) {
      warning(
        path,
        `ambiguous-width ${ambiguous.map((c) => `"${c}"`).join(' ')}: some terminals draw ${ambiguous.length > 1 ? 'these' : 'this'} 2 cells wide`,
      );
    }
    return true;
  };

  for (const field of ['name', 'description', 'personality'] as const) {
    const text = species[field];
    if (text !== undefined && CONTROL.test(text)) error([field], `contains ${describeControl(text)}`);
  }
  // Eyes: exactly one cell, or the frames would change width with the mood.
  for (const [mood, glyph] of Object.entries(species.eyes ?? {})) {
    if (glyph === undefined || !checkText(['eyes', mood], glyph)) continue;
    if (stringWidth(glyph) !== 1)
      error(['eyes', mood], `an eye must be 1 cell wide, "${glyph}" is ${stringWidth(glyph)}`);
  }
  for (const [mood, face] of Object.entries(species.face ?? {})) {
    if (face !== undefined) checkText(['face', mood], face);
  }

  if (species.frames) checkFrameSet(species.frames, [], species.idleSequence, species.hat, error, checkText);
  const checkQuips = (base: PropertyKey[], quips: Species['quips'] | undefined) => {
    for (const [kind, lines] of Object.entries(quips ?? {})) {
      lines?.forEach((quip, index) => {
        if (CONTROL.test(quip)) error([...base, 'quips', kind, index], `contains ${describeControl(quip)}`);
      });
    }
  };
  checkQuips([], species.quips);
  // Every stage is checked like the species itself, its paths under stages[i].
  species.stages?.forEach((stage, i) => {
    const base = ['stages', i];
    if (CONTROL.test(stage.name)) error([...base, 'name'], `contains ${describeControl(stage.name)}`);
    for (const [mood, face] of Object.entries(stage.face ?? {})) {
      if (face !== undefined) checkText([...base, 'face', mood], face);
    }
    if (stage.frames) checkFrameSet(stage.frames, base, species.idleSequence, stage.hat, error, checkText);
    checkQuips(base, stage.quips);
  });
  return issues;
}

type ErrorAt = (path: ReadonlyArray<PropertyKey>, message: string) => void;
type TextCheck = (path: ReadonlyArray<PropertyKey>, text: string) => boolean;

/** The frames of the species or of one stage (under `base`): sizes, eyes, the idle sequence, the hat. */
function checkFrameSet(
  frames: Partial<Species['frames']>,
  base: PropertyKey[],
  sequence: Species['idleSequence'],
  hat: Species['hat'],
  error: ErrorAt,
  checkText: TextCheck,
): void {
  const idleSize = frames.idle && checkStateFrames(frames.idle, [...base, 'frames', 'idle'], error, checkText);
  for (const state of [...SPRITE_STATES.filter((s) => s !== 'idle'), 'blink'] as const) {
    const stateFrames = frames[state];
    if (!stateFrames) continue;
    // The blink frame plays inside the idle sequence, so it must match idle's size.
    checkStateFrames(
      stateFrames,
      [...base, 'frames', state],
      error,
      checkText,
      state === 'blink' ? idleSize : undefined,
    );
  }
  const idle = frames.idle;
  if (idle) {
    sequence?.forEach((step, index) => {
      if (typeof step === 'number' && step >= idle.length) {
        const where = formatPath([...base, 'frames', 'idle']);
        error(
          ['idleSequence', index],
          `frame ${step} does not exist: ${where} has ${idle.length} frames (0 to ${idle.length - 1})`,
        );
      }
    });
  }
  if (hat && idleSize) {
    const row = hat.row ?? 0;
    if (row >= idleSize.height)
      error([...base, 'hat', 'row'], `row ${row} is outside the frames (${idleSize.height} lines)`);
    if (hat.center !== undefined && hat.center >= idleSize.width) {
      error([...base, 'hat', 'center'], `column ${hat.center} is outside the frames (${idleSize.width} cells wide)`);
    }
  }
}

interface Size {
  width: number;
  height: number;
  where: string;
}

function checkStateFrames(
  frames: string[][],
  base: PropertyKey[],
  error: ErrorAt,
  checkText: TextCheck,
  expected?: Size,
): Size | undefined {
  let size = expected;
  frames.forEach((frame, f) => {
    if (!frame.some((line) => line.includes(EYE_PLACEHOLDER))) {
      error([...base, f], `no ${EYE_PLACEHOLDER} placeholder: every frame shows where the eyes go`);
    }
    if (size && frame.length !== size.height) {
      error([...base, f], `${frame.length} lines, expected ${size.height} like ${size.where}`);
    }
    frame.forEach((line, l) => {
      if (!checkText([...base, f, l], line)) return;
      const width = lineWidth(line);
      if (!size) size = { width, height: frame.length, where: formatPath([...base, f, l]) };
      else if (width !== size.width) {
        error([...base, f, l], `${width} cells wide, expected ${size.width} like ${size.where} (pad with spaces)`);
      }
    });
  });
  return size;
}
