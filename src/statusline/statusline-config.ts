/**
 * The `statusline` section of config.json, as a zod/mini schema: the config file's schema
 * (src/config/config-schema.ts) embeds it for validation and error messages (`buddy-tui doctor`).
 * The statusline itself reads the section with the zod-free statusline-config-reader.ts, which
 * the tests hold to this schema key by key. Flags override every key.
 */
import * as z from 'zod/mini';

export const statuslineConfigSchema = z.strictObject({
  /** Rows to print: 2 (buddy and context, then activity) or 1. */
  lines: z.optional(z.union([z.literal(1), z.literal(2)])),
  /** One short segment without a newline, for embedding (ccstatusline's Custom Command widget). */
  segment: z.optional(z.boolean()),
  /** false = no escape sequences at all (as NO_COLOR / --no-color). */
  color: z.optional(z.boolean()),
  /** The previous statusLine command, run with the same stdin; its lines print above ours. */
  chain: z.optional(z.string().check(z.minLength(1))),
  /** How long the chained command may take before its cached output is used (ms). */
  chainTimeoutMs: z.optional(z.int().check(z.minimum(50), z.maximum(10_000))),
  /** Reactions older than this are not shown (ms). */
  reactionMaxAgeMs: z.optional(z.int().check(z.minimum(0), z.maximum(3_600_000))),
  /** Width in cells; default: $COLUMNS, else 80. */
  width: z.optional(z.int().check(z.minimum(10), z.maximum(1000))),
  /** Widest a --segment may be (cells). */
  segmentWidth: z.optional(z.int().check(z.minimum(8), z.maximum(200))),
});

export type StatuslineConfig = z.output<typeof statuslineConfigSchema>;

/**
 * The usable part of a `statusline` section: when the whole section does not validate, each
 * key is tried on its own, so one bad key never disables the others.
 */
export function statuslineConfigFrom(section: unknown): StatuslineConfig {
  if (!section || typeof section !== 'object' || Array.isArray(section)) return {};
  const whole = statuslineConfigSchema.safeParse(section);
  if (whole.success) return whole.data;
  const config: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(statuslineConfigSchema.def.shape)) {
    const value = (section as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const one = (schema as z.ZodMiniType).safeParse(value);
    if (one.success) config[key] = one.data;
  }
  return config as StatuslineConfig;
}
