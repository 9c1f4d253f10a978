/**
 * `buddy-tui doctor`'s mod lines: whether the buddy mod `buddy-tui install` set up will load in a
 * new Claude Code session, and if not, why, with the fix where there is one. What turns mods off
 * (../shared notes, checked with Claude Code 2.1.332): `disableAllHooks`, `--safe-mode` /
 * CLAUDE_CODE_SAFE_MODE, `--bare`, and the rollout flag `tengu_plugin_hooks_modules` saved off in
 * `~/.claude.json`. Files are read only when they are small regular files.
 */
import { existsSync } from 'node:fs';
import { readSmallFile } from '../files/read-small-file.js';
import { join } from 'node:path';
import type { DoctorCheck } from './doctor-check.js';
import { MOD_MIN_VERSION, isOurModFolder, modFolderFor } from '../install/mod-install.js';
import {
  claudeConfigDir,
  localSettingsPath,
  projectSettingsPath,
  userSettingsPath,
} from '../install/settings-location.js';

const MAX_READ = 4 * 1024 * 1024;

function readJson(path: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(readSmallFile(path, { maxBytes: MAX_READ, followSymlinks: true }));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The most specific settings file that sets disableAllHooks (local > project > user), when it is true. */
function hooksDisabledBy(env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  for (const path of [localSettingsPath(cwd), projectSettingsPath(cwd), userSettingsPath(env)]) {
    const value = readJson(path)?.disableAllHooks;
    if (typeof value === 'boolean') return value ? path : undefined;
  }
  return undefined;
}

function rolloutSavedOff(env: NodeJS.ProcessEnv): string | undefined {
  const file = env.CLAUDE_CONFIG_DIR
    ? join(claudeConfigDir(env), '.claude.json')
    : join(env.HOME ?? '', '.claude.json');
  const features = readJson(file)?.cachedGrowthBookFeatures as Record<string, unknown> | undefined;
  return features && features.tengu_plugin_hooks_modules === false ? file : undefined;
}

export function modChecks(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): DoctorCheck[] {
  const folder = modFolderFor(userSettingsPath(env));
  if (!isOurModFolder(folder)) {
    return [
      {
        status: 'ok',
        title: 'the buddy mod is not set up: the statusLine and the pane show the buddy',
        detail: folder,
        fix: `\`buddy-tui install\` sets it up with Claude Code ${MOD_MIN_VERSION} or newer`,
      },
    ];
  }
  const argv = (readJson(join(folder, 'buddy-cli.json'))?.argv ?? []) as unknown[];
  const script = typeof argv[1] === 'string' ? argv[1] : undefined;
  if (!script || !existsSync(script)) {
    return [
      {
        status: 'fail',
        title: 'the buddy mod cannot run buddy-tui (the buddy-tui it was set up with is gone)',
        detail: join(folder, 'buddy-cli.json'),
        fix: 'run `buddy-tui install` again',
      },
    ];
  }
  const disabledBy = hooksDisabledBy(env, cwd);
  if (disabledBy) {
    return [
      {
        status: 'warn',
        title: 'the buddy mod does not load: "disableAllHooks": true turns mods off too',
        detail: disabledBy,
        fix: `remove "disableAllHooks" from ${disabledBy}`,
      },
    ];
  }
  if (env.CLAUDE_CODE_SAFE_MODE) {
    return [
      {
        status: 'warn',
        title: 'the buddy mod does not load: CLAUDE_CODE_SAFE_MODE is set (safe mode turns mods off)',
        fix: 'unset CLAUDE_CODE_SAFE_MODE (and do not start claude with --safe-mode or --bare)',
      },
    ];
  }
  const savedOff = rolloutSavedOff(env);
  if (savedOff) {
    return [
      {
        status: 'warn',
        title:
          "the buddy mod does not load: Claude Code's rollout flag for mods (tengu_plugin_hooks_modules) is saved off",
        detail: savedOff,
        fix: 'nothing supported turns it back on; the statusLine and the pane keep showing the buddy',
      },
    ];
  }
  return [
    {
      status: 'ok',
      title: 'the buddy mod loads in new Claude Code sessions (unless started with --safe-mode or --bare)',
      detail: folder,
    },
  ];
}
