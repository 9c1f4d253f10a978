/**
 * The zod schema of a species file. species/species.schema.json is generated from it
 * (scripts/gen-species-schema.ts). The art rules that need display widths live in
 * art-check.ts; validate-species.ts runs both.
 */
import * as z from 'zod';
import { EVENT_KINDS } from '../protocol/event-kind.js';
import { SPRITE_STATES } from './sprite-state.js';
import { NAMED_COLORS } from './colors.js';
import { parsePictureManifest } from './picture-manifest.js';

export const SPECIES_SCHEMA_VERSION = 1;

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

const COLOR_MESSAGE = `expected a colour name (${NAMED_COLORS.slice(0, 4).join(', ')}, ...) or a hex colour like "#ff8800"`;
export const colorSchema = z.union([z.enum(NAMED_COLORS), z.string().regex(HEX_COLOR, { error: COLOR_MESSAGE })], {
  error: COLOR_MESSAGE,
});

/** An eye is one display cell; the art checker verifies the width. */
const eyeGlyph = z.string().min(1).max(4).meta({ description: 'One display cell that replaces {E} in frames.' });

const frameLine = z.string().max(80);
/** One frame: its lines top to bottom. */
export const frameSchema = z.array(frameLine).min(1).max(12);
const frameList = z.array(frameSchema).min(1).max(16);

/** `{idle?: item, happy?: item, ...}` for every state (or event kind), typed key by key. */
function optionalPer<K extends string, T extends z.ZodType>(
  keys: readonly K[],
  item: T,
): { [P in K]: z.ZodOptional<T> } {
  return Object.fromEntries(keys.map((key) => [key, item.optional()])) as { [P in K]: z.ZodOptional<T> };
}

const faceLine = z
  .string()
  .min(1)
  .max(24)
  .regex(/^[^\n\r]*$/, { message: 'a face is one line' });

const eyesSchema = z.strictObject({
  default: eyeGlyph.optional().meta({
    description:
      "The species' own eyes, worn instead of the pet's eye style; leave it out to let each pet wear its own.",
  }),
  blink: eyeGlyph.optional().meta({ description: 'Eyes in the blink frame; default "-".' }),
  ...optionalPer(SPRITE_STATES, eyeGlyph),
});

const framesSchema = z.strictObject({
  ...optionalPer(SPRITE_STATES, frameList),
  idle: frameList.min(3, { message: 'idle needs at least 3 frames' }),
  blink: frameList.meta({ description: 'The blink frame(s) shown by "blink" in idleSequence.' }),
});

const quipList = z.array(z.string().min(1).max(120)).min(1).max(40);

const ID = /^[a-z][a-z0-9-]{0,31}$/;
const ID_MESSAGE = 'id is lowercase letters, digits and "-", starting with a letter, at most 32 long';

const hatSchema = z
  .strictObject({
    row: z.int().min(0).max(11).optional().meta({ description: 'The frame line the hat is drawn on; default 0.' }),
    center: z
      .int()
      .min(0)
      .max(79)
      .optional()
      .meta({ description: 'The column the hat is centred on; default the middle.' }),
  })
  .meta({ description: 'Where a hat goes. Without it the species wears no hat.' });

/** A stage draws any states it likes; idle (3 frames or more) and blink come together. */
const stageFramesSchema = z
  .strictObject({
    ...optionalPer(SPRITE_STATES, frameList),
    idle: frameList.min(3, { message: 'idle needs at least 3 frames' }).optional(),
    blink: frameList.optional(),
  })
  .superRefine((frames, ctx) => {
    if (frames.idle && !frames.blink)
      ctx.addIssue({ code: 'custom', path: ['blink'], message: 'a stage that draws idle draws its blink too' });
    else if (frames.blink && !frames.idle)
      ctx.addIssue({ code: 'custom', path: ['idle'], message: 'a stage with a blink frame draws idle too' });
  })
  .meta({
    description:
      "The stage's own frames; a state it does not draw falls back along the chain, then to the species' frames. Without frames the stage is drawn as the species.",
  });

const stageSchema = z.strictObject({
  id: z.string().regex(ID, { message: ID_MESSAGE }),
  name: z
    .string()
    .min(1)
    .max(24)
    .meta({ description: 'Shown in the pane: "Miso grew into an elder cat!" for "Elder".' }),
  level: z
    .int()
    .min(1)
    .max(100_000)
    .meta({ description: 'The pet level at which the stage is reached; the first stage is level 1.' }),
  frames: stageFramesSchema.optional(),
  face: z
    .strictObject(optionalPer(SPRITE_STATES, faceLine))
    .optional()
    .meta({ description: "Faces for the statusline at this stage; others come from the species' face." }),
  quips: z
    .strictObject(optionalPer(EVENT_KINDS, quipList))
    .optional()
    .meta({ description: "Quips at this stage, per event kind; others come from the species' quips." }),
  hat: hatSchema.optional(),
});

