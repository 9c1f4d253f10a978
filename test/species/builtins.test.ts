import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { builtinSpeciesDir } from '../../src/species/builtin-dir.js';
import { speciesSchemaJson } from '../../src/species/species-json-schema.js';
import { lookupFace } from '../../src/species/face.js';
import { renderSprite, frameCount, faceFor } from '../../src/species/render.js';
import { SPRITE_STATES } from '../../src/species/sprite-state.js';
import { speciesAtStage } from '../../src/species/stages.js';
import { validateSpeciesFile } from '../../src/species/validate-species.js';
import { capture } from './cli-capture.js';
import type { EventKind } from '../../src/protocol/event-kind.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = builtinSpeciesDir();
/** Every built-in, by id: the 8 of the first release and the 10 added with issue 28. */
const BUILTIN_IDS = [
  'axolotl',
  'bat',
  'capybara',
  'cat',
  'crab',
  'dragon',
  'duck',
  'fox',
  'frog',
  'ghost',
  'hedgehog',
  'octopus',
  'owl',
  'penguin',
  'rabbit',
  'robot',
  'snail',
  'turtle',
];
const files = readdirSync(dir).filter((name) => name.endsWith('.json') && name !== 'species.schema.json');
/** The kinds every built-in answers offline, three or more ways each. */
const QUIP_KINDS: EventKind[] = [
  'session_start',
  'session_end',
  'tool_failure',
  'test_failure',
  'tests_passed',
  'git_commit',
  'git_push',
  'subagent_start',
  'long_turn',
  'compaction',
  'idle',
  'fed',
  'petted',
  'played',
  'level_up',
  'notification',
];

