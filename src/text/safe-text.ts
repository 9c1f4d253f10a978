/**
 * Outside text made safe for the pane, once, where it is produced (the store's session entry,
 * the reaction sink, the species view, the notices). The brand lets the store and the
 * components say "this was sanitised" in their types, so they draw it as it is instead of
 * sanitising again on every tick; a raw string does not type-check where a SafeText is wanted.
 * It stays a string, so components keep string ergonomics (length, slice, template literals;
 * whatever they build from it is their own text around safe text).
 *
 * The CLI's print boundary is TerminalText (terminal-text.ts): a whole printable line. SafeText
 * is the pane's: one value at a time, carried through the store.
 */
import { sanitizeText, type SanitizeOptions } from './sanitize.js';

declare const safeTextBrand: unique symbol;

export type SafeText = string & { readonly [safeTextBrand]: true };

/** The only maker of a SafeText: sanitises whatever came from outside (see sanitize.ts). */
export function toSafeText(outside: unknown, options?: SanitizeOptions): SafeText {
  return sanitizeText(outside, options) as SafeText;
}

/** `toSafeText` for an optional value: undefined stays undefined. */
export function toSafeTextOrUndefined(outside: unknown, options?: SanitizeOptions): SafeText | undefined {
  return outside === undefined || outside === null ? undefined : toSafeText(outside, options);
}

/** The longest text a reaction carries (bubble, reactions.jsonl); longer is cut with an ellipsis. */
export const REACTION_TEXT_MAX = 500;

/**
 * A reaction's text made safe, the one way for every producer (plugins, delegates, quips) and
 * for a reaction read back from reactions.jsonl: line breaks kept, cut at REACTION_TEXT_MAX,
 * trimmed (what is left is still safe text).
 */
export function toReactionText(outside: unknown): SafeText {
  return toSafeText(outside, { keepNewlines: true, maxLength: REACTION_TEXT_MAX }).trim() as SafeText;
}

/** A name and its value, both safe to draw (the help overlay's delegate accounting). */
export type SafeRow = readonly [name: SafeText, value: SafeText];

export function toSafeRows(
  record: Record<string, string | number>,
  nameLength: number,
  valueLength: number,
): SafeRow[] {
  return Object.entries(record).map(([name, value]) => [
    toSafeText(name, { maxLength: nameLength }),
    toSafeText(String(value), { maxLength: valueLength }),
  ]);
}

/** Each line made safe on its own (sprite art: one line each, so a line break inside one is dropped). */
export function toSafeLines(lines: readonly unknown[], options?: SanitizeOptions): SafeText[] {
  return lines.map((line) => toSafeText(line, options));
}
