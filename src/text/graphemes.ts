/**
 * Grapheme clusters: what a reader sees as one character (👨‍👩‍👧, 🇫🇷, 👍🏽, é as e + U+0301).
 * Text is cut only between clusters, so a joined emoji is never split in half. Dependency-free
 * (Intl.Segmenter is built into Node), so the statusline bundle can use it too.
 */
let segmenter: Intl.Segmenter | undefined;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export function isPrintableAscii(text: string): boolean {
  return PRINTABLE_ASCII.test(text);
}

export function graphemes(text: string): string[] {
  // Printable ASCII is one cluster per character; skip the segmenter for it.
  if (PRINTABLE_ASCII.test(text)) return text.split('');
  segmenter ??= new Intl.Segmenter();
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** The longest run of whole clusters from the start of `text` that is at most `maxUnits` UTF-16 units long. */
export function sliceGraphemes(text: string, maxUnits: number): string {
  if (text.length <= maxUnits) return text;
  let out = '';
  for (const cluster of graphemes(text.slice(0, maxUnits + 64))) {
    if (out.length + cluster.length > maxUnits) break;
    out += cluster;
  }
  return out;
}
