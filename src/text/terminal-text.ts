/**
 * Text a command may print. The CLI writers (src/cli/cli-io.ts) take nothing else, and the only
 * ways to make one sanitise whatever came from outside, so a config key, a species name, a path
 * or an error message can't carry an escape sequence to the terminal however a command builds
 * its line:
 * - `term\`...\``: the literal parts are the program's own text; every value put in is
 *   sanitised to one line (a TerminalText value is taken as it is);
 * - `termLines(value)`: outside text that keeps its line breaks (a diff, a file's content);
 * - `termJson(value)`: JSON for `--json`, with what JSON leaves raw (C1 controls, invisible
 *   and separator characters) written as \u escapes, so it parses to the same value;
 * - `styled(text, style)`: the program's own colouring around text already made safe.
 */
import { sanitizeText } from './sanitize.js';

export class TerminalText {
  readonly #text: string;

  private constructor(text: string) {
    this.#text = text;
  }

  toString(): string {
    return this.#text;
  }

  static template(literals: TemplateStringsArray, ...values: unknown[]): TerminalText {
    let out = literals[0];
    values.forEach((value, index) => {
      out += TerminalText.piece(value) + literals[index + 1];
    });
    return new TerminalText(out);
  }

  static lines(value: unknown): TerminalText {
    return new TerminalText(
      value instanceof TerminalText ? value.#text : sanitizeText(value, { keepNewlines: true, maxLength: 1_000_000 }),
    );
  }

  static json(value: unknown, indent?: number): TerminalText {
    return new TerminalText(escapeJsonRaw(JSON.stringify(value, null, indent) ?? 'null'));
  }

  static join(parts: readonly TerminalText[], separator: string): TerminalText {
    return new TerminalText(parts.map((part) => part.#text).join(separator));
  }

  static styled(text: TerminalText, style: (safe: string) => string): TerminalText {
    return new TerminalText(style(text.#text));
  }

  private static piece(value: unknown): string {
    return value instanceof TerminalText ? value.#text : sanitizeText(value);
  }
}

// JSON.stringify escapes C0 controls but leaves DEL, C1 controls (U+009B is an 8-bit CSI),
// line and paragraph separators and invisible characters raw. Outside a string JSON is ASCII,
// so escaping these wherever they are keeps the JSON valid and its value unchanged.
const JSON_RAW = /[\u007f-\u009f\u2028\u2029\p{Default_Ignorable_Code_Point}]/gu;

function escapeJsonRaw(json: string): string {
  return json.replace(JSON_RAW, (char) =>
    Array.from({ length: char.length }, (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
  );
}

export const term = TerminalText.template;
export const termLines = TerminalText.lines;
export const termJson = TerminalText.json;
export const joinTerm = TerminalText.join;
export const styled = TerminalText.styled;