describe('built-in species', () => {
  it('ships the 18 built-in species and the generated JSON Schema, up to date', () => {
    expect(files.map((file) => file.slice(0, -'.json'.length)).sort()).toEqual(BUILTIN_IDS);
    expect(readFileSync(join(dir, 'species.schema.json'), 'utf8')).toBe(speciesSchemaJson());
  });

  describe.each(files)('%s', (file) => {
    const check = validateSpeciesFile(join(dir, file));
    const species = check.species!;

    it('validates with no errors and no warnings, and is named after its id', () => {
      expect(check.issues).toEqual([]);
      expect(file).toBe(`${species.id}.json`);
    });

    it('draws every state itself, 5 rows by 12 columns, with 3+ idle frames and a blink', () => {
      expect(species.frames.idle.length).toBeGreaterThanOrEqual(3);
      expect(species.idleSequence).toContain('blink');
      for (const state of [...SPRITE_STATES, 'blink'] as const) {
        const frames = species.frames[state];
        expect(frames, state).toBeDefined();
        for (const frame of frames!) {
          expect(frame).toHaveLength(5);
          for (const line of frame) expect(stringWidth(line.replaceAll('{E}', 'o')), `${state}: "${line}"`).toBe(12);
        }
      }
    });

    it('renders every state and every tick with the eyes filled in', () => {
      for (const mood of SPRITE_STATES) {
        for (let tick = 0; tick < frameCount(species, mood); tick += 1) {
          const lines = renderSprite(species, mood, tick, { eyes: '◉', hat: 'tophat' });
          expect(lines).toHaveLength(5);
          expect(lines.join('')).not.toContain('{E}');
          for (const line of lines) expect(stringWidth(line)).toBe(12);
        }
        expect(faceFor(species, mood)).not.toContain('{E}');
      }
    });

    it('draws all states differently from each other', () => {
      const drawn = SPRITE_STATES.map((mood) => renderSprite(species, mood, 0).join('\n'));
      expect(new Set(drawn).size).toBe(SPRITE_STATES.length);
      const faces = SPRITE_STATES.map((mood) => faceFor(species, mood));
      expect(new Set(faces).size).toBe(SPRITE_STATES.length);
    });

    it('grows through 3+ stages, each drawn differently (idle, happy, face), every mood rendering at 5x12', () => {
      const stages = species.stages ?? [];
      expect(stages.length).toBeGreaterThanOrEqual(3);
      expect(stages[0].level).toBe(1);
      // The first and last stage draw their own idle (3 frames and a blink) and happy.
      for (const stage of [stages[0], stages[stages.length - 1]]) {
        expect(stage.frames?.idle?.length, stage.id).toBeGreaterThanOrEqual(3);
        expect(stage.frames?.blink, stage.id).toBeDefined();
        expect(stage.frames?.happy, stage.id).toBeDefined();
      }
      const drawn = stages.map((_, index) => speciesAtStage(species, index));
      for (const mood of ['idle', 'happy'] as const) {
        expect(new Set(drawn.map((staged) => renderSprite(staged, mood, 0).join('\n'))).size, mood).toBe(stages.length);
        expect(new Set(drawn.map((staged) => faceFor(staged, mood))).size, mood).toBe(stages.length);
      }
      for (const staged of drawn) {
        for (const mood of SPRITE_STATES) {
          for (let tick = 0; tick < frameCount(staged, mood); tick += 1) {
            const lines = renderSprite(staged, mood, tick, { eyes: '◉', hat: 'tophat' });
            expect(lines).toHaveLength(5);
            expect(lines.join('')).not.toContain('{E}');
            for (const line of lines) expect(stringWidth(line)).toBe(12);
          }
          expect(faceFor(staged, mood)).not.toContain('{E}');
        }
      }
    });

    it("gives the statusline's zod-free reader the same face as the pane, at every stage and mood", () => {
      (species.stages ?? []).forEach((stage, index) => {
        const staged = speciesAtStage(species, index);
        for (const mood of SPRITE_STATES) {
          expect(
            lookupFace({ speciesId: species.id, mood, level: stage.level, builtinDir: dir }),
            `${stage.id} ${mood}`,
          ).toBe(faceFor(staged, mood));
        }
      });
    });

    it('has 3 or more short quips for each event kind', () => {
      for (const kind of QUIP_KINDS) {
        const quips = species.quips[kind] ?? [];
        expect(quips.length, kind).toBeGreaterThanOrEqual(3);
        expect(new Set(quips).size, kind).toBe(quips.length);
        for (const quip of quips) expect(quip.length).toBeLessThanOrEqual(40);
      }
    });
  });

  it('gives every species its own art and voice', () => {
    const all = files.map((file) => validateSpeciesFile(join(dir, file)).species!);
    expect(new Set(all.map((s) => s.frames.idle[0].join('\n'))).size).toBe(all.length);
    const stageArt = all.flatMap((s) =>
      (s.stages ?? []).flatMap((stage) => (stage.frames?.idle ? [stage.frames.idle[0].join('\n')] : [])),
    );
    expect(new Set(stageArt).size).toBe(stageArt.length);
    expect(new Set(all.map((s) => s.quips.tests_passed![0])).size).toBe(all.length);
  });

  it.skipIf(!existsSync(join(root, 'dist', 'cli.js')))(
    'pass `species validate` in the built CLI, and `species list` lists them all',
    async () => {
      // A private XDG home, so species of the user running the tests cannot stand in for the built-ins.
      const { home, io } = capture();
      const cli = (...args: string[]) =>
        execa('node', ['dist/cli.js', 'species', ...args], { cwd: root, reject: false, env: io.env });
      const validate = await cli('validate', ...BUILTIN_IDS);
      expect(validate.exitCode).toBe(0);
      expect(validate.stderr).toBe('');
      expect(validate.stdout.split('\n')).toEqual(
        BUILTIN_IDS.map((id) => `✔ ${join(dir, `${id}.json`)}: ${id} is valid`),
      );
      const list = await cli('list');
      expect(list.stdout.split('\n').map((line) => line.split(' ')[0])).toEqual(BUILTIN_IDS);
      // One new species drawn at its elder stage, as a user would look at it.
      const show = await cli('show', 'turtle', '--stage', '3', '--state', 'happy');
      expect(show.stdout).toContain('stages: 1 Hatchling (level 1), 2 Grown (level 5), 3 Elder (level 15)');
      expect(show.stdout).toContain('|__/\\/\\__|^D');
      rmSync(home, { recursive: true, force: true });
    },
  );
});
