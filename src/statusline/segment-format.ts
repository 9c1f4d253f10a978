/**
 * The status segment as text for a bar: tmux's own style syntax (`#[fg=…]`) or a user template
 * with named fields. Everything that comes from outside (the face from a species file, a host or
 * project name from a journal) is stripped of escape sequences and control characters, and for
 * tmux every `#` in it is doubled, so a project named `#[fg=red]` or `#(rm -rf ~)` stays text.
 */
import { sanitizeText } from '../text/sanitize.js';
import type { SegmentSummary } from './segment-summary.js';

export const TEMPLATE_FIELDS = ['face', 'working', 'waiting', 'failed', 'host', 'project'] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

/** Outside text as one short line for a bar: no escapes, no line breaks, bounded. */
const plain = (text: string, max: number) => sanitizeText(text, { maxLength: max }).replace(/\s+/g, ' ').trim();
/** For tmux: `#` starts a style or a command (`#(…)`); `##` is a literal `#`. */
const tmuxText = (text: string, max: number) => plain(text, max).replaceAll('#', '##');

/** Quiet colours for counts, a loud one for waiting: what wants the user stands out. */
export function tmuxSegment(summary: SegmentSummary, quietWhenIdle: boolean): string {
  if (summary.live === 0) return quietWhenIdle ? '' : tmuxText(summary.face, 40);
  const parts = [tmuxText(summary.face, 40)];
  if (summary.waiting) parts.push(`#[fg=black,bg=yellow,bold] !${summary.waiting} #[default]`);
  if (summary.working) parts.push(`#[fg=green]●${summary.working}#[default]`);
  if (summary.failed) parts.push(`#[fg=red]✗${summary.failed}#[default]`);
  return parts.join(' ');
}

export type ParsedTemplate =
  | { ok: true; parts: Array<string | { field: TemplateField }> }
  | { ok: false; unknown: string[] };

/** The template's own text: no escape sequences either (a bar's colours are its own syntax, never raw escapes). */
const literal = (text: string) => sanitizeText(text, { maxLength: 500 });

/** `{face} {waiting}` into text and fields; `{{` and `}}` are literal braces; an unknown `{name}` is an error. */
export function parseTemplate(template: string): ParsedTemplate {
  const parts: Array<string | { field: TemplateField }> = [];
  const unknown: string[] = [];
  const pattern = /\{\{|\}\}|\{([^{}]*)\}/g;
  let last = 0;
  for (const match of template.matchAll(pattern)) {
    if (match.index > last) parts.push(literal(template.slice(last, match.index)));
    last = match.index + match[0].length;
    if (match[0] === '{{' || match[0] === '}}') parts.push(match[0][0]);
    else if ((TEMPLATE_FIELDS as readonly string[]).includes(match[1]))
      parts.push({ field: match[1] as TemplateField });
    else unknown.push(match[0]);
  }
  if (last < template.length) parts.push(literal(template.slice(last)));
  return unknown.length ? { ok: false, unknown } : { ok: true, parts };
}

export function fieldValue(summary: SegmentSummary, field: TemplateField, forTmux = false): string {
  const text = forTmux ? tmuxText : plain;
  switch (field) {
    case 'face':
      return text(summary.face, 40);
    case 'host':
      return text(summary.host, 40);
    case 'project':
      return text(summary.project, 80);
    default:
      return String(summary[field]);
  }
}

/**
 * The template filled in: its literal text and the values, all stripped of escapes. `forTmux`
 * doubles each `#` of the values only: the template's own `#[fg=…]` are the user's styles.
 */
export function templateSegment(
  parts: Extract<ParsedTemplate, { ok: true }>['parts'],
  summary: SegmentSummary,
  quietWhenIdle: boolean,
  forTmux = false,
): string {
  if (summary.live === 0 && quietWhenIdle) return '';
  return parts.map((part) => (typeof part === 'string' ? part : fieldValue(summary, part.field, forTmux))).join('');
}
