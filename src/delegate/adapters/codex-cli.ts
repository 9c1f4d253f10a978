/**
 * The user's own Codex login answers, through one `codex exec` (Codex CLI 0.169.0), for users
 * with Codex and no Claude Code. The child never feeds the buddy: hooks are disabled
 * (`--disable hooks`), the session is not saved (`--ephemeral`), every tool a flag can turn off
 * is off (shell, images, agents, web search...; checked against the real CLI) and the sandbox is
 * read-only (0.169.0 has no switch for `apply_patch`, which some models' metadata offers), and it
 * runs with `BUDDY_TUI_CHILD=1` (the buddy's own hook command ignores such children whatever
 * hooks a managed config forces on).
 * The model is the user's Codex default: delegate requests name Claude models ("haiku").
 */
import { createOneShotCliAdapter, jsonObjectLines, type OneShotCliOptions } from './one-shot-cli.js';
import {
  DelegateCallError,
  tailLines,
  type DelegateAdapter,
  type DelegateAnswer,
  type DelegateCall,
} from './adapter.js';

/** `binary` is `codex` by default; `cwd` a neutral directory, so the child reads no project's AGENTS.md. */
export type CodexCliAdapterOptions = OneShotCliOptions;

/** Features that would give the model a tool or a side effect; all off for a one-line answer. */
const FEATURES_OFF = [
  'hooks',
  'shell_tool',
  'view_image',
  'multi_agent',
  'goals',
  'apps',
  'plugins',
  'image_generation',
];

/** TOML basic string: `-c key=<value>` parses its value as TOML. */
const tomlString = (text: string): string => JSON.stringify(text);

export function codexExecArgs(call: Pick<DelegateCall, 'systemPrompt'>): string[] {
  return [
    'exec',
    '--skip-git-repo-check',
    '--ephemeral',
    '--sandbox',
    'read-only',
    '--color',
    'never',
    '--json',
    ...FEATURES_OFF.flatMap((feature) => ['--disable', feature]),
    '-c',
    'tools.experimental_request_user_input.enabled=false',
    '-c',
    'web_search="disabled"',
    '-c',
    `developer_instructions=${tomlString(call.systemPrompt)}`,
    // The prompt comes on stdin.
    '-',
  ];
}

interface ExecEvent {
  type?: string;
  item?: { type?: string; text?: unknown; message?: unknown };
  usage?: { input_tokens?: number; output_tokens?: number };
  error?: { message?: unknown };
  message?: unknown;
}

export function interpretCodexOutput(stdout: string, stderr: string, exitCode: number | undefined): DelegateAnswer {
  const events = jsonObjectLines<ExecEvent>(stdout);
  const messages = events.filter(
    (e) => e.type === 'item.completed' && e.item?.type === 'agent_message' && typeof e.item.text === 'string',
  );
  const failed = events.find((e) => e.type === 'turn.failed' || e.type === 'error');
  if (failed || exitCode !== 0) {
    const said = failed?.error?.message ?? failed?.message;
    const detail =
      (typeof said === 'string' && said) || tailLines(stderr) || tailLines(stdout) || `exit ${exitCode ?? '?'}`;
    throw new DelegateCallError(
      `codex: ${detail}`,
      /\b401\b|unauthori[sz]ed|not logged in|login/i.test(detail) ? 'auth' : 'process',
    );
  }
  if (events.length === 0)
    throw new DelegateCallError(`codex printed no events: ${tailLines(stderr) || 'no output'}`, 'bad_output');
  const text = String(messages.at(-1)?.item?.text ?? '').trim();
  if (!text) throw new DelegateCallError('codex returned an empty answer', 'empty');
  const usage = events.find((e) => e.type === 'turn.completed')?.usage ?? {};
  return {
    text,
    source: 'codex',
    usage: { inputTokens: usage.input_tokens ?? 0, outputTokens: usage.output_tokens ?? 0 },
  };
}

export function createCodexCliAdapter(options: CodexCliAdapterOptions = {}): DelegateAdapter {
  return createOneShotCliAdapter(
    {
      name: 'codex',
      defaultBinary: 'codex',
      args: codexExecArgs,
      env: (base) => ({ ...base, BUDDY_TUI_CHILD: '1' }),
      interpret: (stdout, stderr, exitCode) => interpretCodexOutput(stdout, stderr, exitCode),
    },
    options,
  );
}
