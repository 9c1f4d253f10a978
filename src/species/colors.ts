/**
 * Species colours: a name or a hex value, degraded to what the terminal can show
 * (true colour, 256, the 16 ANSI colours, or none when NO_COLOR is set). Zod-free.
 */
import { colorAllowed } from '../text/color-allowed.js';
import { styled, type TerminalText } from '../text/terminal-text.js';

export const NAMED_COLORS = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
  'gray',
  'redBright',
  'greenBright',
  'yellowBright',
  'blueBright',
  'magentaBright',
  'cyanBright',
  'whiteBright',
] as const;
export type NamedColor = (typeof NAMED_COLORS)[number];
export type ColorLevel = 'none' | '16' | '256' | 'truecolor';

/** SGR foreground codes and the usual xterm RGB of the 16 colours. */
const ANSI16: Record<NamedColor, { code: number; rgb: [number, number, number] }> = {
  black: { code: 30, rgb: [0, 0, 0] },
  red: { code: 31, rgb: [205, 0, 0] },
  green: { code: 32, rgb: [0, 205, 0] },
  yellow: { code: 33, rgb: [205, 205, 0] },
  blue: { code: 34, rgb: [0, 0, 238] },
  magenta: { code: 35, rgb: [205, 0, 205] },
  cyan: { code: 36, rgb: [0, 205, 205] },
  white: { code: 37, rgb: [229, 229, 229] },
  gray: { code: 90, rgb: [127, 127, 127] },
  redBright: { code: 91, rgb: [255, 0, 0] },
  greenBright: { code: 92, rgb: [0, 255, 0] },
  yellowBright: { code: 93, rgb: [255, 255, 0] },
  blueBright: { code: 94, rgb: [92, 92, 255] },
  magentaBright: { code: 95, rgb: [255, 0, 255] },
  cyanBright: { code: 96, rgb: [0, 255, 255] },
  whiteBright: { code: 97, rgb: [255, 255, 255] },
};

export function isNamedColor(value: string): value is NamedColor {
  return Object.hasOwn(ANSI16, value);
}

export function parseHex(value: string): [number, number, number] | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (!match) return undefined;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** The closest of the 16 colours to an RGB value ("redmean" weighted distance, closer to how eyes see it). */
export function nearestNamed(rgb: [number, number, number]): NamedColor {
  let best: NamedColor = 'white';
  let bestDistance = Infinity;
  for (const [
    name,
    {
      rgb: [r, g, b],
    },
  ] of Object.entries(ANSI16) as Array<[NamedColor, (typeof ANSI16)[NamedColor]]>) {
    const redMean = (r + rgb[0]) / 2;
    const distance =
      (2 + redMean / 256) * (r - rgb[0]) ** 2 + 4 * (g - rgb[1]) ** 2 + (2 + (255 - redMean) / 256) * (b - rgb[2]) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  return best;
}

/** The colour as Ink takes it (a name or "#rrggbb") at this level, or undefined for none. */
export function degradeColor(value: string | undefined, level: ColorLevel): string | undefined {
  if (!value || level === 'none') return undefined;
  if (isNamedColor(value)) return value;
  const rgb = parseHex(value);
  if (!rgb) return undefined;
  if (level === '16') return nearestNamed(rgb);
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

function to256(rgb: [number, number, number]): number {
  const [r, g, b] = rgb.map((c) => Math.round((c / 255) * 5));
  return 16 + 36 * r + 6 * g + b;
}

/** `text` wrapped in the SGR codes for `value` at `level`; unchanged when there is no colour. */
/** `paint` for text a command prints: the colour is ours, the text was made safe before. */
export function paintTerm(text: TerminalText, value: string | undefined, level: ColorLevel): TerminalText {
  return styled(text, (safe) => paint(safe, value, level));
}

export function paint(text: string, value: string | undefined, level: ColorLevel): string {
  const color = degradeColor(value, level);
  if (!color) return text;
  if (isNamedColor(color)) return `\u001b[${ANSI16[color].code}m${text}\u001b[39m`;
  const rgb = parseHex(color)!;
  const open = level === 'truecolor' ? `38;2;${rgb.join(';')}` : `38;5;${to256(rgb)}`;
  return `\u001b[${open}m${text}\u001b[39m`;
}

/** What the terminal can show: NO_COLOR wins, then FORCE_COLOR, then COLORTERM/TERM and whether it is a TTY. */
export function colorLevel(env: NodeJS.ProcessEnv = process.env, isTTY = Boolean(process.stdout.isTTY)): ColorLevel {
  if (!colorAllowed(env)) return 'none';
  const force = env.FORCE_COLOR;
  if (force === '0' || force === 'false') return 'none';
  if (!isTTY && force === undefined) return 'none';
  if (force === '3' || /truecolor|24bit/i.test(env.COLORTERM ?? '')) return 'truecolor';
  if (force === '2' || /256/.test(env.TERM ?? '')) return '256';
  if (env.TERM === 'dumb' && force === undefined) return 'none';
  return '16';
}
