/**
 * The user's own Pi coding agent answers, through one `pi -p` (Pi 0.73.1,
 * ../shared/pi-0.73.1/RECIPE.md). The child never feeds the buddy, can do nothing but answer and
 * leaves no trace in the user's history:
 * - `--no-extensions`: no extension loads (buddy-tui's own included), and `BUDDY_TUI_CHILD=1`
 *   should one be passed some other way; `--no-skills`, `--no-prompt-templates`,
 *   `--no-context-files`: no AGENTS.md or CLAUDE.md of the folder it runs in;
 * - `--no-tools`: the model is offered no tool (built-in or an extension's);
 * - `--no-session`: no session file under `~/.pi/agent/sessions/`, so `/resume` never lists it;
 * - `--offline`: no download of fd and ripgrep, no update check;
 * - the system prompt as `--system-prompt` (it replaces Pi's coding prompt), the prompt on stdin,
 *   `--mode json` for the answer, its model, its usage and a model error.
 * The model is the user's Pi default. Pi has no flag for the output's length: the prompt asks for
 * one short line.
 */
import { createOneShotCliAdapter, jsonObjectLines, type OneShotCliOptions } from './one-shot-cli.js';
import {
  DelegateCallError,
  tailLines,
  type DelegateAdapter,
  type DelegateAnswer,
  type DelegateCall,
} from './adapter.js';

export type PiCliAdapterOptions = OneShotCliOptions;

export function piArgs(call: Pick<DelegateCall, 'systemPrompt'>): string[] {
  return [
    '-p',
    '--mode',
    'json',
    '--no-session',
    '--no-tools',
    '--no-extensions',
    '--no-skills',
    '--no-prompt-templates',
    '--no-context-files',
    '--offline',
    '--system-prompt',
    call.systemPrompt,
  ];
}

interface PiMessage {
  role?: string;
  content?: unknown;
  model?: unknown;
  stopReason?: unknown;
  errorMessage?: unknown;
  usage?: { input?: unknown; output?: unknown };
}

interface PiEvent {
  type?: string;
  messages?: PiMessage[];
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function textOf(message: PiMessage): string {
  if (!Array.isArray(message.content)) return '';
  return message.content
    .map((part) => (part?.type === 'text' && typeof part.text === 'string' ? part.text : ''))
    .join('')
    .trim();
}

export function interpretPiOutput(stdout: string, stderr: string, exitCode: number | undefined): DelegateAnswer {
  const end = jsonObjectLines<PiEvent>(stdout)
    .filter((event) => event.type === 'agent_end')
    .at(-1);
  const last = Array.isArray(end?.messages) ? end.messages.filter((m) => m?.role === 'assistant').at(-1) : undefined;
  if (!last) {
    const detail = tailLines(stderr) || tailLines(stdout) || 'no output';
    throw new DelegateCallError(`pi exited ${exitCode ?? '?'}: ${detail}`, exitCode === 0 ? 'bad_output' : 'process');
  }
  if (last.stopReason === 'error' || exitCode !== 0) {
    const said = typeof last.errorMessage === 'string' && last.errorMessage ? last.errorMessage : undefined;
    const detail = said ?? (tailLines(stderr) || `exit ${exitCode}`);
    throw new DelegateCallError(
      `pi: ${detail}`,
      /\b40[13]\b|unauthori[sz]ed|api key|no api key/i.test(detail) ? 'auth' : 'process',
    );
  }
  const text = textOf(last);
  if (!text) throw new DelegateCallError('pi returned an empty answer', 'empty');
  return {
    text,
    source: typeof last.model === 'string' && last.model ? last.model : 'pi',
    usage: { inputTokens: count(last.usage?.input), outputTokens: count(last.usage?.output) },
  };
}

export function createPiCliAdapter(options: PiCliAdapterOptions = {}): DelegateAdapter {
  return createOneShotCliAdapter(
    {
      name: 'pi',
      defaultBinary: 'pi',
      args: piArgs,
      env: (base) => ({ ...base, PI_OFFLINE: '1', PI_SKIP_VERSION_CHECK: '1', BUDDY_TUI_CHILD: '1' }),
      interpret: (stdout, stderr, exitCode) => interpretPiOutput(stdout, stderr, exitCode),
    },
    options,
  );
}
