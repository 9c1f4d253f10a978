/**
 * A reproducible "sessions at work" world for the pane benchmarks (issue 25): `count` sessions
 * on a state root, each mid-turn with a tool running; every `paceMs` each session finishes its
 * tool and starts the next (PostToolUse + PreToolUse), written the way the hook writes them.
 * The buddy therefore animates on the busy tick the whole time, as while an agent works.
 */
import { join } from 'node:path';
import type { JournalEvent } from '../src/protocol/hook-event.js';
import { appendLine, serializeEventLine } from '../src/state/journal.js';
import { JOURNAL_FILE, ensureSessionDir } from '../src/state/state-root.js';

const TOOLS = ['Bash', 'Read', 'Edit', 'Grep', 'Write'];

export interface WorkingSessions {
  /** Events appended so far. */
  appended(): number;
  stop(): void;
}

function append(root: string, event: JournalEvent): void {
  appendLine(join(ensureSessionDir(root, event.session_id), JOURNAL_FILE), serializeEventLine(event));
}

const sessionId = (k: number) => `work-${k}`;

/** Opens the sessions (prompt submitted, first tool running) without starting the pace. */
export function openWorkingSessions(root: string, count = 5, now = Date.now()): void {
  for (let k = 0; k < count; k += 1) {
    const session_id = sessionId(k);
    append(root, { ts: now - 1000, session_id, hook_event_name: 'SessionStart', cwd: `/bench/project-${k}` });
    append(root, {
      ts: now - 900,
      session_id,
      hook_event_name: 'UserPromptSubmit',
      cwd: `/bench/project-${k}`,
      prompt_id: `p-${k}`,
    });
    append(root, {
      ts: now - 800,
      session_id,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_use_id: `t-${k}-0`,
    });
  }
}

/** Starts the pace: each session's tools follow one another every `paceMs`, staggered. */
export function startWorkingSessions(root: string, count = 5, paceMs = 1000): WorkingSessions {
  let appended = 0;
  const timers: NodeJS.Timeout[] = [];
  for (let k = 0; k < count; k += 1) {
    let step = 0;
    const session_id = sessionId(k);
    const next = () => {
      const ts = Date.now();
      append(root, {
        ts,
        session_id,
        hook_event_name: 'PostToolUse',
        tool_name: TOOLS[step % TOOLS.length],
        tool_use_id: `t-${k}-${step}`,
      });
      step += 1;
      append(root, {
        ts,
        session_id,
        hook_event_name: 'PreToolUse',
        tool_name: TOOLS[step % TOOLS.length],
        tool_use_id: `t-${k}-${step}`,
      });
      appended += 2;
    };
    // Staggered so the sessions do not all write in the same millisecond.
    const start = setTimeout(() => timers.push(setInterval(next, paceMs)), Math.round((k * paceMs) / count));
    timers.push(start);
  }
  return {
    appended: () => appended,
    stop: () => timers.forEach((timer) => clearTimeout(timer)),
  };
}
