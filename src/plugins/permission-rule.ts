/**
 * The `if` of a hook rule: one Claude Code permission rule, `Tool` or `Tool(arg-glob)`,
 * glob-matched against the tool's main argument (Bash command, file path, URL, pattern,
 * query), or against the JSON of its input when the tool has none. Anything richer is an
 * error, so a rule is never silently widened.
 */
import { isAbsolute, relative, sep } from 'node:path';
import type { JournalEvent } from '../protocol/hook-event.js';

export interface PermissionRule {
  source: string;
  tool: RegExp;
  /** Undefined: any argument. */
  arg?: RegExp;
}

const FORM = /^([A-Za-z0-9_*.-]+)(?:\((.*)\))?$/s;
const PATH_TOOLS = new Set(['Read', 'Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'NotebookRead']);

const escapeRegex = (text: string): string => text.replace(/[\\^$.+?()[\]{}|/]/g, '\\$&');

/** `*` any run (within a path segment for path tools), `**` anything, `?` one character. */
export function globToRegExp(glob: string, pathLike: boolean): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i += 1) {
    const char = glob[i]!;
    if (char === '*') {
      if (glob[i + 1] === '*') {
        i += 1;
        if (pathLike && glob[i + 1] === '/') {
          // `a/**/b` also matches `a/b`.
          out += '(?:.*/)?';
          i += 1;
        } else {
          out += '.*';
        }
      } else {
        out += pathLike ? '[^/]*' : '.*';
      }
    } else if (char === '?') {
      out += pathLike ? '[^/]' : '.';
    } else {
      out += escapeRegex(char);
    }
  }
  return new RegExp(`^${out}$`, 's');
}

export type ParsedRule = { ok: true; rule: PermissionRule } | { ok: false; message: string };

export function parsePermissionRule(source: string): ParsedRule {
  const text = source.trim();
  const match = FORM.exec(text);
  if (!match)
    return { ok: false, message: `"${source}" is not of the form Tool or Tool(arg-glob); only one rule is supported` };
  const [, toolName, rawArg] = match;
  if (rawArg !== undefined) {
    if (/[()]/.test(rawArg))
      return { ok: false, message: `"${source}": parentheses inside the argument are not supported` };
    if (/^(?:domain|regex|re):/i.test(rawArg))
      return { ok: false, message: `"${source}": "${rawArg.split(':')[0]}:" rules are not supported, use a glob` };
  }
  const tool = globToRegExp(toolName!, false);
  if (rawArg === undefined || rawArg === '*' || rawArg === '') return { ok: true, rule: { source, tool } };
  // Claude Code's legacy prefix form `Bash(npm run test:*)` means "starts with npm run test".
  const glob = rawArg.endsWith(':*') ? `${rawArg.slice(0, -2)}*` : rawArg;
  return { ok: true, rule: { source, tool, arg: globToRegExp(glob, PATH_TOOLS.has(toolName!)) } };
}

/** The argument a permission rule is matched against. */
export function mainArgument(event: JournalEvent): { value: string; isPath: boolean } | undefined {
  const input = event.tool_input;
  if (!input || typeof input !== 'object') return undefined;
  const pick = (...keys: string[]): string | undefined => {
    for (const key of keys) if (typeof input[key] === 'string') return input[key] as string;
    return undefined;
  };
  switch (event.tool_name) {
    case 'Bash':
      return wrap(pick('command'), false);
    case 'Read':
    case 'Write':
    case 'Edit':
    case 'MultiEdit':
    case 'NotebookEdit':
    case 'NotebookRead':
      return wrap(pick('file_path', 'notebook_path', 'path'), true);
    case 'WebFetch':
      return wrap(pick('url'), false);
    case 'WebSearch':
      return wrap(pick('query'), false);
    case 'Glob':
    case 'Grep':
      return wrap(pick('pattern'), false);
    case 'Agent':
    case 'Task':
      return wrap(pick('subagent_type', 'description'), false);
    case 'Skill':
      return wrap(pick('skill', 'command'), false);
    default:
      return undefined;
  }
}

const wrap = (value: string | undefined, isPath: boolean) => (value === undefined ? undefined : { value, isPath });

export function matchesPermissionRule(rule: PermissionRule, event: JournalEvent): boolean {
  if (typeof event.tool_name !== 'string' || !rule.tool.test(event.tool_name)) return false;
  if (!rule.arg) return true;
  const arg = mainArgument(event);
  if (!arg) return rule.arg.test(JSON.stringify(event.tool_input ?? {}));
  if (rule.arg.test(arg.value)) return true;
  // A relative path glob also matches an absolute path inside the project.
  if (arg.isPath && isAbsolute(arg.value) && typeof event.cwd === 'string') {
    const rel = relative(event.cwd, arg.value);
    // Outside the project is `..` or `../…`; a file named `..notes.md` is inside it.
    if (rel !== '..' && !rel.startsWith(`..${sep}`)) return rule.arg.test(rel) || rule.arg.test(`./${rel}`);
  }
  return false;
}
