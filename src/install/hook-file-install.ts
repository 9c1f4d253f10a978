/**
 * Install and uninstall of buddy-tui's tagged hook groups in one host's JSON file, as whole
 * operations, for hosts whose file takes Claude Code's hooks shape (Copilot's hooks/*.json,
 * Gemini's and Qwen's settings.json): read, plan, show or write, and remember what changed. The
 * same safe file handling and install record as for Claude Code's settings.json: symlinks kept,
 * backup first, compare-then-rename, byte-exact restore when the file is untouched since install.
 */
import { existsSync, rmdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { isBuddyGroup } from './buddy-entries.js';
import { deleteInstallRecord, ownFile, readInstallRecord, writeInstallRecord } from './install-record.js';
import { buddyPresence, removeBuddy } from './merge-settings.js';
import { readSettingsSnapshot, writeSettings } from './settings-file.js';
import { detectStyle, parseSettings, serializeSettings, type JsonObject } from './settings-json.js';
import type { SettingsChangeResult } from './settings-install.js';
import { lineDiff } from './text-diff.js';

export interface HookFileChange {
  path: string;
  /** buddy-tui's group for each event it registers. */
  groups: Record<string, JsonObject>;
  /** Top-level keys the file must have for the host to read the hooks (Copilot's `version`). */
  required?: JsonObject;
  dryRun?: boolean;
  env?: NodeJS.ProcessEnv;
  now?: Date;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Adds (or replaces in place) buddy-tui's group for every event, and drops it from events no longer registered. */
export function addHookGroups(
  input: JsonObject,
  groups: Record<string, JsonObject>,
  required: JsonObject = {},
): JsonObject {
  const settings = structuredClone(input);
  for (const [key, value] of Object.entries(required)) settings[key] ??= value;
  const hooks = (settings.hooks ??= {}) as Record<string, unknown[]>;
  for (const [event, list] of Object.entries(hooks)) {
    if (Array.isArray(list) && !(event in groups) && list.some(isBuddyGroup))
      hooks[event] = list.filter((g) => !isBuddyGroup(g));
  }
  for (const [event, group] of Object.entries(groups)) {
    const list = Array.isArray(hooks[event]) ? hooks[event] : [];
    const first = list.findIndex(isBuddyGroup);
    hooks[event] =
      first < 0 ? [...list, group] : list.flatMap((g, i) => (i === first ? [group] : isBuddyGroup(g) ? [] : [g]));
  }
  return settings;
}

/** Removes a folder install made, when nothing is left in it. */
function removeIfEmpty(folder: string): void {
  try {
    rmdirSync(folder);
  } catch {
    // Not empty (the user's own files), or gone: it stays as it is.
  }
}

export function installHookFile(opts: HookFileChange): SettingsChangeResult {
  const env = opts.env ?? process.env;
  const snapshot = readSettingsSnapshot(opts.path);
  const before = snapshot.text ?? '';
  const current = parseSettings(opts.path, before);
  const next = addHookGroups(current, opts.groups, opts.required);
  if (snapshot.text !== undefined && same(next, current)) return { status: 'unchanged', path: opts.path };
  const style = detectStyle(before);
  const nextText = serializeSettings(next, style);
  const diff = lineDiff(before, nextText, {
    from: snapshot.text === undefined ? '/dev/null' : opts.path,
    to: opts.path,
  });
  if (opts.dryRun) return { status: 'dry-run', path: opts.path, diff };

  const record = readInstallRecord(snapshot.realPath, env);
  let originalText: string | null;
  if (record && snapshot.text === record.installedText) originalText = record.originalText;
  else if (snapshot.text === undefined) originalText = null;
  else
    originalText = buddyPresence(current).events.length
      ? serializeSettings(removeBuddy(current), style)
      : snapshot.text;
  const madeFolder = record?.madeFolder === true || !existsSync(dirname(snapshot.realPath));
  const backup = writeSettings(snapshot, nextText, opts.now, { ownFile: ownFile(record, snapshot.text) });
  writeInstallRecord(
    {
      version: 1,
      settingsPath: snapshot.realPath,
      installedAt: (opts.now ?? new Date()).toISOString(),
      originalText,
      installedText: nextText,
      ...(madeFolder ? { madeFolder } : {}),
    },
    env,
  );
  return { status: 'changed', path: opts.path, backup, diff };
}

export function uninstallHookFile(opts: Omit<HookFileChange, 'groups' | 'required'>): SettingsChangeResult {
  const env = opts.env ?? process.env;
  const snapshot = readSettingsSnapshot(opts.path);
  if (snapshot.text === undefined) return { status: 'not-installed', path: opts.path };
  const current = parseSettings(opts.path, snapshot.text);
  if (!buddyPresence(current).events.length) return { status: 'not-installed', path: opts.path };
  const record = readInstallRecord(snapshot.realPath, env);
  // Untouched since install: give back the exact bytes (or no file) that were there before.
  const nextText =
    record && snapshot.text === record.installedText
      ? (record.originalText ?? undefined)
      : serializeSettings(removeBuddy(current), detectStyle(snapshot.text));
  const diff = lineDiff(snapshot.text, nextText ?? '', {
    from: opts.path,
    to: nextText === undefined ? '/dev/null' : opts.path,
  });
  if (opts.dryRun) return { status: 'dry-run', path: opts.path, diff };
  const backup = writeSettings(snapshot, nextText, opts.now, { ownFile: ownFile(record, snapshot.text) });
  deleteInstallRecord(snapshot.realPath, env);
  if (nextText === undefined && record?.madeFolder) removeIfEmpty(dirname(snapshot.realPath));
  return { status: 'changed', path: opts.path, backup, diff };
}
