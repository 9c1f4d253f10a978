/**
 * `buddy-tui status --tmux | --format '<template>' [--quiet-when-idle]`: the arguments, the
 * segment, and its last good copy. tmux runs this every `status-interval`, so a bad state root
 * must never leave the bar empty or stuck: when the sessions cannot be read (the root refused,
 * an error, or the read ran past its budget), the last good segment of the same variant is
 * printed again. Zod-free: it runs in the light dist/status-segment.js bundle.
 */
import { join } from 'node:path';
import { userStateDir } from '../config/paths.js';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { atomicWriteFileSync } from '../state/atomic-write.js';
import type { SessionState } from '../state/session-state.js';
import { ensurePrivateDir } from '../state/state-root.js';
import { sanitizeText } from '../text/sanitize.js';
import { TEMPLATE_FIELDS, parseTemplate, templateSegment, tmuxSegment, type ParsedTemplate } from './segment-format.js';
import { summarizeSessions } from './segment-summary.js';

export const SEGMENT_USAGE = `usage: buddy-tui status --tmux [--quiet-when-idle]
       buddy-tui status --format '<template>' [--tmux] [--quiet-when-idle]
  --tmux             one segment in tmux style syntax for status-right: face, working, waiting (loud), just failed
  --format TEMPLATE  the same counts for any bar; fields: ${TEMPLATE_FIELDS.map((field) => `{${field}}`).join(' ')} ({{ and }} are literal braces)
  --format T --tmux  the template for tmux's status-right: every # in a field's value is written ## so tmux
                     shows it as text (a project named #(cmd) runs nothing); the template's own #[...] stay styles.
                     Run by tmux itself (a #() job: $TMUX set, no $TMUX_PANE), --format escapes so even without --tmux
  --quiet-when-idle  print nothing while no session is live (default: the face alone)
`;

export interface SegmentRequest {
  parts?: Extract<ParsedTemplate, { ok: true }>['parts'];
  /** The template's field values are for tmux: each `#` doubled. */
  tmuxEscape?: boolean;
  quietWhenIdle: boolean;
  /** Names the last-good cache file of this variant. */
  variant: string;
}

/** FNV-1a: a short, stable name for a template's cache file (not security). */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

export type SegmentArgs = { ok: true; request: SegmentRequest } | { ok: false; message: string } | { ok: 'help' };

/**
 * tmux runs a `#()` job with `$TMUX` but no `$TMUX_PANE` (a pane's shell has both), and reads its
 * output as a format: a status-right written with `--format` alone must not run a project's `#(…)`.
 */
export const runByTmux = (env: NodeJS.ProcessEnv): boolean => Boolean(env.TMUX) && !env.TMUX_PANE;

/** Hand-rolled (node:util's parseArgs costs start-up time): flags as `status` takes them. */
export function parseSegmentArgs(args: readonly string[], env: NodeJS.ProcessEnv): SegmentArgs {
  let tmux = false;
  let template: string | undefined;
  let quietWhenIdle = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--tmux') tmux = true;
    else if (arg === '--quiet-when-idle') quietWhenIdle = true;
    else if (arg === '--help' || arg === '-h') return { ok: 'help' };
    else if (arg === '--format' && i + 1 < args.length) template = args[++i];
    else if (arg.startsWith('--format=')) template = arg.slice('--format='.length);
    else
      return {
        ok: false,
        message: `unknown or incomplete option ${JSON.stringify(sanitizeText(arg, { maxLength: 60 }))}`,
      };
  }
  if (template === undefined) {
    if (!tmux) return { ok: false, message: 'expected --tmux or --format' };
    return { ok: true, request: { quietWhenIdle, variant: quietWhenIdle ? 'tmux-quiet' : 'tmux' } };
  }
  const parsed = parseTemplate(template);
  if (!parsed.ok) {
    const unknown = parsed.unknown.map((field) => sanitizeText(field, { maxLength: 40 })).join(', ');
    return {
      ok: false,
      message: `unknown field${parsed.unknown.length > 1 ? 's' : ''} in --format: ${unknown} (known: ${TEMPLATE_FIELDS.map((field) => `{${field}}`).join(' ')})`,
    };
  }
  const tmuxEscape = tmux || runByTmux(env);
  return {
    ok: true,
    request: {
      parts: parsed.parts,
      tmuxEscape,
      quietWhenIdle,
      variant: `format-${shortHash(template)}${tmuxEscape ? '-tmux' : ''}${quietWhenIdle ? '-quiet' : ''}`,
    },
  };
}

const cacheFile = (env: NodeJS.ProcessEnv, variant: string) => join(userStateDir(env), `status-segment-${variant}.txt`);

function readLastGood(env: NodeJS.ProcessEnv, variant: string): string | undefined {
  try {
    return readSmallFile(cacheFile(env, variant), { maxBytes: SMALL_FILE_LIMITS.state });
  } catch {
    return undefined;
  }
}

function saveLastGood(env: NodeJS.ProcessEnv, variant: string, text: string, previous: string | undefined): void {
  if (text === previous) return;
  try {
    ensurePrivateDir(userStateDir(env));
    atomicWriteFileSync(cacheFile(env, variant), text, 0o600, { durable: false });
  } catch {
    // No cache: the next failure prints the fresh answer's fallback instead.
  }
}

export interface SegmentInput {
  request: SegmentRequest;
  /** The live sessions; undefined when they cannot be read (a refused root, a read past its budget). */
  read(): SessionState[] | undefined;
  now: number;
  env: NodeJS.ProcessEnv;
}

/** The segment's text (with its newline): fresh when the sessions could be read, else the last good one. */
export function renderSegment({ request, read, now, env }: SegmentInput): string {
  const lastGood = readLastGood(env, request.variant);
  let sessions: SessionState[] | undefined;
  try {
    sessions = read();
  } catch {
    sessions = undefined;
  }
  if (!sessions && lastGood !== undefined) return lastGood;
  const summary = summarizeSessions(sessions ?? [], now, env);
  const text = `${request.parts ? templateSegment(request.parts, summary, request.quietWhenIdle, request.tmuxEscape) : tmuxSegment(summary, request.quietWhenIdle)}\n`;
  if (sessions) saveLastGood(env, request.variant, text, lastGood);
  return text;
}
