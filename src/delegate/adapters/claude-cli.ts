/**
 * The host-session adapter: the user's own Claude Code login answers, through `claude -p`.
 * The child runs with hooks disabled AND `BUDDY_TUI_CHILD=1`, so neither its settings' hooks
 * nor managed hooks (which `--settings` cannot disable) can feed its events back to the buddy.
 */
import { createOneShotCliAdapter, type OneShotCliOptions } from './one-shot-cli.js';
import {
  DelegateCallError,
  tailLines,
  type DelegateAdapter,
  type DelegateAnswer,
  type DelegateCall,
} from './adapter.js';

/** `binary` is `claude` by default; `cwd` a neutral directory, so the child loads no project's CLAUDE.md or settings. */
export type ClaudeCliAdapterOptions = OneShotCliOptions;

export function claudeCliArgs(call: Pick<DelegateCall, 'model' | 'systemPrompt'>): string[] {
  return [
    '-p',
    '--output-format',
    'json',
    '--no-session-persistence',
    '--max-turns',
    '1',
    '--tools',
    '',
    '--model',
    call.model,
    '--system-prompt',
    call.systemPrompt,
    '--settings',
    '{"disableAllHooks": true}',
  ];
}

interface ClaudeJsonResult {
  type?: string;
  subtype?: string;
  is_error?: boolean;
  result?: unknown;
  api_error_status?: number | null;
  total_cost_usd?: number;
  usage?: {
    input_tokens?: number;
    output_tokens?: number;
    cache_creation_input_tokens?: number;
    cache_read_input_tokens?: number;
  };
  modelUsage?: Record<string, unknown>;
}

/** The JSON object `--output-format json` prints (the last line that parses, to skip any noise). */
function parseResult(stdout: string): ClaudeJsonResult | undefined {
  const lines = stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('{'));
  for (let i = lines.length - 1; i >= 0; i--) {
    try {
      const parsed = JSON.parse(lines[i]!);
      if (parsed && typeof parsed === 'object') return parsed as ClaudeJsonResult;
    } catch {
      // Not the line we want.
    }
  }
  return undefined;
}

export function interpretClaudeOutput(
  stdout: string,
  stderr: string,
  exitCode: number | undefined,
  requestedModel: string,
): DelegateAnswer {
  const parsed = parseResult(stdout);
  if (!parsed) {
    const detail = tailLines(stderr) || tailLines(stdout) || 'no output';
    throw new DelegateCallError(
      `claude exited ${exitCode ?? '?'}: ${detail}`,
      exitCode === 0 ? 'bad_output' : 'process',
    );
  }
  const resultText = typeof parsed.result === 'string' ? parsed.result : '';
  if (parsed.is_error || exitCode !== 0) {
    const status = parsed.api_error_status;
    const message = resultText || parsed.subtype || tailLines(stderr) || `exit ${exitCode}`;
    throw new DelegateCallError(
      `claude: ${message}`,
      status === 401 || status === 403 ? 'auth' : status ? 'http' : 'process',
    );
  }
  if (!resultText.trim()) throw new DelegateCallError('claude returned an empty answer', 'empty');
  const usage = parsed.usage ?? {};
  const models = Object.keys(parsed.modelUsage ?? {});
  return {
    text: resultText.trim(),
    source: models[0] ?? requestedModel,
    usage: {
      inputTokens:
        (usage.input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0),
      outputTokens: usage.output_tokens ?? 0,
    },
    costUsd: typeof parsed.total_cost_usd === 'number' ? parsed.total_cost_usd : undefined,
  };
}

/**
 * The child's environment: the user's (their login lives in HOME), minus the markers of a
 * Claude Code session buddy-tui may have been started from, plus the output cap and our marker.
 */
export function claudeChildEnv(base: NodeJS.ProcessEnv, maxTokens: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  for (const name of [
    'CLAUDECODE',
    'CLAUDE_CODE_ENTRYPOINT',
    'CLAUDE_CODE_SESSION_ID',
    'CLAUDE_PROJECT_DIR',
    'CLAUDE_PID',
  ])
    delete env[name];
  env.CLAUDE_CODE_MAX_OUTPUT_TOKENS = String(maxTokens);
  env.BUDDY_TUI_CHILD = '1';
  return env;
}

export function createClaudeCliAdapter(options: ClaudeCliAdapterOptions = {}): DelegateAdapter {
  return createOneShotCliAdapter(
    {
      name: 'claude-cli',
      defaultBinary: 'claude',
      args: claudeCliArgs,
      env: (base, call) => claudeChildEnv(base, call.maxTokens),
      interpret: (stdout, stderr, exitCode, call) => interpretClaudeOutput(stdout, stderr, exitCode, call.model),
    },
    options,
  );
}
