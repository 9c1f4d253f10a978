/**
 * What the pane draws of a picture pet: its lines per sprite index at one size, its animations,
 * and until when it greets. The lines are built by picture-cells.ts / picture-kitty.ts from
 * numbers only (colour codes and block or placeholder characters), never from outside text.
 */
import type { PictureAnimation } from './picture-manifest.js';

export interface PictureView {
  /** Which pet, size and mode these lines are for. */
  key: string;
  cells: { width: number; height: number };
  lines: Record<number, string[]>;
  animations: Record<string, PictureAnimation>;
  /** Until this time an idle pet plays its greeting (waving). */
  greetUntil: number;
}
