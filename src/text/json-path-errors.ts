/**
 * Config errors name the file and the JSON path of what is wrong
 * (`hooks.PostToolUse[0].hooks[1].timeout`), one error per problem. Here in text/, the innermost
 * room, because every room that checks a JSON file it owns (config/, plugins/) reports this way.
 */
import type { z } from 'zod';
import type { $ZodError } from 'zod/v4/core';

export interface ConfigError {
  file: string;
  /** JSON path inside the file; '' for the whole file. */
  path: string;
  message: string;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function formatJsonPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (typeof segment === 'string' && IDENTIFIER.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out;
}

export function joinJsonPath(prefix: string, segments: readonly PropertyKey[]): string {
  const rest = formatJsonPath(segments);
  if (!prefix) return rest;
  if (!rest) return prefix;
  return rest.startsWith('[') ? `${prefix}${rest}` : `${prefix}.${rest}`;
}

/** One ConfigError per zod issue; unknown keys get a path each so they are easy to find. */
export function issuesToErrors(file: string, prefix: string, error: z.ZodError | $ZodError): ConfigError[] {
  const out: ConfigError[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({ file, path: joinJsonPath(prefix, [...issue.path, key]), message: 'unknown key' });
      }
      continue;
    }
    out.push({ file, path: joinJsonPath(prefix, issue.path), message: issue.message });
  }
  return out;
}

export function formatConfigError(error: ConfigError): string {
  return error.path ? `${error.file}: ${error.path}: ${error.message}` : `${error.file}: ${error.message}`;
}
