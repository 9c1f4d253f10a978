/**
 * `npm run bench`: every benchmark in one run, side by side on this machine, as ratios where a
 * baseline exists. A report, not a test: it never fails the build, it says which goals were met.
 * `npm run bench -- hook-cost mod-cost` runs only the areas named (the file names in bench/).
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { verdict, type BenchRow } from './measure.js';

const AREAS = [
  'foundation',
  'statusline',
  'tui',
  'pane-cost',
  'species',
  'pictures',
  'plugins',
  'delegate',
  'doctor',
  'hook-cost',
  'whole-session',
  'mod-cost',
  'screen-latency',
  'voice',
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((area) => !AREAS.includes(area));
if (unknown.length > 0) {
  process.stderr.write(`bench: no area ${unknown.join(', ')}; the areas are: ${AREAS.join(' ')}\n`);
  process.exit(2);
}

const rows: BenchRow[] = [];
for (const area of wanted.length > 0 ? AREAS.filter((name) => wanted.includes(name)) : AREAS) {
  const file = fileURLToPath(new URL(`./${area}.ts`, import.meta.url));
  if (!existsSync(file)) continue;
  process.stderr.write(`bench: ${area}…\n`);
  const module = (await import(file)) as { bench: () => Promise<BenchRow[]> };
  try {
    rows.push(...(await module.bench()));
  } catch (error) {
    rows.push({ area, name: 'benchmark failed', value: String((error as Error).message ?? error), ok: false });
  }
}

/** docs/bench-results.md keeps every run, with what it ran on, so a figure is read beside its load. */
function appendToResults(lines: string[], areas: string[]): void {
  if (process.env.BUDDY_BENCH_NO_LOG === '1') return;
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // Not a git checkout: the date and the Node still say when and on what.
  }
  const load = loadavg()
    .map((figure) => figure.toFixed(2))
    .join(' ');
  const heading = `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${commit} · Node ${process.version} · load ${load} · ${areas.join(' ')}`;
  const results = fileURLToPath(new URL('../docs/bench-results.md', import.meta.url));
  appendFileSync(results, `\n${heading}\n\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n`);
  process.stderr.write(`bench: appended to docs/bench-results.md (BUDDY_BENCH_NO_LOG=1 leaves it alone)\n`);
}

// Values are padded to the longest one a verdict follows: a long detail row is not padded to.
const judged = rows.filter((r) => r.ok !== undefined);
const widths = [8, Math.max(...rows.map((r) => r.name.length)), Math.max(0, ...judged.map((r) => r.value.length))];
const printed = rows.map((row) => {
  return `${row.area.padEnd(widths[0])}  ${row.name.padEnd(widths[1])}  ${row.value.padEnd(widths[2])}  ${verdict(row)}`.trimEnd();
});
const missed = rows.filter((r) => r.ok === false).length;
const summary = `${rows.filter((r) => r.ok).length} bars or goals met, ${missed} missed`;
process.stdout.write(`${printed.join('\n')}\n\n${summary}\n`);
appendToResults([...printed, '', summary], wanted.length > 0 ? wanted : ['all areas']);
