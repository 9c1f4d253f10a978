/**
 * Turns sourced rules into compiled handlers and picks those an event triggers. The
 * `matcher` is a regex on the tool name for tool events (empty or "*" = all) and ignored on
 * other events; `host` keeps a rule to one agent host's events; `if` is one permission rule. An invalid regex or `if` is reported and its
 * rule skipped, never silently matched.
 */
import { basename } from 'node:path';
import { TOOL_EVENTS, type JournalEvent } from '../protocol/hook-event.js';
import type { ConfigError } from '../text/json-path-errors.js';
import type { HookHandler } from './plugin-config.js';
import { matchesPermissionRule, parsePermissionRule, type PermissionRule } from './permission-rule.js';
import type { RuleOrigin, SourcedRule } from './rule-sources.js';
import { joinJsonPath } from '../text/json-path-errors.js';
import { sourceIndex } from './source-index.js';
import { DEFAULT_HOST } from '../hosts/host-id.js';

export interface CompiledHandler {
  /** Identical handlers declared in several places run once (like Claude Code). */
  key: string;
  /** Shown as the reaction source; the unit of cooldown. */
  name: string;
  event: string;
  matcher?: RegExp;
  /** The hosts whose events it runs on; undefined: every host. */
  hosts?: readonly string[];
  conditions: PermissionRule[];
  handler: HookHandler;
  origin: RuleOrigin;
}

/** Anchored like Claude Code: `Write` matches only Write, `Edit|Write` either. */
export function compileMatcher(matcher: string | undefined): RegExp | undefined {
  if (matcher === undefined || matcher === '' || matcher === '*') return undefined;
  return new RegExp(`^(?:${matcher})$`);
}

/** A readable name for a handler without one: its script's base name, or the URL's host. */
export function handlerName(handler: HookHandler, origin: RuleOrigin): string {
  if (handler.name) return handler.name;
  if (origin.plugin) return origin.plugin;
  if (handler.type === 'http') {
    try {
      return new URL(handler.url).host || 'http-plugin';
    } catch {
      return 'http-plugin';
    }
  }
  // Words of the command line, without shell separators and redirections (`>/dev/null` is
  // not the plugin's name); the exec form's program and arguments as they are.
  const words = handler.args ? [handler.command, ...handler.args] : handler.command.split(/[\s;|&()]+/).filter(Boolean);
  const tokens: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    if (/^\d*[<>]/.test(words[i]!)) {
      if (/^\d*[<>]+$/.test(words[i]!)) i += 1; // `> file`: skip the target too
      continue;
    }
    tokens.push(words[i]!.replace(/^["']|["']$/g, ''));
  }
  // A script beats the interpreter's path (`/usr/bin/node hook.mjs` is "hook").
  const script =
    tokens.find((token) => /\.(?:m?js|cjs|ts|sh|py|rb|pl)$/.test(token)) ??
    tokens.find((token) => /[/\\]/.test(token)) ??
    tokens[0] ??
    'command';
  return (
    basename(script)
      .replace(/\.[A-Za-z0-9]+$/, '')
      .slice(0, 64) || 'command'
  );
}

export function compileRules(rules: readonly SourcedRule[]): { handlers: CompiledHandler[]; errors: ConfigError[] } {
  const handlers: CompiledHandler[] = [];
  const errors: ConfigError[] = [];
  const seen = new Set<string>();
  for (const { event, rule, origin } of rules) {
    const report = (path: string, message: string) => errors.push({ file: origin.file, path, message });
    const isToolEvent = TOOL_EVENTS.has(event);
    let matcher: RegExp | undefined;
    if (isToolEvent) {
      try {
        matcher = compileMatcher(rule.matcher);
      } catch (error) {
        report(joinJsonPath(origin.path, ['matcher']), `invalid regex: ${(error as Error).message}`);
        continue;
      }
    }
    const ruleConditions = compileConditions(rule.if, isToolEvent, joinJsonPath(origin.path, ['if']), report);
    if (!ruleConditions) continue;
    const hosts = rule.host === undefined ? undefined : [rule.host].flat();
    rule.hooks.forEach((handler, index) => {
      const handlerPath = joinJsonPath(origin.path, ['hooks', sourceIndex(handler, index)]);
      const own = compileConditions(handler.if, isToolEvent, joinJsonPath(handlerPath, ['if']), report);
      if (!own) return;
      const conditions = [...ruleConditions, ...own];
      const key = JSON.stringify([
        event,
        matcher?.source ?? '',
        hosts ?? '',
        conditions.map((c) => c.source),
        handler,
        origin.root,
      ]);
      if (seen.has(key)) return;
      seen.add(key);
      handlers.push({
        key,
        name: handlerName(handler, origin),
        event,
        matcher,
        hosts,
        conditions,
        handler,
        origin: { ...origin, path: handlerPath },
      });
    });
  }
  return { handlers, errors };
}

function compileConditions(
  source: string | undefined,
  isToolEvent: boolean,
  path: string,
  report: (path: string, message: string) => void,
): PermissionRule[] | undefined {
  if (source === undefined) return [];
  if (!isToolEvent) {
    report(path, '"if" only applies to tool events (PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest)');
    return undefined;
  }
  const parsed = parsePermissionRule(source);
  if (!parsed.ok) {
    report(path, parsed.message);
    return undefined;
  }
  return [parsed.rule];
}

export function handlerMatches(handler: CompiledHandler, event: JournalEvent): boolean {
  if (handler.event !== event.hook_event_name) return false;
  if (handler.hosts && !handler.hosts.includes(event.host ?? DEFAULT_HOST)) return false;
  if (handler.matcher && !handler.matcher.test(typeof event.tool_name === 'string' ? event.tool_name : ''))
    return false;
  return handler.conditions.every((condition) => matchesPermissionRule(condition, event));
}

export function matchingHandlers(handlers: readonly CompiledHandler[], event: JournalEvent): CompiledHandler[] {
  return handlers.filter((handler) => handlerMatches(handler, event));
}
