/**
 * The text report Gemini CLI and Qwen Code (its fork) give of a shell call, one field a line:
 * "Command: ...\nDirectory: ...\nOutput: <the output>\nError: ...\nExit Code: N\n...". The
 * output can be megabytes of anything, so it is read by hand-written scans that look at each
 * character a bounded number of times: `\s+$` and a lazy `[\s\S]*?` over it were retried from
 * every character of a run of spaces or `Output: ` lines and took minutes (issue 44).
 */

const EXIT_LABEL = 'Exit Code: ';
const OUTPUT_LABEL = 'Output: ';

/** A line ends where a multiline pattern's `$` would: \n, \r, U+2028, U+2029. */
const isLineBreak = (code: number) => code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
const isDigit = (code: number) => code >= 48 && code <= 57;
const atLineStart = (text: string, at: number) => at === 0 || isLineBreak(text.charCodeAt(at - 1));

/** The N of the first line that is exactly `Exit Code: N` (an integer); undefined when no line is. */
export function reportedExitCode(text: string): number | undefined {
  for (let at = text.indexOf(EXIT_LABEL); at >= 0; at = text.indexOf(EXIT_LABEL, at + 1)) {
    if (!atLineStart(text, at)) continue;
    const start = at + EXIT_LABEL.length;
    const digits = text.charCodeAt(start) === 45 ? start + 1 : start;
    let end = digits;
    while (isDigit(text.charCodeAt(end))) end += 1;
    if (end > digits && (end === text.length || isLineBreak(text.charCodeAt(end))))
      return Number(text.slice(start, end));
  }
  return undefined;
}

/**
 * The output: from the first line starting `Output: ` that one of `ends` (such as "\nExit Code:")
 * follows, to the first of them, trailing whitespace trimmed; '' when there is none or it says
 * "(empty)".
 */
export function reportedOutput(text: string, ends: readonly string[]): string {
  // An Output line starting after the last end has nothing to end it, nor has any later one.
  const lastEnd = Math.max(...ends.map((end) => text.lastIndexOf(end)));
  for (let at = text.indexOf(OUTPUT_LABEL); at >= 0; at = text.indexOf(OUTPUT_LABEL, at + 1)) {
    const from = at + OUTPUT_LABEL.length;
    if (from > lastEnd) return '';
    if (!atLineStart(text, at)) continue;
    const stop = Math.min(...ends.map((end) => text.indexOf(end, from)).filter((index) => index >= 0));
    const output = text.slice(from, stop).trimEnd();
    return output === '(empty)' ? '' : output;
  }
  return '';
}
