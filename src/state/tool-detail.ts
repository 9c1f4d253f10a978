/** The one argument of a tool call worth showing, shared by the running-tool view and the waiting state. */
import { isPatchText, patchSummary } from '../protocol/patch-files.js';

/** The command, the path, the pattern, the URL: the first of these a tool's input carries, at most 200 characters. */
export function toolDetail(input: Record<string, unknown> | undefined): string | undefined {
  if (!input || typeof input !== 'object') return undefined;
  // A Codex patch is a whole file's worth of text: its files say what it does.
  if (isPatchText(input.command)) return clip(patchSummary(input.command) ?? 'patch');
  for (const key of [
    'command',
    'file_path',
    'notebook_path',
    'path',
    'pattern',
    'url',
    'query',
    'description',
    'prompt',
  ]) {
    const value = input[key];
    if (typeof value === 'string' && value) return clip(value);
  }
  return undefined;
}

function clip(value: string): string {
  return value.length > 200 ? `${value.slice(0, 199)}…` : value;
}
