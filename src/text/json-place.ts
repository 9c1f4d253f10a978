/**
 * Where in a text JSON.parse stopped, as a person finds it in an editor: line and column, not
 * the character offset its message gives (Node 20 says only "at position 223"; newer Nodes add
 * "(line 9 column 5)"). Install's refusal of a settings file and the config loader both say it.
 */

/** Line and column (1-based) of an offset in a text. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** The message of JSON.parse's error on `text` with its place: `line 9, column 5: Expected ...`. */
export function describeJsonError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = / at position (\d+)/.exec(message);
  const reason = message.replace(/ in JSON at position \d+.*$/s, '').replace(/ \(line \d+ column \d+\)$/, '');
  if (position) {
    const { line, column } = lineColumn(text, Number(position[1]));
    return `line ${line}, column ${column}: ${reason}`;
  }
  // "Unexpected end of JSON input" names no position: the end is the place.
  if (/end of JSON input/.test(message)) {
    const { line, column } = lineColumn(text, text.length);
    return `line ${line}, column ${column}: ${reason}`;
  }
  return reason;
}
