/**
 * `buddy-tui/sdk`: write a buddy plugin as a small script. A plugin written with it is an
 * ordinary command plugin: `runBuddy` reads the hook JSON on stdin, finds the handlers for
 * the event by alias, evaluates their `condition` locally and prints the answer contract
 * (`{"reaction": ...}` or a delegate request). No API key, no network, no React.
 *
 *   import { defineBuddy, runBuddy } from 'buddy-tui/sdk';
 *   runBuddy(defineBuddy({
 *     name: 'GitBot', personality: 'a dry-witted git expert',
 *     hooks: { 'bash:after': { condition: (ctx) => /git push -f/.test(ctx.command ?? ''), react: () => 'Bold.' } },
 *   }));
 */
import { eventKinds, type EventKind } from '../protocol/event-kind.js';
import type { JournalEvent } from '../protocol/hook-event.js';
import { aliasMatches, resolveAlias, type AliasTarget } from './aliases.js';

export { resolveAlias } from './aliases.js';
export type { EventKind } from '../protocol/event-kind.js';

export interface ReactionAnswer {
  reaction: string;
  mood?: string;
  ttlMs?: number;
  priority?: number;
}

export interface DelegateAnswer {
  delegate: true;
  prompt: string;
  systemPrompt: string;
  maxTokens?: number;
  model?: string;
  context?: { transcriptMessages: number };
}

export interface ClaudeOptions {
  maxTokens?: number;
  model?: string;
  /** Ask the host to add the last N transcript messages (0-12) to the prompt. */
  transcriptMessages?: number;
}

export type ReactResult = string | ReactionAnswer | DelegateAnswer | undefined | null | void;

export interface BuddyContext {
  /** The hook JSON exactly as received. */
  event: Record<string, unknown>;
  /** The alias of the handler being run. */
  alias: string;
  eventName: string;
  sessionId: string;
  cwd?: string;
  toolName?: string;
  toolInput: Record<string, unknown>;
  toolResponse?: unknown;
  /** The Bash command, for Bash events. */
  command?: string;
  /** `file_path` of file tools. */
  filePath?: string;
  /** The error of a PostToolUseFailure. */
  error?: string;
  /** The prompt of a UserPromptSubmit. */
  prompt?: string;
  /** What the event means (e.g. ['test_failure', 'tool_failure']). */
  kinds: EventKind[];
  buddy: { name: string; personality?: string };
  /** A delegate request: the host asks an LLM, with this buddy's system prompt. */
  claude(prompt: string, options?: ClaudeOptions): DelegateAnswer;
  /** A reaction with extras (plain strings work too). */
  say(text: string, extras?: Omit<ReactionAnswer, 'reaction'>): ReactionAnswer;
}

export interface BuddyHook {
  condition?: (ctx: BuddyContext) => boolean | Promise<boolean>;
  react: (ctx: BuddyContext) => ReactResult | Promise<ReactResult>;
}

export interface BuddyDefinition {
  name: string;
  personality?: string;
  /** Default: built from name and personality. */
  systemPrompt?: string;
  /** Alias → handler(s). Handlers are tried in order; the first that answers wins. */
  hooks: Record<string, BuddyHook | BuddyHook[]>;
}

export interface DefinedBuddy extends BuddyDefinition {
  systemPrompt: string;
  /** Resolved aliases in declaration order. */
  readonly handlers: ReadonlyArray<{ alias: string; target: AliasTarget; hook: BuddyHook }>;
}