/** Stages in order: the first at level 1, levels strictly increasing, ids unique. */
const stagesSchema = z
  .array(stageSchema)
  .min(1)
  .max(8)
  .superRefine((stages, ctx) => {
    if (stages[0].level !== 1)
      ctx.addIssue({ code: 'custom', path: [0, 'level'], message: 'the first stage is reached at level 1' });
    stages.forEach((stage, index) => {
      if (index > 0 && stage.level <= stages[index - 1].level) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'level'],
          message: `level ${stage.level} must be above the stage before (${stages[index - 1].level})`,
        });
      }
      if (stages.findIndex((other) => other.id === stage.id) !== index)
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `stage id "${stage.id}" is used twice` });
    });
  })
  .meta({ description: 'Evolution stages, in order: the pane draws the last one whose level the pet has reached.' });

const pictureAnimationSchema = z.strictObject({
  frames: z.array(z.int().min(0).max(255)).min(1).max(256).meta({ description: 'Sprite indices, row-major.' }),
  fps: z.number().gt(0).max(60).optional().meta({ description: 'Frames a second, above 0 and at most 60; default 8.' }),
  loop: z.boolean().optional().meta({ description: 'Default true; otherwise it plays once, then its fallback.' }),
  fallback: z.string().optional().meta({ description: 'The animation after one that does not loop; default idle.' }),
});

/** "animations.idle.frames[0]" → ['animations', 'idle', 'frames', 0]. */
const pathParts = (path: string) =>
  path
    .split(/\.|(?=\[)/)
    .filter(Boolean)
    .map((part) => (part.startsWith('[') ? Number(part.slice(1, -1)) : part));

/** A spritesheet in Codex's pet format, drawn from its pixels in the pane (docs/species.md). */
const pictureSchema = z
  .strictObject({
    spritesheetPath: z
      .string()
      .min(1)
      .max(200)
      .meta({ description: "The spritesheet (WebP or PNG), relative to this file's folder, inside it." }),
    frame: z
      .strictObject({
        width: z.int().min(1).max(4096),
        height: z.int().min(1).max(4096),
        columns: z.int().min(1).max(256),
        rows: z.int().min(1).max(256),
      })
      .partial()
      .optional()
      .meta({ description: "The frame grid; default Codex's 192×208, 8 columns, 9 rows." }),
    animations: z.record(z.string(), pictureAnimationSchema).optional().meta({
      description: 'Animations added to the defaults (idle, running, waiting, failed, review, jumping, waving, ...).',
    }),
  })
  .superRefine((picture, ctx) => {
    for (const problem of parsePictureManifest(picture).problems)
      ctx.addIssue({ code: 'custom', path: pathParts(problem.path), message: problem.message });
  })
  .meta({
    description:
      'A picture to draw instead of the frames where the terminal has colour; the frames stay for text-only terminals and the face for the statusline.',
  });

export const speciesSchema = z.strictObject({
  $schema: z.string().optional(),
  schemaVersion: z.literal(SPECIES_SCHEMA_VERSION),
  id: z.string().regex(ID, { message: ID_MESSAGE }),
  name: z.string().min(1).max(40),
  description: z.string().min(1).max(240),
  personality: z.string().min(1).max(200).meta({ description: "One line: the buddy's voice." }),
  systemPrompt: z.string().min(1).max(4000).optional().meta({ description: 'System prompt for LLM reactions.' }),
  author: z.string().max(80).optional(),
  colors: z.strictObject({ body: colorSchema, accent: colorSchema, bubble: colorSchema }),
  eyes: eyesSchema,
  face: z
    .strictObject({ ...optionalPer(SPRITE_STATES, faceLine), idle: faceLine })
    .meta({ description: 'A one-line face per mood, for the statusline. {E} is allowed.' }),
  frames: framesSchema,
  idleSequence: z
    .array(z.union([z.int().min(0).max(15), z.literal('blink')]))
    .min(1)
    .max(64)
    .optional()
    .meta({
      description: 'Order of idle frames (indexes into frames.idle, or "blink"); default [0, 1, 0, 2, "blink"].',
    }),
  frameMs: z.int().min(80).max(5000).optional().meta({ description: 'Milliseconds per frame; default 500.' }),
  hat: hatSchema.optional(),
  quips: z.strictObject(optionalPer(EVENT_KINDS, quipList)).meta({
    description: 'Short offline lines per event kind, used when no LLM answers.',
  }),
  stages: stagesSchema.optional(),
  picture: pictureSchema.optional(),
});

export type SpeciesFile = z.input<typeof speciesSchema>;
export type Species = z.output<typeof speciesSchema>;
export type SpeciesStage = z.output<typeof stageSchema>;
