/**
 * `buddy-tui mod-state --ask <question>`: `/buddy <question>` in Claude Code's mod. Journaled as
 * buddy-tui's own BUDDY_ASKED record in the session's journal, so the runner's voice answers it in
 * the buddy's bubble (every view), as it answers a prompt that names the buddy. The question is
 * the record's content, cleaned and cut, never a path.
 */
import { join } from 'node:path';
import { BUDDY_ASKED, MAX_QUESTION_CHARS } from '../protocol/buddy-asked.js';
import { appendLine, serializeEventLine } from '../state/journal.js';
import { ensureSessionDir, JOURNAL_FILE, sessionDirName, stateRootPath } from '../state/state-root.js';
import { sanitizeText } from '../text/sanitize.js';

/** Appends the question to the session's journal; false when there is no session or no question. */
export function journalQuestion(
  sessionId: string | undefined,
  question: string,
  env: NodeJS.ProcessEnv,
  now: number,
): boolean {
  const prompt = sanitizeText(question, { maxLength: MAX_QUESTION_CHARS }).trim();
  if (!sessionDirName(sessionId) || !prompt) return false;
  const journal = join(ensureSessionDir(stateRootPath(env), sessionId as string), JOURNAL_FILE);
  appendLine(journal, serializeEventLine({ session_id: sessionId, hook_event_name: BUDDY_ASKED, prompt, ts: now }));
  return true;
}
