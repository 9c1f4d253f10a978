/**
 * Parses a `hooks` object leniently: every rule and every handler is validated on its own,
 * invalid ones are reported with their JSON path and dropped, the rest are kept.
 */
import { z } from 'zod';
import { HOOK_EVENT_NAMES } from '../protocol/hook-event.js';
import {
  hookHandlerSchema,
  hookRuleSchema,
  type HookHandler,
  type HookRule,
  type HooksConfig,
} from './plugin-config.js';
import { issuesToErrors, joinJsonPath, type ConfigError } from '../text/json-path-errors.js';
import { setSourceIndex } from './source-index.js';

const EVENT_NAMES: ReadonlySet<string> = new Set(HOOK_EVENT_NAMES);
const HANDLER_KEYS = new Set([
  'type',
  'command',
  'args',
  'url',
  'headers',
  'allowedEnvVars',
  'name',
  'if',
  'timeout',
  'async',
  'statusMessage',
  'once',
]);
const ruleShellSchema = hookRuleSchema.extend({ hooks: z.array(z.unknown()) });

export interface ParseHooksOptions {
  /**
   * Claude Code settings files: handler types buddy-tui cannot run (prompt, agent, mcp_tool)
   * and keys it does not know are skipped quietly, since they are valid for Claude Code.
   */
  claudeSettings?: boolean;
  /** Drops a rule or a handler without an error (buddy-tui's own hook entries). */
  skipRule?: (rule: Record<string, unknown>) => boolean;
  skipHandler?: (handler: Record<string, unknown>) => boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseHooks(
  raw: unknown,
  file: string,
  prefix: string,
  errors: ConfigError[],
  options: ParseHooksOptions = {},
): HooksConfig {
  const out: HooksConfig = {};
  if (raw === undefined) return out;
  if (!isObject(raw)) {
    errors.push({ file, path: prefix, message: 'expected an object of hook events' });
    return out;
  }
  for (const [event, rules] of Object.entries(raw)) {
    const eventPath = joinJsonPath(prefix, [event]);
    if (!EVENT_NAMES.has(event)) {
      if (!options.claudeSettings) errors.push({ file, path: eventPath, message: `unknown hook event "${event}"` });
      continue;
    }
    if (!Array.isArray(rules)) {
      errors.push({ file, path: eventPath, message: 'expected an array of rules' });
      continue;
    }
    const kept: HookRule[] = [];
    rules.forEach((rule, index) => {
      const parsed = parseRule(rule, file, joinJsonPath(eventPath, [index]), errors, options);
      if (parsed) {
        setSourceIndex(parsed, index);
        kept.push(parsed);
      }
    });
    if (kept.length > 0) out[event as keyof HooksConfig] = kept;
  }
  return out;
}

function parseRule(
  raw: unknown,
  file: string,
  path: string,
  errors: ConfigError[],
  options: ParseHooksOptions,
): HookRule | undefined {
  if (isObject(raw) && options.skipRule?.(raw)) return undefined;
  const shell = ruleShellSchema.safeParse(
    options.claudeSettings && isObject(raw) ? pick(raw, ['matcher', 'if', 'hooks']) : raw,
  );
  if (!shell.success) {
    errors.push(...issuesToErrors(file, path, shell.error));
    return undefined;
  }
  const handlers: HookHandler[] = [];
  shell.data.hooks.forEach((handler, index) => {
    const handlerPath = joinJsonPath(path, ['hooks', index]);
    if (isObject(handler) && options.skipHandler?.(handler)) return;
    if (isObject(handler) && handler.type !== 'command' && handler.type !== 'http') {
      if (options.claudeSettings) return;
      errors.push({
        file,
        path: joinJsonPath(handlerPath, ['type']),
        message: `handler type ${JSON.stringify(handler.type)} is not supported by buddy-tui (use "command" or "http")`,
      });
      return;
    }
    const candidate = options.claudeSettings && isObject(handler) ? pick(handler, [...HANDLER_KEYS]) : handler;
    const parsed = hookHandlerSchema.safeParse(candidate);
    if (parsed.success) {
      setSourceIndex(parsed.data, index);
      handlers.push(parsed.data);
    } else errors.push(...issuesToErrors(file, handlerPath, parsed.error));
  });
  if (handlers.length === 0) return undefined;
  return { ...shell.data, hooks: handlers };
}

function pick(source: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key in source) out[key] = source[key];
  return out;
}
