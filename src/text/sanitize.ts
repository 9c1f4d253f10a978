/**
 * Everything from outside (tool names, commands, agent types, reactions, file names) passes
 * through here before it reaches a terminal: no escape sequence may move the cursor, set the
 * title or write the clipboard, and no tab may break a border.
 */
import { stripVTControlCharacters } from 'node:util';

// OSC, DCS, SOS, PM and APC strings up to their terminator (BEL or ST). stripVTControlCharacters
// misses OSC payloads with spaces (`ESC ]0;any title BEL` left "any title" behind).
const CONTROL_STRING = /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[\s\S]*?(?:\u0007|\u001b\\|\u009c|$)/g;
// C0 controls except \n, DEL, C1 controls, and bidi overrides that can reorder what is shown.
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export interface SanitizeOptions {
  /** Keep line breaks (for multi-line bubbles); otherwise they become spaces. */
  keepNewlines?: boolean;
  /** Cap in UTF-16 code units, with an ellipsis when cut. */
  maxLength?: number;
  tabWidth?: number;
}

export function sanitizeText(input: unknown, options: SanitizeOptions = {}): string {
  if (input === undefined || input === null) return '';
  let text = typeof input === 'string' ? input : String(input);
  const { keepNewlines = false, maxLength = 2000, tabWidth = 2 } = options;
  // Cap before the regexes so a 10 MB answer costs nothing.
  if (text.length > maxLength * 4 + 64) text = text.slice(0, maxLength * 4 + 64);
  text = stripVTControlCharacters(text.replace(CONTROL_STRING, ''))
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' '.repeat(tabWidth))
    .replace(CONTROL, '');
  if (!keepNewlines) text = text.replace(/\n+/g, ' ');
  if (text.length > maxLength) text = `${text.slice(0, Math.max(0, maxLength - 1))}…`;
  return text;
}
