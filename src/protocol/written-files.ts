/**
 * The files a finished tool call wrote: an edit or write tool (Claude Code's) names one in `tool_input`;
 * a host whose edit tool names several (Codex's `apply_patch`) lists them in `files_touched`,
 * which its adapter fills in. Shared by the reducer (files touched) and the event kinds
 * (`file_written`), so they agree.
 */
import type { JournalEvent } from './hook-event.js';
import { toolRoleOf } from './internal-event.js';

export function writtenFiles(event: JournalEvent): string[] {
  const files: string[] = [];
  const role = toolRoleOf(event);
  if (role === 'edit' || role === 'write') {
    const path = event.tool_input?.file_path ?? event.tool_input?.notebook_path;
    if (typeof path === 'string' && path) files.push(path);
  }
  if (Array.isArray(event.files_touched)) {
    for (const path of event.files_touched)
      if (typeof path === 'string' && path && !files.includes(path)) files.push(path);
  }
  return files;
}
