/**
 * What an install changed, kept so uninstall can put the file back byte for byte: the text
 * before the first install, the text install wrote, and the statusLine it chained to.
 * One record per settings file, under the user state dir (not in settings.json).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { userStateDir } from '../config/paths.js';
import { atomicWriteJsonSync } from '../state/atomic-write.js';
import type { JsonObject } from './settings-json.js';

export interface InstallRecord {
  version: 1;
  settingsPath: string;
  installedAt: string;
  /** The file before buddy-tui touched it; null when there was no file. */
  originalText: string | null;
  /** The file exactly as install left it. */
  installedText: string;
  previousStatusLine?: JsonObject;
  /** Install created the file's folder too (`~/.copilot/hooks/`): uninstall removes it once empty. */
  madeFolder?: boolean;
  /** A hooks-folder host (hook-folder.ts; `settingsPath` is its hooks folder): the folders install created, outermost first. */
  madeFolders?: string[];
}

export function installRecordPath(realSettingsPath: string, env: NodeJS.ProcessEnv = process.env): string {
  const key = createHash('sha256').update(realSettingsPath).digest('hex').slice(0, 16);
  return join(userStateDir(env), 'installs', `${key}.json`);
}

export function readInstallRecord(
  realSettingsPath: string,
  env: NodeJS.ProcessEnv = process.env,
): InstallRecord | undefined {
  try {
    const record = JSON.parse(
      readSmallFile(installRecordPath(realSettingsPath, env), { maxBytes: SMALL_FILE_LIMITS.state }),
    ) as InstallRecord;
    return record.version === 1 && record.settingsPath === realSettingsPath && typeof record.installedText === 'string'
      ? record
      : undefined;
  } catch {
    return undefined;
  }
}

export function writeInstallRecord(record: InstallRecord, env: NodeJS.ProcessEnv = process.env): void {
  const path = installRecordPath(record.settingsPath, env);
  mkdirSync(join(userStateDir(env), 'installs'), { recursive: true, mode: 0o700 });
  atomicWriteJsonSync(path, record);
}

export function deleteInstallRecord(realSettingsPath: string, env: NodeJS.ProcessEnv = process.env): void {
  try {
    unlinkSync(installRecordPath(realSettingsPath, env));
  } catch {
    // Nothing recorded: nothing to forget.
  }
}

/** The file is buddy-tui's own: install created it (there was none before) and it is as install left it. */
export function ownFile(record: InstallRecord | undefined, text: string | undefined): boolean {
  return record !== undefined && record.originalText === null && text === record.installedText;
}
