/**
 * `buddy-tui mod-state --answered <tool_use_id>[/<tool>]`: the mod saw the user answer a permission
 * ask (the call started at `tool.run`, or the turn ended with it open: claude-plugin/hooks/
 * ask-answered.js), which Claude Code sends no hook for. Journaled as buddy-tui's own ASK_ANSWERED
 * record in the session's journal, so the one reducer ends the ask for every view (the pane, the
 * statusline, the mod's view file). The id and tool are the record's content, never a path.
 */
import { join } from 'node:path';
import { appendLine, serializeEventLine } from '../state/journal.js';
import { ensureSessionDir, JOURNAL_FILE, sessionDirName, stateRootPath } from '../state/state-root.js';
import { ASK_ANSWERED } from '../state/waiting.js';

const ID = /^[A-Za-z0-9_-]{1,128}$/;
const TOOL = /^[A-Za-z0-9_.:-]{1,128}$/;
/** More in one run is not the mod's (one dialog at a time). */
const MAX_ANSWERS = 32;

/** `<id>` or `<id>/<tool>` as the mod sends it; undefined for anything else. */
export function parseAnswer(value: string): { toolUseId: string; tool?: string } | undefined {
  const at = value.indexOf('/');
  const toolUseId = at < 0 ? value : value.slice(0, at);
  const tool = at < 0 ? undefined : value.slice(at + 1);
  if (!ID.test(toolUseId) || (tool !== undefined && !TOOL.test(tool))) return undefined;
  return tool ? { toolUseId, tool } : { toolUseId };
}

/** Appends one record per answer to the session's journal; returns how many were written. */
export function journalAnswers(
  sessionId: string | undefined,
  values: readonly string[],
  env: NodeJS.ProcessEnv,
  now: number,
): number {
  if (!sessionDirName(sessionId) || values.length === 0) return 0;
  const answers = values
    .slice(0, MAX_ANSWERS)
    .map(parseAnswer)
    .filter((answer) => answer !== undefined);
  if (answers.length === 0) return 0;
  const journal = join(ensureSessionDir(stateRootPath(env), sessionId as string), JOURNAL_FILE);
  for (const { toolUseId, tool } of answers) {
    const record = {
      session_id: sessionId,
      hook_event_name: ASK_ANSWERED,
      tool_use_id: toolUseId,
      ...(tool ? { tool_name: tool } : {}),
      ts: now,
    };
    appendLine(journal, serializeEventLine(record));
  }
  return answers.length;
}
