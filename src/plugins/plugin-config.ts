/**
 * The plugins' part of config.json (`hooks`, `hooksFile`, `plugins`, the Claude Code settings
 * discovery, `limits`), of `hooksFile` files and of `buddy-plugin.json` manifests. Hook rules use
 * Claude Code's settings.json shape so existing hook entries carry over unchanged.
 * src/config/config-schema.ts composes these keys into the whole file's schema.
 */
import { z } from 'zod';
import { HOST_IDS } from '../hosts/host-id.js';
import { HOOK_EVENT_NAMES } from '../protocol/hook-event.js';

/** Fields Claude Code accepts on every handler that buddy-tui tolerates but does not use. */
const claudeHandlerExtras = {
  async: z.boolean().optional().describe('Claude Code only; plugins always run off the critical path.'),
  statusMessage: z.string().optional().describe('Claude Code only; ignored.'),
  once: z.boolean().optional().describe('Claude Code only; ignored.'),
};

const handlerCommon = {
  name: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe('Name shown as the reaction source (default: the plugin or command name).'),
  if: z.string().min(1).optional().describe('One Claude Code permission rule, e.g. "Bash(git *)".'),
  timeout: z.number().positive().max(600).optional().describe('Seconds (default: limits.timeoutSeconds).'),
  ...claudeHandlerExtras,
};

export const commandHandlerSchema = z.strictObject({
  type: z.literal('command'),
  command: z
    .string()
    .min(1)
    .describe(
      "Run through the user's shell, which reads $CLAUDE_PROJECT_DIR and $BUDDY_PLUGIN_ROOT from the environment (quote them); with `args`, the program to run.",
    ),
  args: z
    .array(z.string())
    .optional()
    .describe(
      'Exec form: run `command` with these arguments and no shell; ${CLAUDE_PROJECT_DIR} and ${BUDDY_PLUGIN_ROOT} are replaced in each as plain strings.',
    ),
  ...handlerCommon,
});

export const httpHandlerSchema = z.strictObject({
  type: z.literal('http'),
  url: z.string().min(1).describe('POSTed the hook JSON; ${VAR} expands from the plugin environment.'),
  headers: z.record(z.string(), z.string()).optional().describe('${VAR} expands from the plugin environment.'),
  allowedEnvVars: z.array(z.string()).optional().describe('Extra variables the url and headers may interpolate.'),
  ...handlerCommon,
});

export const hookHandlerSchema = z.discriminatedUnion('type', [commandHandlerSchema, httpHandlerSchema]);
export type HookHandler = z.infer<typeof hookHandlerSchema>;
export type CommandHandler = z.infer<typeof commandHandlerSchema>;
export type HttpHandler = z.infer<typeof httpHandlerSchema>;

export const hookRuleSchema = z.strictObject({
  matcher: z.string().optional().describe('Regex on the tool name for tool events; empty or "*" matches all.'),
  if: z.string().min(1).optional().describe('One Claude Code permission rule, e.g. "Bash(git *)".'),
  host: z
    .union([z.enum(HOST_IDS), z.array(z.enum(HOST_IDS)).min(1)])
    .optional()
    .describe('Only events from this agent host (or these): "claude", "codex". Absent: every host.'),
  hooks: z.array(hookHandlerSchema),
});
export type HookRule = z.infer<typeof hookRuleSchema>;

export const hookEventNameSchema = z.enum(HOOK_EVENT_NAMES);

/** `{"PostToolUse": [rule, ...], ...}` exactly like Claude Code's settings.json `hooks`. */
export const hooksSchema = z.partialRecord(hookEventNameSchema, z.array(hookRuleSchema));
export type HooksConfig = z.infer<typeof hooksSchema>;

/** The longest any waiting time may be set to: a day (every number the config takes has bounds). */
export const DAY_MS = 86_400_000;

export const runnerLimitsSchema = z.strictObject({
  maxConcurrent: z
    .number()
    .int()
    .min(1)
    .max(64)
    .optional()
    .describe('Plugin runs in flight at once (default 4); the rest queue.'),
  timeoutSeconds: z.number().positive().max(600).optional().describe('Default handler timeout (default 10).'),
  cooldownMs: z
    .number()
    .int()
    .min(0)
    .max(DAY_MS)
    .optional()
    .describe('Minimum time between two reactions of one plugin (default 3000).'),
  maxOutputBytes: z
    .number()
    .int()
    .min(1024)
    .max(16 * 1024 * 1024)
    .optional()
    .describe('stdout/stderr cap per run (default 65536).'),
});
export type RunnerLimits = z.infer<typeof runnerLimitsSchema>;

export const pluginLimitsSchema = z.strictObject({
  timeoutSeconds: z.number().positive().max(600).optional(),
  cooldownMs: z.number().int().min(0).max(DAY_MS).optional(),
});
export type PluginLimits = z.infer<typeof pluginLimitsSchema>;

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const pluginManifestSchema = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'a plugin name is letters, digits, ".", "_" or "-"'),
  description: z.string().max(500).optional(),
  version: z.string().optional(),
  hooks: hooksSchema,
  limits: pluginLimitsSchema.optional(),
  env: z
    .array(z.string().regex(ENV_NAME, 'not an environment variable name'))
    .optional()
    .describe('Extra environment variables passed to this plugin (credentials only when named here).'),
});
export type PluginManifest = z.infer<typeof pluginManifestSchema>;

export const hooksFileSchema = z.strictObject({
  $schema: z.string().optional(),
  hooks: hooksSchema,
});

export const DEFAULT_CLAUDE_SETTINGS_PATHS = [
  '.claude/settings.json',
  '.claude/settings.local.json',
  '~/.claude/settings.json',
];

/** config.json's top-level keys the plugins own, in the order the generated docs list them. */
export const pluginConfigSections = {
  hooks: hooksSchema.describe(
    'Plugin rules in Claude Code settings.json shape: {"PostToolUse": [{"matcher", "if", "hooks": [...]}]}.',
  ),
  hooksFile: z.string().min(1).describe('A JSON file holding {"hooks": ...}; ~ and ${VAR} expand.'),
  plugins: z.array(z.string().min(1)).describe('Plugin folders holding a buddy-plugin.json; ~ and ${VAR} expand.'),
  discoverClaudeSettings: z
    .boolean()
    .describe("Also run the hook entries of Claude Code settings files (buddy-tui's own skipped)."),
  claudeSettingsPaths: z
    .array(z.string().min(1))
    .describe(
      'Settings files read with discoverClaudeSettings (default: .claude/settings.json, .claude/settings.local.json, ~/.claude/settings.json).',
    ),
  limits: runnerLimitsSchema.describe('Plugin runner limits.'),
} as const;
/** The plugins' keys of a loaded config.json (the whole BuddyConfig fits it). */
export type PluginConfig = {
  [K in keyof typeof pluginConfigSections]?: z.infer<(typeof pluginConfigSections)[K]>;
};
