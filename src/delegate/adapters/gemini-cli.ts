/**
 * The user's own Gemini CLI login answers, through one `gemini -p` (Gemini CLI 0.61.0,
 * ../shared/gemini-cli-0.61.0/RECIPE.md). The child never feeds the buddy and can do nothing but
 * answer. Gemini has no flag for hooks or tools, only settings, so the child runs in a private
 * folder of its own whose `.gemini/settings.json` turns hooks off (`hooksConfig.enabled: false`,
 * user hooks included) and allows one core tool, `none`, which is no tool (an empty allowlist reads
 * as "all"); a folder's settings count only when it is trusted, so GEMINI_CLI_TRUST_WORKSPACE
 * trusts it for this run (checked against the real CLI: a user-level hook no longer runs, the model
 * is offered nothing). `-e none` loads no extension, GEMINI_SYSTEM_MD replaces the system prompt with
 * the voice (a file of this call), and `BUDDY_TUI_CHILD=1` is there for the buddy's hook command.
 * No output-token cap: Gemini counts thinking in maxOutputTokens, so a one-line cap can leave no
 * answer. The model is the user's Gemini default (requests name Claude aliases such as "haiku").
 */
import { join } from 'node:path';
import { createOneShotCliAdapter, type OneShotCliOptions } from './one-shot-cli.js';
import {
  DelegateCallError,
  tailLines,
  type DelegateAdapter,
  type DelegateAnswer,
  type DelegateCall,
} from './adapter.js';

export type GeminiCliAdapterOptions = OneShotCliOptions;

/** The prompt comes on stdin; `-p` appends its (empty) text to it. */
export const GEMINI_ARGS = ['-p', '', '--output-format', 'json', '--extensions', 'none'];

export const GEMINI_SETTINGS = { hooksConfig: { enabled: false }, tools: { core: ['none'] } };

export function geminiWorkspace(call: Pick<DelegateCall, 'systemPrompt'>): Record<string, string> {
  return {
    'project/.gemini/settings.json': `${JSON.stringify(GEMINI_SETTINGS)}\n`,
    'scratch/system.md': `${call.systemPrompt}\n`,
  };
}

interface GeminiJson {
  response?: unknown;
  error?: { message?: unknown; code?: unknown; type?: unknown };
  stats?: { models?: Record<string, { tokens?: { prompt?: number; input?: number; candidates?: number } }> };
}

/** The JSON object `--output-format json` prints (from its first line that opens one). */
function parseJson(stdout: string): GeminiJson | undefined {
  const lines = stdout.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('{')) continue;
    try {
      const parsed = JSON.parse(lines.slice(i).join('\n'));
      if (parsed && typeof parsed === 'object') return parsed as GeminiJson;
    } catch {
      // Not the object.
    }
  }
  return undefined;
}

export function interpretGeminiOutput(stdout: string, stderr: string, exitCode: number | undefined): DelegateAnswer {
  const parsed = parseJson(stdout);
  if (parsed?.error || exitCode !== 0) {
    const said = parsed?.error?.message;
    const detail =
      (typeof said === 'string' && said) || tailLines(stderr) || tailLines(stdout) || `exit ${exitCode ?? '?'}`;
    throw new DelegateCallError(
      `gemini: ${detail}`,
      /\b40[13]\b|unauthori[sz]ed|api key/i.test(detail) ? 'auth' : 'process',
    );
  }
  if (!parsed)
    throw new DelegateCallError(`gemini printed no answer: ${tailLines(stderr) || 'no output'}`, 'bad_output');
  const text = typeof parsed.response === 'string' ? parsed.response.trim() : '';
  if (!text) throw new DelegateCallError('gemini returned an empty answer', 'empty');
  const models = Object.entries(parsed.stats?.models ?? {});
  const tokens = models.map(([, m]) => m.tokens ?? {});
  return {
    text,
    source: models[0]?.[0] ?? 'gemini',
    usage: {
      inputTokens: tokens.reduce((sum, t) => sum + (t.prompt ?? t.input ?? 0), 0),
      outputTokens: tokens.reduce((sum, t) => sum + (t.candidates ?? 0), 0),
    },
  };
}

export function createGeminiCliAdapter(options: GeminiCliAdapterOptions = {}): DelegateAdapter {
  return createOneShotCliAdapter(
    {
      name: 'gemini',
      defaultBinary: 'gemini',
      args: () => [...GEMINI_ARGS],
      env: (base, _call, folders) => ({
        ...base,
        GEMINI_CLI_TRUST_WORKSPACE: 'true',
        ...(folders ? { GEMINI_SYSTEM_MD: join(folders.scratch, 'system.md') } : {}),
        BUDDY_TUI_CHILD: '1',
      }),
      interpret: (stdout, stderr, exitCode) => interpretGeminiOutput(stdout, stderr, exitCode),
      workspace: geminiWorkspace,
    },
    options,
  );
}
