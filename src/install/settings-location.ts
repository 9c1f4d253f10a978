/** Which Claude Code settings file a command edits or checks. */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** `$CLAUDE_CONFIG_DIR`, else `~/.claude`: where Claude Code keeps the user's settings. */
export function claudeConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CLAUDE_CONFIG_DIR ? resolve(env.CLAUDE_CONFIG_DIR) : join(env.HOME || homedir(), '.claude');
}

export function userSettingsPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(claudeConfigDir(env), 'settings.json');
}

export function projectSettingsPath(cwd: string = process.cwd()): string {
  return join(cwd, '.claude', 'settings.json');
}

export function localSettingsPath(cwd: string = process.cwd()): string {
  return join(cwd, '.claude', 'settings.local.json');
}

/** `--settings <file>` wins, then `--project`, then the user's settings. */
export function resolveSettingsPath(
  opts: { settings?: string; project?: boolean },
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): string {
  if (opts.settings) return resolve(cwd, opts.settings);
  if (opts.project) return projectSettingsPath(cwd);
  return userSettingsPath(env);
}
