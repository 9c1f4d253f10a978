/**
 * The user's own Qwen Code login answers, through one `qwen -p` (Qwen Code 0.24.4,
 * ../shared/qwen-code-0.24.4/RECIPE.md; it needs Node 22). The child never feeds the buddy and can
 * do nothing but answer:
 * - `--safe-mode`: no hooks, extensions, skills, MCP servers or QWEN.md (checked against the real
 *   CLI: a user-level hook no longer runs), and `BUDDY_TUI_CHILD=1` for the buddy's hook command;
 * - no tool: `--core-tools` is ignored in safe mode and spares the non-core tools (agent, skill…),
 *   and `--exclude-tools '*'` matches nothing, so every tool Qwen 0.24.4 names is excluded by name,
 *   and `--max-tool-calls 0` ends the run should a newer Qwen offer one more;
 * - one turn, not recorded (`--chat-recording false`), the system prompt as `--system-prompt`, the
 *   output capped by QWEN_CODE_MAX_OUTPUT_TOKENS (else Qwen asks for 32 000).
 * The model is the user's Qwen default (requests name Claude aliases such as "haiku").
 */
import { createOneShotCliAdapter, type OneShotCliOptions } from './one-shot-cli.js';
import {
  DelegateCallError,
  tailLines,
  type DelegateAdapter,
  type DelegateAnswer,
  type DelegateCall,
} from './adapter.js';

export type QwenCliAdapterOptions = OneShotCliOptions;

/** Every tool name of Qwen Code 0.24.4 (its ToolNames table). */
export const QWEN_TOOLS = [
  'exec',
  'edit',
  'write_file',
  'read_file',
  'zoom_image',
  'grep_search',
  'glob',
  'run_shell_command',
  'todo_write',
  'save_memory',
  'agent',
  'skill',
  'exit_plan_mode',
  'enter_plan_mode',
  'web_fetch',
  'web_search',
  'image_gen',
  'list_directory',
  'lsp',
  'ask_user_question',
  'cron_create',
  'cron_list',
  'cron_delete',
  'loop_wakeup',
  'create_sub_session',
  'list_agents',
  'task_stop',
  'task_create',
  'task_update',
  'task_list',
  'team_create',
  'team_delete',
  'team_plan_approval',
  'request_shutdown',
  'send_message',
  'structured_output',
  'monitor',
  'notebook_edit',
  'tool_call',
  'tool_search',
  'read_mcp_resource',
  'enter_worktree',
  'exit_worktree',
  'workflow',
  'artifact',
  'record_artifact',
  'record_source',
  'report_findings',
  'get_goal',
  'update_goal',
  'propose_goal',
  'display_image',
  'omni_downsample_image',
  'omni_downscale_video',
  'omni_downsample_audio',
  'omni_extract_keyframes',
  'omni_extract_audio',
  'omni_clip_video',
  'omni_convert_image',
  'omni_transcribe_audio',
  'omni_clip_image',
  'omni_clip_audio',
  'omni_caption_image',
  'omni_caption_audio',
  'omni_ocr_image',
  'omni_understand_video_segments',
  'omni_recall_media_memory',
] as const;

export function qwenArgs(call: Pick<DelegateCall, 'systemPrompt'>): string[] {
  return [
    // The prompt comes on stdin; `-p` appends its (empty) text to it.
    '-p',
    '',
    '--output-format',
    'json',
    '--safe-mode',
    '--exclude-tools',
    QWEN_TOOLS.join(','),
    '--max-tool-calls',
    '0',
    '--max-session-turns',
    '1',
    '--chat-recording',
    'false',
    '--system-prompt',
    call.systemPrompt,
  ];
}

interface QwenMessage {
  type?: string;
  subtype?: string;
  is_error?: boolean;
  result?: unknown;
  error?: { message?: unknown };
  usage?: { input_tokens?: number; output_tokens?: number };
  message?: { model?: unknown };
}

/** The JSON array `--output-format json` prints (the last line that parses as one, to skip any noise). */
function parseMessages(stdout: string): QwenMessage[] | undefined {
  const candidates = [
    stdout.trim(),
    ...stdout
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith('['))
      .reverse(),
  ];
  for (const text of candidates) {
    try {
      const parsed = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.filter((m) => m && typeof m === 'object') as QwenMessage[];
    } catch {
      // Not the array.
    }
  }
  return undefined;
}

export function interpretQwenOutput(stdout: string, stderr: string, exitCode: number | undefined): DelegateAnswer {
  const messages = parseMessages(stdout);
  const result = messages?.filter((m) => m.type === 'result').at(-1);
  if (!result) {
    const detail = tailLines(stderr) || tailLines(stdout) || 'no output';
    throw new DelegateCallError(`qwen exited ${exitCode ?? '?'}: ${detail}`, exitCode === 0 ? 'bad_output' : 'process');
  }
  const text = typeof result.result === 'string' ? result.result.trim() : '';
  if (result.is_error || exitCode !== 0) {
    const said = result.error?.message;
    const detail =
      (typeof said === 'string' && said) || text || result.subtype || tailLines(stderr) || `exit ${exitCode}`;
    throw new DelegateCallError(
      `qwen: ${detail}`,
      /\b40[13]\b|unauthori[sz]ed|api key/i.test(detail) ? 'auth' : 'process',
    );
  }
  if (!text) throw new DelegateCallError('qwen returned an empty answer', 'empty');
  const model = messages?.filter((m) => m.type === 'assistant').at(-1)?.message?.model;
  return {
    text,
    source: typeof model === 'string' && model ? model : 'qwen',
    usage: { inputTokens: result.usage?.input_tokens ?? 0, outputTokens: result.usage?.output_tokens ?? 0 },
  };
}

export function createQwenCliAdapter(options: QwenCliAdapterOptions = {}): DelegateAdapter {
  return createOneShotCliAdapter(
    {
      name: 'qwen',
      defaultBinary: 'qwen',
      args: qwenArgs,
      env: (base, call) => ({ ...base, QWEN_CODE_MAX_OUTPUT_TOKENS: String(call.maxTokens), BUDDY_TUI_CHILD: '1' }),
      interpret: (stdout, stderr, exitCode) => interpretQwenOutput(stdout, stderr, exitCode),
    },
    options,
  );
}
