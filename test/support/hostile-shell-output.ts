/**
 * Shell outputs of 1 MiB that made the translators' old patterns quadratic (issue 44): a run of
 * spaces or blank lines before the output's last word (`\s+$` and `\n+$` retried from every
 * character of the run), many `Output: ` lines after the exit code (a lazy `[\s\S]*?` scanned to
 * the end from each), many `<shellId:` before a `>` (`[^>]*$` scanned from each). Each case is one
 * failed shell call as its host reports it, and the event the translator must make of it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HostId } from '../../src/hosts/host-id.js';
import { makeTempDir } from './temp-dir.js';

export const MIB = 1024 * 1024;
export const HOSTILE_SESSION = 'hostile-0000-4000-8000-000000000044';

const spaces = ' '.repeat(MIB);
const blankLines = '\n'.repeat(MIB);

export interface HostileCase {
  host: HostId;
  name: string;
  payload: Record<string, unknown>;
  /** The event's exit code and the start and end of its error text. */
  exitCode: number;
  errorStart: string;
  errorEnd: string;
}

const call = (fields: Record<string, unknown>) => ({ session_id: HOSTILE_SESSION, cwd: '/p', ...fields });

function copilotCases(): HostileCase[] {
  const shell = (text: string) =>
    call({ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_result: { text_result_for_llm: text } });
  return [
    {
      host: 'copilot',
      name: 'a run of spaces in the output',
      payload: shell(`start${spaces}end\n<shellId: 1 completed with exit code 3>`),
      exitCode: 3,
      errorStart: 'Exit code 3\nstart ',
      errorEnd: ' end',
    },
    {
      host: 'copilot',
      name: '<shellId: fragments before a >',
      payload: shell(`${'<shellId:'.repeat(MIB / 9)}>\n<shellId: 1 completed with exit code 3>`),
      exitCode: 3,
      errorStart: 'Exit code 3\n<shellId:<shellId:',
      errorEnd: '<shellId:>',
    },
  ];
}

/** Gemini's shell report sits in `llmContent`, Qwen's failed one in `error`: the same lines. */
function reportCases(host: 'gemini' | 'qwen'): HostileCase[] {
  const shell = (text: string) =>
    host === 'gemini'
      ? call({ hook_event_name: 'AfterTool', tool_name: 'run_shell_command', tool_response: { llmContent: text } })
      : call({ hook_event_name: 'PostToolUseFailure', tool_name: 'run_shell_command', error: text });
  return [
    {
      host,
      name: 'a run of blank lines in the output',
      payload: shell(`Command: make\nOutput: start${blankLines}end\nExit Code: 2\nProcess Group PGID: 1`),
      exitCode: 2,
      errorStart: 'Exit code 2\nstart\n',
      errorEnd: '\nend',
    },
    {
      host,
      name: 'a run of spaces in the output',
      payload: shell(`Output: start${spaces}end\nExit Code: 2`),
      exitCode: 2,
      errorStart: 'Exit code 2\nstart ',
      errorEnd: ' end',
    },
    {
      host,
      name: 'Output: lines after the exit code',
      payload: shell(`Exit Code: 2\n${'Output: \n'.repeat(MIB / 9)}`),
      exitCode: 2,
      errorStart: 'Exit code 2',
      errorEnd: 'Exit code 2',
    },
  ];
}

/** Codex's output is bare; the exit code comes from the rollout, written here beside it. */
function codexCase(): HostileCase {
  const rollout = join(makeTempDir('buddy-hostile-'), 'rollout-hostile.jsonl');
  const item = { id: 'call_hostile', exit_code: 3, status: 'failed' };
  writeFileSync(rollout, `${JSON.stringify({ type: 'event_msg', payload: { type: 'item_completed', item } })}\n`);
  return {
    host: 'codex',
    name: 'a run of blank lines in the output',
    payload: call({
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_use_id: 'call_hostile',
      transcript_path: rollout,
      tool_response: `start${blankLines}end`,
    }),
    exitCode: 3,
    errorStart: 'Exit code 3\nstart\n',
    errorEnd: '\nend',
  };
}

/** Every host's hostile failed shell calls (Claude Code's translator parses no output: one for the record). */
export function hostileCases(): HostileCase[] {
  const claude: HostileCase = {
    host: 'claude',
    name: 'a run of spaces in the output',
    payload: call({
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      exit_code: 1,
      error: `Exit code 1\nstart${spaces}end`,
    }),
    exitCode: 1,
    errorStart: 'Exit code 1\nstart ',
    errorEnd: ' end',
  };
  return [claude, codexCase(), ...copilotCases(), ...reportCases('gemini'), ...reportCases('qwen')];
}
