/**
 * The `delegate` key of config.json: which adapter answers delegate requests and the limits
 * each plugin gets. Every field is optional; `resolveDelegateSettings` fills in the defaults,
 * so the schema (and config.schema.json generated from it) describes them in one place.
 */
import { z } from 'zod';

export const DELEGATE_ADAPTERS = [
  'auto',
  'claude-cli',
  'codex',
  'copilot',
  'qwen',
  'gemini',
  'pi',
  'anthropic',
  'command',
  'offline',
  'session',
] as const;
export type DelegateAdapterName = (typeof DELEGATE_ADAPTERS)[number];

export const delegatePolicySchema = z.strictObject({
  enabled: z.boolean().optional().describe('false: every request of this plugin gets the offline quip (default true).'),
  maxTokensCap: z
    .number()
    .int()
    .min(1)
    .max(4096)
    .optional()
    .describe("Upper bound for a request's maxTokens (default 300)."),
  defaultMaxTokens: z
    .number()
    .int()
    .min(1)
    .max(4096)
    .optional()
    .describe('maxTokens when a request names none (default 150).'),
  maxPromptChars: z.number().int().min(50).max(50_000).optional().describe('Longer prompts are cut (default 4000).'),
  maxSystemPromptChars: z
    .number()
    .int()
    .min(50)
    .max(20_000)
    .optional()
    .describe('Longer system prompts are cut (default 2000).'),
  refillMs: z
    .number()
    .int()
    .min(0)
    .max(86_400_000)
    .optional()
    .describe('One call is earned back every refillMs (default 30000).'),
  burst: z.number().int().min(1).max(100).optional().describe('Calls that may be made back to back (default 2).'),
  dailyBudget: z.number().int().min(0).max(100_000).optional().describe('Calls per UTC day (default 200; 0 = none).'),
  allowModels: z
    .array(z.string().min(1))
    .optional()
    .describe('Models a plugin may ask for; others use the default model.'),
});
export type DelegatePolicyConfig = z.infer<typeof delegatePolicySchema>;

export const delegateConfigSchema = z
  .strictObject({
    adapter: z
      .enum(DELEGATE_ADAPTERS)
      .optional()
      .describe(
        'Who answers delegate requests (default "auto": the CLI of the host whose session asked (copilot, qwen, gemini, pi, codex), else the buddy mod\'s Claude Code session while it is loaded, else claude-cli, codex, anthropic or offline; "session": only the mod).',
      ),
    model: z.string().min(1).optional().describe('Default model (default "haiku" for claude-cli).'),
    anthropicModel: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Model id for the anthropic adapter when the request names an alias like "haiku" (default "claude-haiku-5-5").',
      ),
    claudePath: z.string().min(1).optional().describe('The claude binary (default: "claude" found on PATH).'),
    codexPath: z
      .string()
      .min(1)
      .optional()
      .describe('The codex binary for the codex adapter (default: "codex" found on PATH).'),
    copilotPath: z
      .string()
      .min(1)
      .optional()
      .describe('The GitHub Copilot CLI for the copilot adapter (default: "copilot" found on PATH).'),
    qwenPath: z
      .string()
      .min(1)
      .optional()
      .describe('The Qwen Code CLI for the qwen adapter (default: "qwen" found on PATH).'),
    geminiPath: z
      .string()
      .min(1)
      .optional()
      .describe('The Gemini CLI for the gemini adapter (default: "gemini" found on PATH).'),
    piPath: z
      .string()
      .min(1)
      .optional()
      .describe('The Pi coding agent for the pi adapter (default: "pi" found on PATH).'),
    command: z
      .string()
      .min(1)
      .optional()
      .describe(
        'For adapter "command": a shell command that reads {"systemPrompt","prompt","maxTokens","model"} on stdin and prints the answer.',
      ),
    timeoutMs: z
      .number()
      .int()
      .min(1000)
      .max(300_000)
      .optional()
      .describe('An answer slower than this falls back to the offline quip (default 20000).'),
    staleMs: z
      .number()
      .int()
      .min(1000)
      .max(600_000)
      .optional()
      .describe('A request that waited longer than this is dropped (default 20000).'),
    maxInFlight: z
      .number()
      .int()
      .min(1)
      .max(8)
      .optional()
      .describe('Calls running at once, all plugins together (default 1).'),
    cacheTtlMs: z
      .number()
      .int()
      .min(0)
      .max(86_400_000)
      .optional()
      .describe('Identical requests reuse an answer this long (default 600000; 0 = no cache).'),
    transcriptContext: z
      .boolean()
      .optional()
      .describe('Allow requests to ask for recent transcript messages (default true).'),
    policy: delegatePolicySchema.optional().describe('Limits for every plugin.'),
    plugins: z.record(z.string(), delegatePolicySchema).optional().describe('Limits per plugin name, over `policy`.'),
  })
  .describe("Delegate resolver: how plugins' LLM requests are answered (see docs/delegates.md).");
export type DelegateConfig = z.infer<typeof delegateConfigSchema>;

export interface DelegatePolicy {
  enabled: boolean;
  maxTokensCap: number;
  defaultMaxTokens: number;
  maxPromptChars: number;
  maxSystemPromptChars: number;
  refillMs: number;
  burst: number;
  dailyBudget: number;
  allowModels?: string[];
}

export const DEFAULT_POLICY: DelegatePolicy = {
  enabled: true,
  maxTokensCap: 300,
  defaultMaxTokens: 150,
  maxPromptChars: 4000,
  maxSystemPromptChars: 2000,
  refillMs: 30_000,
  burst: 2,
  dailyBudget: 200,
};

export interface DelegateSettings {
  adapter: DelegateAdapterName;
  model: string;
  anthropicModel: string;
  claudePath?: string;
  codexPath?: string;
  copilotPath?: string;
  qwenPath?: string;
  geminiPath?: string;
  piPath?: string;
  command?: string;
  timeoutMs: number;
  staleMs: number;
  maxInFlight: number;
  cacheTtlMs: number;
  transcriptContext: boolean;
  policyFor(plugin: string): DelegatePolicy;
}

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Defaults filled in; per-plugin policy = defaults < `policy` < `plugins[name]`. */
export function resolveDelegateSettings(config: DelegateConfig = {}): DelegateSettings {
  const base: DelegatePolicy = { ...DEFAULT_POLICY, ...definedOnly(config.policy) };
  return {
    adapter: config.adapter ?? 'auto',
    model: config.model ?? 'haiku',
    anthropicModel: config.anthropicModel ?? 'claude-haiku-5-5',
    claudePath: config.claudePath,
    codexPath: config.codexPath,
    copilotPath: config.copilotPath,
    qwenPath: config.qwenPath,
    geminiPath: config.geminiPath,
    piPath: config.piPath,
    command: config.command,
    timeoutMs: config.timeoutMs ?? 20_000,
    staleMs: config.staleMs ?? 20_000,
    maxInFlight: config.maxInFlight ?? 1,
    cacheTtlMs: config.cacheTtlMs ?? 600_000,
    transcriptContext: config.transcriptContext ?? true,
    policyFor(plugin) {
      const merged = { ...base, ...definedOnly(config.plugins?.[plugin]) };
      // A default above the cap would be refused by its own cap: keep them consistent.
      return { ...merged, defaultMaxTokens: Math.min(merged.defaultMaxTokens, merged.maxTokensCap) };
    },
  };
}
