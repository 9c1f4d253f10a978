/** A small line diff (LCS) for `install --dry-run`: settings files are short. */

export function lineDiff(before: string, after: string, labels: { from: string; to: string }): string {
  const a = before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const b = after === '' ? [] : after.replace(/\n$/, '').split('\n');
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out = [`--- ${labels.from}`, `+++ ${labels.to}`];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(`  ${a[i]}`);
      i += 1;
      j += 1;
    } else if (j < b.length && (i >= a.length || lcs[i][j + 1] >= lcs[i + 1][j])) {
      out.push(`+ ${b[j]}`);
      j += 1;
    } else {
      out.push(`- ${a[i]}`);
      i += 1;
    }
  }
  return `${[...out.slice(0, 2), ...withContext(out.slice(2), 3)].join('\n')}\n`;
}

/** Keeps `context` unchanged lines around each change and folds the rest into `@@ ... @@`. */
function withContext(lines: string[], context: number): string[] {
  const changed = lines.map((line) => !line.startsWith('  '));
  const keep = lines.map((_, i) => changed.slice(Math.max(0, i - context), i + context + 1).some(Boolean));
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (keep[i]) out.push(line);
    else if (out[out.length - 1] !== '@@ ... @@') out.push('@@ ... @@');
  });
  return out;
}
