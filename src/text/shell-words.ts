/** Shell words: quoting one for `sh -c` (and bash, zsh, fish), and undoing that quoting. */

const BARE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Quotes one word for `sh -c` only when it needs it: bare when safe, else single quotes. */
export function shellQuote(word: string): string {
  if (BARE.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Reverses `shellQuote` for one single-quoted or bare word; undefined for anything else. */
export function shellUnquote(word: string): string | undefined {
  if (BARE.test(word)) return word;
  if (!word.startsWith(`'`) || !word.endsWith(`'`)) return undefined;
  const unquoted = word.slice(1, -1).replace(/'\\''/g, `'`);
  return unquoted.includes(`'`) ? undefined : unquoted;
}
