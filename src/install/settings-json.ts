/**
 * Strict reading of a Claude Code settings file. buddy-tui edits settings.json only when it
 * is plain JSON: a file with comments or trailing commas is refused, never rewritten, because
 * re-serialising it would silently drop what the user wrote.
 */
import { describeJsonError, lineColumn } from '../text/json-place.js';

export type JsonObject = Record<string, unknown>;

export class SettingsFileError extends Error {
  /** When install refuses a file it could read: the JSON to add by hand (see hand-edit.ts). */
  byHand?: string;

  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'SettingsFileError';
  }
}

interface JsoncFeature {
  kind: 'comment' | 'trailing comma';
  start: number;
  end: number;
}

/**
 * Calls `visit` with each JSONC feature outside strings, in order: `//` or `/*` comments, and
 * commas right before `}` or `]` (with only white space between); stops when it returns false.
 */
function scanJsonc(text: string, visit: (feature: JsoncFeature) => boolean): void {
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      const close = text[i + 1] === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : text[i + 1] === '/' ? close : close + 2;
      if (!visit({ kind: 'comment', start: i, end })) return;
      i = end - 1;
    } else if (char === ',') {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j])) j += 1;
      if ((text[j] === '}' || text[j] === ']') && !visit({ kind: 'trailing comma', start: i, end: i + 1 })) return;
    }
  }
}

/** The first JSONC feature (comment or trailing comma) of a text, with its line and column. */
export function findJsoncFeature(
  text: string,
): { kind: JsoncFeature['kind']; line: number; column: number } | undefined {
  let found: JsoncFeature | undefined;
  scanJsonc(text, (feature) => {
    found = feature;
    return false;
  });
  return found && { kind: found.kind, ...lineColumn(text, found.start) };
}

/** The text with its comments, then its trailing commas, blanked out: plain JSON to read, never to write back. */
export function stripJsonc(text: string): string {
  const blank = (source: string, kind: JsoncFeature['kind']): string => {
    let out = '';
    let from = 0;
    scanJsonc(source, (feature) => {
      if (feature.kind !== kind) return true;
      out += source.slice(from, feature.start) + source.slice(feature.start, feature.end).replace(/[^\n]/g, ' ');
      from = feature.end;
      return true;
    });
    return out + source.slice(from);
  };
  return blank(blank(text, 'comment'), 'trailing comma');
}

/** Parses settings text into an object, or throws a SettingsFileError that says how to fix it. */
export function parseSettings(file: string, text: string): JsonObject {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const feature = findJsoncFeature(text);
    if (feature) {
      throw new SettingsFileError(
        file,
        `has a ${feature.kind} at line ${feature.line}, column ${feature.column}. buddy-tui only edits plain JSON and will not ` +
          'rewrite this file (that would lose what you wrote). Remove the comments/trailing commas, or add the entries by hand ' +
          '(`buddy-tui install --dry-run` prints them as JSON).',
      );
    }
    throw new SettingsFileError(
      file,
      `is not valid JSON (${describeJsonError(text, error)}); fix it, then run the command again.`,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SettingsFileError(file, 'must hold a JSON object at the top level.');
  }
  const settings = value as JsonObject;
  if (
    settings.hooks !== undefined &&
    (settings.hooks === null || typeof settings.hooks !== 'object' || Array.isArray(settings.hooks))
  ) {
    throw new SettingsFileError(file, '"hooks" must be an object of event names to arrays.');
  }
  for (const [event, groups] of Object.entries((settings.hooks as JsonObject | undefined) ?? {})) {
    // A host's own switch among the events (Droid's `hooksDisabled`, `showHookOutput`): lower camelCase, never an event's name.
    if (typeof groups === 'boolean' && /^[a-z]/.test(event)) continue;
    if (!Array.isArray(groups)) throw new SettingsFileError(file, `"hooks.${event}" must be an array.`);
  }
  if (settings.statusLine !== undefined && (settings.statusLine === null || typeof settings.statusLine !== 'object')) {
    throw new SettingsFileError(file, '"statusLine" must be an object.');
  }
  return settings;
}

/** How a file is indented and whether it ends with a newline, so an edit keeps its look. */
export interface JsonStyle {
  indent: string | number;
  finalNewline: boolean;
}

export function detectStyle(text: string): JsonStyle {
  const match = /\n([ \t]+)\S/.exec(text);
  const indent = match ? (match[1].startsWith('\t') ? '\t' : match[1].length) : 2;
  return { indent, finalNewline: text === '' || text.endsWith('\n') };
}

export function serializeSettings(settings: JsonObject, style: JsonStyle = { indent: 2, finalNewline: true }): string {
  return JSON.stringify(settings, null, style.indent) + (style.finalNewline ? '\n' : '');
}
