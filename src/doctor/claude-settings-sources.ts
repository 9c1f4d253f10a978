/**
 * Claude Code's three settings files (user, project, local) as the doctor reads them, and what of
 * buddy-tui's each holds: its hook commands, and whether the buddy-tui plugin is enabled.
 */
import { existsSync } from 'node:fs';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { handlerKind, type HandlerKind } from '../ingest/spool-command.js';
import { isBuddyGroup } from '../install/buddy-entries.js';
import { localSettingsPath, projectSettingsPath, userSettingsPath } from '../install/settings-location.js';
import { parseSettings, type JsonObject } from '../install/settings-json.js';

export interface SettingsSource {
  scope: 'user' | 'project' | 'local';
  path: string;
  settings?: JsonObject;
  error?: string;
}

export function loadSources(env: NodeJS.ProcessEnv, cwd: string): SettingsSource[] {
  const sources: SettingsSource[] = [
    { scope: 'user', path: userSettingsPath(env) },
    { scope: 'project', path: projectSettingsPath(cwd) },
    { scope: 'local', path: localSettingsPath(cwd) },
  ];
  for (const source of sources) {
    if (!existsSync(source.path)) continue;
    try {
      source.settings = parseSettings(
        source.path,
        readSmallFile(source.path, { maxBytes: SMALL_FILE_LIMITS.config, followSymlinks: true }),
      );
    } catch (error) {
      source.error = (error as Error).message;
    }
  }
  return sources;
}

export interface BuddyHookCommand {
  event: string;
  async: boolean;
  /** What it runs (spool or Node hook) and the dist/hook.js it names; undefined for a shape not ours. */
  kind?: HandlerKind;
}

export function buddyHookCommands(settings: JsonObject): BuddyHookCommand[] {
  const out: BuddyHookCommand[] = [];
  for (const [event, groups] of Object.entries((settings.hooks ?? {}) as Record<string, unknown>)) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups.filter(isBuddyGroup) as Array<{
      hooks?: Array<{ command?: string; args?: unknown; async?: boolean }>;
    }>) {
      for (const hook of group.hooks ?? []) {
        if (typeof hook.command === 'string') out.push({ event, kind: handlerKind(hook), async: hook.async === true });
      }
    }
  }
  return out;
}

export function pluginEnabled(sources: SettingsSource[]): string | undefined {
  for (const source of sources) {
    const enabled = source.settings?.enabledPlugins;
    if (enabled && typeof enabled === 'object') {
      const id = Object.entries(enabled as Record<string, unknown>).find(
        ([name, on]) => name.startsWith('buddy-tui@') && on === true,
      )?.[0];
      if (id) return `${id} (${source.path})`;
    }
  }
  return undefined;
}