export function defaultSystemPrompt(name: string, personality?: string): string {
  return [
    `You are ${name}, a tiny companion living in a developer's terminal while they work with Claude Code.`,
    personality ? `Your personality: ${personality}.` : '',
    'Answer with one short, friendly sentence (under 20 words), no markdown.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Validates the definition (unknown aliases throw at once) and fills in the system prompt. */
export function defineBuddy(definition: BuddyDefinition): DefinedBuddy {
  if (!definition || typeof definition.name !== 'string' || definition.name.trim() === '') {
    throw new TypeError('defineBuddy: "name" is required');
  }
  const handlers: Array<{ alias: string; target: AliasTarget; hook: BuddyHook }> = [];
  for (const [alias, value] of Object.entries(definition.hooks ?? {})) {
    const target = resolveAlias(alias);
    if (!target) throw new TypeError(`defineBuddy: unknown event alias "${alias}" (see the SDK docs for the list)`);
    for (const hook of Array.isArray(value) ? value : [value]) {
      if (typeof hook?.react !== 'function') throw new TypeError(`defineBuddy: "${alias}" needs a react(ctx) function`);
      handlers.push({ alias, target, hook });
    }
  }
  return {
    ...definition,
    systemPrompt: definition.systemPrompt ?? defaultSystemPrompt(definition.name, definition.personality),
    handlers,
  };
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function makeContext(
  buddy: DefinedBuddy,
  event: Record<string, unknown>,
  kinds: EventKind[],
  alias: string,
): BuddyContext {
  const toolInput = (
    typeof event.tool_input === 'object' && event.tool_input !== null ? event.tool_input : {}
  ) as Record<string, unknown>;
  return {
    event,
    alias,
    kinds,
    eventName: str(event.hook_event_name) ?? '',
    sessionId: str(event.session_id) ?? '',
    cwd: str(event.cwd),
    toolName: str(event.tool_name),
    toolInput,
    toolResponse: event.tool_response,
    command: event.tool_name === 'Bash' ? str(toolInput.command) : undefined,
    filePath: str(toolInput.file_path) ?? str(toolInput.notebook_path),
    error: str(event.error),
    prompt: str(event.prompt),
    buddy: { name: buddy.name, ...(buddy.personality ? { personality: buddy.personality } : {}) },
    claude(prompt, options = {}) {
      return {
        delegate: true,
        systemPrompt: buddy.systemPrompt,
        prompt,
        ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
        ...(options.model !== undefined ? { model: options.model } : {}),
        ...(options.transcriptMessages !== undefined
          ? { context: { transcriptMessages: options.transcriptMessages } }
          : {}),
      };
    },
    say: (text, extras = {}) => ({ reaction: text, ...extras }),
  };
}

function normalize(result: ReactResult): ReactionAnswer | DelegateAnswer | undefined {
  if (result === undefined || result === null) return undefined;
  if (typeof result === 'string') return result.trim() ? { reaction: result } : undefined;
  if (typeof result === 'object' && ('delegate' in result || 'reaction' in result)) return result;
  throw new TypeError(`react() returned ${JSON.stringify(result)}; expected a string, ctx.say(...) or ctx.claude(...)`);
}

/** The answer for one hook JSON object, or undefined when no handler answers. */
export async function answerFor(
  buddy: DefinedBuddy,
  event: Record<string, unknown>,
): Promise<ReactionAnswer | DelegateAnswer | undefined> {
  const kinds = eventKinds(event as JournalEvent);
  for (const { alias, target, hook } of buddy.handlers) {
    if (!aliasMatches(target, event, kinds)) continue;
    const ctx = makeContext(buddy, event, kinds, alias);
    if (hook.condition && !(await hook.condition(ctx))) continue;
    const answer = normalize(await hook.react(ctx));
    if (answer) return answer;
  }
  return undefined;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

export interface RunBuddyIo {
  stdin?: NodeJS.ReadableStream | string;
  stdout?: { write(text: string): unknown };
  stderr?: { write(text: string): unknown };
}

/**
 * Reads one hook JSON from stdin, prints the answer (nothing when no handler answers) and
 * returns the exit code, also set as process.exitCode: 0, or 1 on bad input or a failing
 * handler (the host logs it as a warning).
 */
export async function runBuddy(buddy: DefinedBuddy | BuddyDefinition, io: RunBuddyIo = {}): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  let code = 0;
  try {
    const defined = 'handlers' in buddy ? buddy : defineBuddy(buddy);
    const text = typeof io.stdin === 'string' ? io.stdin : await readAll(io.stdin ?? process.stdin);
    const event: unknown = JSON.parse(text);
    if (typeof event !== 'object' || event === null || Array.isArray(event))
      throw new TypeError('stdin is not a hook JSON object');
    const answer = await answerFor(defined, event as Record<string, unknown>);
    if (answer) stdout.write(`${JSON.stringify(answer)}\n`);
  } catch (error) {
    stderr.write(`${buddy?.name ?? 'buddy'}: ${(error as Error).message}\n`);
    code = 1;
  }
  if (!io.stdout) process.exitCode = code;
  return code;
}
