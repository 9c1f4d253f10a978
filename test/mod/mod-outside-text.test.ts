/**
 * What the Claude Code mod draws comes from `buddy-tui mod-state` (and the runner's view files,
 * made by the same computeModState): a species file's name, stage names and quips are outside
 * text. The species check refuses control characters, but not line separators or zero-width
 * characters, which the pane's sanitiser takes out; the mod must get them out too. The real built
 * CLI is spawned (run `npm run build` first); its answer, and what the mod's drawing rules make
 * of it, hold none of them while the visible words are still there.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// biome-ignore format: the @ts-expect-error below must stay on the line that names the module
// @ts-expect-error: plain JavaScript module of the mod, typed by JSDoc only
import { bandRows, besideCell, card, parseModState } from '../../claude-plugin/hooks/buddy-view.js';
import { speciesTemplate } from '../../src/species/species-template.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { isolatedEnv, makeTempDir } from '../support/temp-dir.js';

// ESC, BEL, every other C0 control, DEL and C1 controls (a line break is no drawing here either),
// line and paragraph separators, zero-width space and BOM.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b\ufeff]/;

/** Every string in `value` that is drawn (paths are not), with where it was found. */
function drawnStrings(value: unknown, at = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => drawnStrings(item, `${at}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value)
      .filter(([key]) => !['watch', 'reactions', 'view'].includes(key))
      .flatMap(([key, item]) => drawnStrings(item, `${at}.${key}`));
  return [];
}

function expectClean(value: unknown): void {
  for (const [at, text] of drawnStrings(value))
    expect(CONTROL.test(text), `${at}: ${JSON.stringify(text)}`).toBe(false);
}

describe('outside text in what the mod draws', () => {
  it("a species' name, stage name and quips reach mod-state's answer and the mod's drawing only cleaned", () => {
    const base = makeTempDir();
    const env = isolatedEnv(base, join(base, 'state'));
    const template = speciesTemplate('evil');
    const species = {
      ...template,
      name: '\ufeffEvil\u200b',
      stages: template.stages?.map((stage, i) => ({ ...stage, name: `\u200bStage\u2028${i}\u2029` })),
      quips: { ...template.quips, petted: ['purr\u2028purr\u200b'] },
    };
    mkdirSync(join(env.XDG_CONFIG_HOME, 'buddy-tui', 'species'), { recursive: true });
    writeFileSync(join(env.XDG_CONFIG_HOME, 'buddy-tui', 'species', 'evil.json'), JSON.stringify(species));
    const cli = (args: string[]) =>
      spawnSync(process.execPath, [CLI_ENTRY, ...args], { env, encoding: 'utf8', timeout: 60_000 });
    const hatched = cli(['hatch', '--species', 'evil', '--name', 'Mo']);
    expect(hatched.status, hatched.stderr).toBe(0);

    const ran = cli(['mod-state', '--session', 's1', '--act', 'pet']);
    expect(ran.status, ran.stderr).toBe(0);
    const answer = JSON.parse(ran.stdout);
    expect(answer).toMatchObject({ species: 'Evil', stage: 'Stage 0' });
    expect(answer.said).toMatch(/purr purr$/);
    expect(typeof answer.mood).toBe('string');
    expectClean(answer);

    const look = parseModState(ran.stdout);
    const drawn = [
      ...card(look).split('\n'),
      ...bandRows(look, { columns: 200, maxRows: 4 }).map((row: { text: string }) => row.text),
      ...besideCell(look, { floatRows: 20, floatColumns: 80, maxColumns: 20 }).rows.map(
        (row: { text: string }) => row.text,
      ),
      look.said,
    ];
    expectClean(drawn);
    expect(drawn[0]).toMatch(/Mo the Evil · Stage 0 · level 1/);
  }, 60_000);
});
