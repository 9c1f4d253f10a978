import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { builtinSpeciesDir } from '../../src/species/builtin-dir.js';
import { speciesSchemaJson } from '../../src/species/species-json-schema.js';
import { renderSprite, frameCount, faceFor } from '../../src/species/render.js';
import { SPRITE_STATES } from '../../src/species/sprite-state.js';
import { validateSpeciesFile } from '../../src/species/validate-species.js';
import type { EventKind } from '../../src/protocol/event-kind.js';

const dir = builtinSpeciesDir();
const files = readdirSync(dir).filter((name) => name.endsWith('.json') && name !== 'species.schema.json');
/** The kinds every built-in answers offline, three or more ways each. */
const QUIP_KINDS: EventKind[] = [
  'session_start', 'session_end', 'tool_failure', 'test_failure', 'tests_passed', 'git_commit', 'git_push',
  'subagent_start', 'long_turn', 'compaction', 'idle', 'fed', 'petted', 'played', 'level_up', 'notification',
];

describe('built-in species', () => {
  it('ships at least 8 species and the generated JSON Schema, up to date', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
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
    expect(new Set(all.map((s) => s.quips.tests_passed![0])).size).toBe(all.length);
  });
});
