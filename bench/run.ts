/**
 * `npm run bench`: every benchmark in one run, side by side on this machine, as ratios where a
 * baseline exists. A report, not a test: it never fails the build, it says which goals were met.
 * `npm run bench -- hook-cost mod-cost` runs only the areas named (the file names in bench/).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './measure.js';

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

const widths = [8, Math.max(...rows.map((r) => r.name.length)), Math.max(...rows.map((r) => r.value.length))];
for (const row of rows) {
  const verdict = row.ok === undefined ? '' : row.ok ? `ok   (goal ${row.goal})` : `MISS (goal ${row.goal})`;
  process.stdout.write(
    `${row.area.padEnd(widths[0])}  ${row.name.padEnd(widths[1])}  ${row.value.padEnd(widths[2])}  ${verdict}\n`,
  );
}
const missed = rows.filter((r) => r.ok === false).length;
process.stdout.write(`\n${rows.filter((r) => r.ok).length} goals met, ${missed} missed\n`);
