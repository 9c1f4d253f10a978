/**
 * The user's own GitHub Copilot login answers, through one non-interactive `copilot` run
 * (Copilot CLI 1.0.102, ../shared/copilot-1.0.102/RECIPE.md). The child never feeds the buddy and
 * can do nothing but answer:
 * - hooks off: Copilot has no flag for it, only the `disableAllHooks` setting (user and repo hooks
 *   alike). The child runs in a private folder of its own whose `.github/copilot/settings.json`
 *   says so, and `--trust-folder` lets Copilot read that file for this one run (checked against
 *   the real CLI: a user-level hook no longer runs). It also carries `BUDDY_TUI_CHILD=1`, which
 *   the buddy's hook command drops, for hooks a managed config forces on;
 * - no tool: `--available-tools` is an allowlist; an empty one reads as "no filter", so it names
 *   `none`, which is no tool (Copilot logs "Unknown tool name in the tool allowlist" and offers
 *   the model nothing); no built-in MCP servers, no ask_user, no AGENTS.md;
 * - the prompt on stdin: piped stdin is Copilot's prompt mode (`-p <text>` would ignore stdin and
 *   put the prompt where `ps` shows it). Copilot has no system-prompt flag: the voice goes first
 *   in the prompt.
 * The model is the user's Copilot default (requests name Claude aliases such as "haiku").
 */
import { createOneShotCliAdapter, jsonObjectLines, type OneShotCliOptions } from './one-shot-cli.js';
import {
  DelegateCallError,
  tailLines,
  type DelegateAdapter,
  type DelegateAnswer,
  type DelegateCall,
} from './adapter.js';

export type CopilotCliAdapterOptions = OneShotCliOptions;

export function copilotArgs(): string[] {
  return [
    '--output-format',
    'json',
    '--trust-folder',
    '--available-tools=none',
    '--disable-builtin-mcps',
    '--no-ask-user',
    '--no-custom-instructions',
    '--no-auto-update',
    '--no-color',
  ];
}

/** The settings file in the child's folder: Copilot's only switch for every hook. */
export const COPILOT_WORKSPACE = {
  'project/.github/copilot/settings.json': `${JSON.stringify({ disableAllHooks: true })}\n`,
};

/** The voice first, then the request: the one message Copilot sends as the user's. */
export function copilotPrompt(call: Pick<DelegateCall, 'systemPrompt' | 'prompt'>): string {
  return `${call.systemPrompt}\n\n${call.prompt}`;
}

interface CopilotEvent {
  type?: string;
  exitCode?: number;
  data?: {
    content?: unknown;
    model?: unknown;
    parentToolCallId?: unknown;
    message?: unknown;
    errorType?: unknown;
    statusCode?: unknown;
  };
}

export function interpretCopilotOutput(stdout: string, stderr: string, exitCode: number | undefined): DelegateAnswer {
  const events = jsonObjectLines<CopilotEvent>(stdout);
  const error = events.find((e) => e.type === 'session.error');
  const result = events.find((e) => e.type === 'result');
  const failed = error !== undefined || exitCode !== 0 || (result?.exitCode ?? 0) !== 0;
  if (failed) {
    const said = error?.data?.message;
    const detail =
      (typeof said === 'string' && said) || tailLines(stderr) || tailLines(stdout) || `exit ${exitCode ?? '?'}`;
    const auth = /\b40[13]\b|unauthori[sz]ed|not logged in|authenticat/i.test(detail);
    throw new DelegateCallError(`copilot: ${detail}`, auth ? 'auth' : 'process');
  }
  if (events.length === 0)
    throw new DelegateCallError(`copilot printed no events: ${tailLines(stderr) || 'no output'}`, 'bad_output');
  const messages = events.filter(
    (e) =>
      e.type === 'assistant.message' && typeof e.data?.content === 'string' && e.data.parentToolCallId === undefined,
  );
  const last = messages.at(-1);
  const text = String(last?.data?.content ?? '').trim();
  if (!text) throw new DelegateCallError('copilot returned an empty answer', 'empty');
  const model = last?.data?.model;
  return { text, source: typeof model === 'string' && model ? model : 'copilot' };
}

export function createCopilotCliAdapter(options: CopilotCliAdapterOptions = {}): DelegateAdapter {
  const adapter = createOneShotCliAdapter(
    {
      name: 'copilot',
      defaultBinary: 'copilot',
      args: () => copilotArgs(),
      // A cap for a BYOK provider (Copilot's own models have no output-token switch).
      env: (base, call) => ({
        ...base,
        COPILOT_PROVIDER_MAX_OUTPUT_TOKENS: String(call.maxTokens),
        BUDDY_TUI_CHILD: '1',
      }),
      interpret: (stdout, stderr, exitCode) => interpretCopilotOutput(stdout, stderr, exitCode),
      workspace: () => COPILOT_WORKSPACE,
    },
    options,
  );
  return { ...adapter, complete: (call) => adapter.complete({ ...call, prompt: copilotPrompt(call) }) };
}
