/**
 * The statusLine payload as a zod/mini schema: the documented contract of what the statusline
 * accepts (unknown fields ignored, any field missing, null or of the wrong type on its own,
 * numbers as strings). The hot path reads payloads with the zod-free `readPayloadView`
 * (payload.ts), which the tests hold to this schema.
 */
import * as z from 'zod/mini';
import type { PayloadView } from './payload.js';

/** A finite number, or a string holding one ("42.5"); anything else becomes undefined. */
const looseNumber = z.catch(
  z.pipe(
    z.union([z.number(), z.string(), z.null(), z.undefined()]),
    z.transform((value): number | undefined => {
      if (value === null || value === undefined) return undefined;
      const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
      return Number.isFinite(number) ? number : undefined;
    }),
  ),
  undefined,
);

const looseString = z.catch(
  z.pipe(
    z.union([z.string(), z.number(), z.null(), z.undefined()]),
    z.transform((value): string | undefined => (value === null || value === undefined ? undefined : String(value))),
  ),
  undefined,
);

/** An object whose own fields are each optional and loose; not an object at all → undefined. */
function looseSection<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.catch(z.optional(z.looseObject(shape)), undefined);
}

export const statuslinePayloadSchema = z.looseObject({
  session_id: looseString,
  transcript_path: looseString,
  cwd: looseString,
  version: looseString,
  session_name: looseString,
  // Older versions and some wrappers send the model as a plain string.
  model: z.catch(
    z.optional(
      z.union([
        z.looseObject({ id: looseString, display_name: looseString }),
        z.pipe(
          z.string(),
          z.transform((id): { id?: string; display_name?: string } => ({ id, display_name: id })),
        ),
      ]),
    ),
    undefined,
  ),
  workspace: looseSection({ current_dir: looseString, project_dir: looseString }),
  context_window: looseSection({
    used_percentage: looseNumber,
    remaining_percentage: looseNumber,
    context_window_size: looseNumber,
    total_input_tokens: looseNumber,
  }),
  cost: looseSection({ total_cost_usd: looseNumber, total_duration_ms: looseNumber }),
});

export type StatuslinePayload = z.output<typeof statuslinePayloadSchema>;

export function viewOf(payload: StatuslinePayload): PayloadView {
  const model = payload.model;
  const context = payload.context_window;
  let used = context?.used_percentage;
  if (used === undefined && context?.remaining_percentage !== undefined) used = 100 - context.remaining_percentage;
  return {
    sessionId: payload.session_id || undefined,
    modelName: model?.display_name || model?.id || undefined,
    projectDir: payload.workspace?.project_dir || payload.workspace?.current_dir || payload.cwd || undefined,
    usedPercentage: used === undefined ? undefined : Math.min(100, Math.max(0, used)),
  };
}
