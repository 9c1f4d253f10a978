/**
 * Reads the JSON Claude Code sends to a statusLine command (sample:
 * test/fixtures/statusline-input.json) on the hot path. Tolerant: unknown fields are ignored,
 * any field may be missing or null, a field of the wrong type is dropped on its own (never the
 * whole payload), and numbers that arrive as strings are accepted.
 *
 * The contract is `statuslinePayloadSchema` (zod/mini, payload-schema.ts); this hand-written
 * reader gives the same view (test/statusline/payload.test.ts checks them against each other)
 * without loading zod, which costs the statusline a fifth of `node -e 0` at start-up.
 */

/** What the statusline uses from the payload, already reduced to plain values. */
export interface PayloadView {
  sessionId?: string;
  modelName?: string;
  projectDir?: string;
  /** 0..100, or undefined before the first answer. */
  usedPercentage?: number;
}

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string, or a number written out; anything else is absent. */
export function looseString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** A finite number, or a string holding one ("42.5"); anything else is absent. */
export function looseNumber(value: unknown): number | undefined {
  let number: number;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && value.trim() !== '') number = Number(value);
  else return undefined;
  return Number.isFinite(number) ? number : undefined;
}

/** The view of an already parsed payload object. */
export function readPayloadView(payload: Loose): PayloadView {
  const rawModel = payload.model;
  const model =
    typeof rawModel === 'string' ? { id: rawModel, display_name: rawModel } : isObject(rawModel) ? rawModel : undefined;
  const workspace = isObject(payload.workspace) ? payload.workspace : undefined;
  const context = isObject(payload.context_window) ? payload.context_window : undefined;
  let used = looseNumber(context?.used_percentage);
  const remaining = looseNumber(context?.remaining_percentage);
  if (used === undefined && remaining !== undefined) used = 100 - remaining;
  return {
    sessionId: looseString(payload.session_id) || undefined,
    modelName: looseString(model?.display_name) || looseString(model?.id) || undefined,
    projectDir:
      looseString(workspace?.project_dir) ||
      looseString(workspace?.current_dir) ||
      looseString(payload.cwd) ||
      undefined,
    usedPercentage: used === undefined ? undefined : Math.min(100, Math.max(0, used)),
  };
}

/**
 * Parses stdin. Returns undefined for empty or non-JSON input, or JSON that is not an object;
 * a payload with the wrong shape in places still yields whatever is usable.
 */
export function parsePayload(text: string): PayloadView | undefined {
  if (!text.trim()) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isObject(json) ? readPayloadView(json) : undefined;
}

/** The last path component, for the project name. */
export function baseName(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  const at = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  return at >= 0 ? trimmed.slice(at + 1) : trimmed;
}
