/**
 * Everything from outside (tool names, commands, agent types, reactions, file names, config
 * keys) passes through here before it reaches a terminal: no escape sequence may move the
 * cursor, set the title or write the clipboard, no invisible character may hide text or make a
 * line's drawn width differ from its measured width, and no tab may break a border.
 */
import { stripVTControlCharacters } from 'node:util';
import { sliceGraphemes } from './graphemes.js';

// OSC, DCS, SOS, PM and APC strings up to their terminator (BEL or ST). stripVTControlCharacters
// misses OSC payloads with spaces (`ESC ]0;any title BEL` left "any title" behind).
const CONTROL_STRING = /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[\s\S]*?(?:\u0007|\u001b\\|\u009c|$)/g;
// C0 controls except \n, DEL and C1 controls.
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;
// Line and paragraph separators (and NEL) are line breaks that terminals draw in their own ways.
const LINE_SEPARATOR = /[\u0085\u2028\u2029]/g;
/**
 * Default-ignorable code points draw nothing, so terminals disagree on their width (U+200B,
 * U+FEFF, U+3164, runs of U+200D) or use them to reorder text (bidi overrides and marks); tag
 * characters can carry hidden text. Dropped, except where they are part of what is shown: a
 * joiner inside an emoji sequence (👨‍👩‍👧), a variation selector after a visible character
 * (❤️), tags inside a flag (🏴 + tags), a non-joiner between letters (Persian, Indic scripts).
 * Each kept case starts with its character and looks back a bounded way, so the cost stays
 * linear however long a run of marks or tags is.
 */
/**
 * Where the pattern above can match at all: every default-ignorable code point (U+E0000-E0FFF,
 * U+1BCA0-1BCA3 and U+1D173-1D17A by their high surrogates), which covers each of its cases. Text
 * without one (a face like (◉_◉), most names) never compiles the pattern; a test holds this set to
 * \p{Default_Ignorable_Code_Point} over every code point.
 */
export const MAY_BE_INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: a set of single code points, each looked for alone; no class member is meant to combine with another
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8\uD82F\uD834\uDB40-\uDB43]/;
let invisible: RegExp | undefined;
/** The pattern above, made at its first use: compiling its Unicode properties cost every hot-path start (~0.5 ms). */
function invisiblePattern(): RegExp {
  invisible ??=
    /\u200D(?<=\p{Extended_Pictographic}[\uFE0F\u{1F3FB}-\u{1F3FF}]?\u200D)(?=\p{Extended_Pictographic})|[\uFE00-\uFE0F](?<=[^\p{Default_Ignorable_Code_Point}][\uFE00-\uFE0F])|[\u{E0020}-\u{E007F}](?<=\u{1F3F4}[\u{E0020}-\u{E007E}]{0,7}[\u{E0020}-\u{E007F}])|\u200C(?<=\p{L}\p{M}{0,4}\u200C)(?=\p{L})|(\p{Default_Ignorable_Code_Point})/gu;
  return invisible;
}

/** Text with nothing to remove: the common case, which then never compiles the invisible characters' pattern (~1 ms at a statusline's start). */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export interface SanitizeOptions {
  /** Keep line breaks (for multi-line bubbles); otherwise they become spaces. */
  keepNewlines?: boolean;
  /** Cap in UTF-16 code units, with an ellipsis when cut; cut between grapheme clusters. */
  maxLength?: number;
  tabWidth?: number;
}

export function sanitizeText(input: unknown, options: SanitizeOptions = {}): string {
  if (input === undefined || input === null) return '';
  let text = typeof input === 'string' ? input : String(input);
  const { keepNewlines = false, maxLength = 2000, tabWidth = 2 } = options;
  // Cap before the regexes so a 10 MB answer costs nothing.
  if (text.length > maxLength * 4 + 64) text = text.slice(0, maxLength * 4 + 64);
  if (PRINTABLE_ASCII.test(text))
    return text.length > maxLength ? `${text.slice(0, Math.max(0, maxLength - 1))}…` : text;
  text = stripVTControlCharacters(text.replace(CONTROL_STRING, ''))
    .replace(/\r\n?/g, '\n')
    .replace(LINE_SEPARATOR, '\n')
    .replace(/\t/g, ' '.repeat(tabWidth))
    .replace(CONTROL, '');
  if (MAY_BE_INVISIBLE.test(text))
    text = text.replace(invisiblePattern(), (kept, dropped: string | undefined) => (dropped ? '' : kept));
  if (!keepNewlines) text = text.replace(/\n+/g, ' ');
  if (text.length > maxLength) text = `${sliceGraphemes(text, Math.max(0, maxLength - 1))}…`;
  return text;
}
