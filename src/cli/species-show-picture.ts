/**
 * `species show` of a picture pet: each mood's animation drawn from the pet's pixels in
 * half-blocks, as the pane draws it, when the terminal has colour. Where it has none (NO_COLOR,
 * TERM=dumb, BUDDY_TUI_PICTURES=text, or stdout not a terminal), one line says why and how to
 * see the picture, and the caller draws the species' text frames.
 */
import { dirname } from 'node:path';
import { PictureError } from '../species/picture-file.js';
import { parsePictureManifest, type PictureManifest } from '../species/picture-manifest.js';
import type { PictureColors } from '../species/picture-cells.js';
import { loadPicture } from '../species/picture-load.js';
import { animationFor } from '../species/picture-states.js';
import { pictureModeFor } from '../species/picture-terminal.js';
import type { Species } from '../species/species-schema.js';
import type { SpriteState } from '../species/sprite-state.js';
import { sanitizeText } from '../text/sanitize.js';
import { styled, term, type TerminalText } from '../text/terminal-text.js';
import type { CliIo } from './cli-io.js';

/** 20 cells wide: three frames side by side fit an 80-column terminal. */
const SHOW_WIDTH = 20;
const PER_BAND = 3;

/** The colours to draw with here, or why the picture cannot be drawn. */
export function showColors(io: CliIo): { colors: PictureColors } | { why: string } {
  const forced = io.env.BUDDY_TUI_PICTURES;
  const mode = pictureModeFor(io.env);
  if (mode.kind === 'text')
    return { why: 'this terminal has no colour (NO_COLOR, TERM=dumb or BUDDY_TUI_PICTURES=text)' };
  if (!io.isTTY && forced === undefined)
    return { why: 'stdout is not a terminal (BUDDY_TUI_PICTURES=truecolor draws it anyway)' };
  // A one-shot command draws half-blocks in kitty too: its images would outlive the output.
  return { colors: mode.kind === 'cells' ? mode.colors : 'truecolor' };
}

/** Lines made by picture-cells.ts from numbers only (colour codes and block characters). */
const pictureLine = (line: string): TerminalText => styled(term``, () => line);

/** Draws the picture; false (after one line saying so) when the caller should draw the text frames. */
export async function showPicture(
  io: CliIo,
  species: Species,
  file: string,
  moods: readonly SpriteState[],
): Promise<boolean> {
  const manifest = species.picture ? parsePictureManifest(species.picture).manifest : undefined;
  if (!manifest) return false;
  const how = showColors(io);
  if ('why' in how) {
    io.stdout(term`a picture pet, drawn below in its text frames: ${how.why}; the pane draws its picture\n`);
    return false;
  }
  try {
    await drawMoods(io, { folder: dirname(file), manifest }, how.colors, moods);
    return true;
  } catch (error) {
    const message = error instanceof PictureError ? error.message : String(error);
    io.stderr(
      term`buddy-tui species show: the picture cannot be drawn: ${sanitizeText(message, { maxLength: 400 })}\n`,
    );
    io.stdout(term`a picture pet, drawn below in its text frames: its picture cannot be drawn\n`);
    return false;
  }
}

async function drawMoods(
  io: CliIo,
  source: { folder: string; manifest: PictureManifest },
  colors: PictureColors,
  moods: readonly SpriteState[],
): Promise<void> {
  const { frame, animations } = source.manifest;
  const cells = { width: SHOW_WIDTH, height: Math.ceil((SHOW_WIDTH * frame.height) / frame.width / 2) };
  const picture = await loadPicture(source, cells, { kind: 'cells', colors });
  for (const mood of moods) {
    const name = animationFor(animations, mood);
    const animation = animations[name]!;
    io.stdout(
      term`\n${mood} (animation ${name}, ${animation.frames.length} frames at ${Number(animation.fps.toFixed(1))} fps)\n`,
    );
    const frames = animation.frames.map((index) => picture.lines.get(index) ?? []);
    for (let start = 0; start < frames.length; start += PER_BAND) {
      const band = frames.slice(start, start + PER_BAND);
      for (let row = 0; row < cells.height; row += 1) {
        const line = band.map((lines) => lines[row] ?? '').join('  ');
        io.stdout(term`${pictureLine(line)}\n`);
      }
    }
  }
}
