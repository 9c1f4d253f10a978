/**
 * Install and uninstall on Codex's hooks.json as whole operations: read, plan, show or write, and
 * remember what changed (the same safe file handling and install record as for Claude Code's
 * settings.json: symlinks kept, backup first, compare-then-rename, byte-exact restore).
 * Trust is a separate step (codex-trust.ts): it needs the Codex binary and the user's consent.
 */
import { resolve } from 'node:path';
import { addCodexBuddy, codexBuddyKeys } from './codex-hooks.js';
import { deleteInstallRecord, readInstallRecord, writeInstallRecord } from './install-record.js';
import { buddyPresence, removeBuddy } from './merge-settings.js';
import { readSettingsSnapshot, writeSettings } from './settings-file.js';
import { detectStyle, parseSettings, serializeSettings, type JsonObject } from './settings-json.js';
import type { SettingsChangeResult } from './settings-install.js';
import { lineDiff } from './text-diff.js';

export interface CodexChangeOptions {
  /** `$CODEX_HOME/hooks.json`. */
  path: string;
  /** The hook command (codexHookCommand()). */
  command: string;
  dryRun?: boolean;
  env?: NodeJS.ProcessEnv;
  now?: Date;
}

export interface CodexChangeResult extends SettingsChangeResult {
  /** Codex's trust keys of buddy-tui's handlers: after install, or before uninstall removed them. */
  keys: string[];
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Keys under the path as given and under the file it links to: which one Codex names depends on how CODEX_HOME is spelled. */
const keysOf = (hooks: JsonObject, path: string, realPath: string): string[] => [
  ...new Set([...codexBuddyKeys(hooks, resolve(path)), ...codexBuddyKeys(hooks, realPath)]),
];

export function installIntoCodex(opts: CodexChangeOptions): CodexChangeResult {
  const env = opts.env ?? process.env;
  const snapshot = readSettingsSnapshot(opts.path);
  const before = snapshot.text ?? '';
  const hooks = parseSettings(opts.path, before);
  const next = addCodexBuddy(hooks, opts.command);
  const keys = keysOf(next, opts.path, snapshot.realPath);
  if (snapshot.text !== undefined && same(next, hooks)) return { status: 'unchanged', path: opts.path, keys };

  const style = detectStyle(before);
  const nextText = serializeSettings(next, style);
  const diff = lineDiff(before, nextText, {
    from: snapshot.text === undefined ? '/dev/null' : opts.path,
    to: opts.path,
  });
  if (opts.dryRun) return { status: 'dry-run', path: opts.path, diff, keys };

  const record = readInstallRecord(snapshot.realPath, env);
  let originalText: string | null;
  if (record && snapshot.text === record.installedText) originalText = record.originalText;
  else if (snapshot.text === undefined) originalText = null;
  else originalText = buddyPresence(hooks).events.length ? serializeSettings(removeBuddy(hooks), style) : snapshot.text;
  const backup = writeSettings(snapshot, nextText, opts.now);
  writeInstallRecord(
    {
      version: 1,
      settingsPath: snapshot.realPath,
      installedAt: (opts.now ?? new Date()).toISOString(),
      originalText,
      installedText: nextText,
    },
    env,
  );
  return { status: 'changed', path: opts.path, backup, diff, keys };
}

export function uninstallFromCodex(opts: Omit<CodexChangeOptions, 'command'>): CodexChangeResult {
  const env = opts.env ?? process.env;
  const snapshot = readSettingsSnapshot(opts.path);
  if (snapshot.text === undefined) return { status: 'not-installed', path: opts.path, keys: [] };
  const hooks = parseSettings(opts.path, snapshot.text);
  if (!buddyPresence(hooks).events.length) return { status: 'not-installed', path: opts.path, keys: [] };
  const keys = keysOf(hooks, opts.path, snapshot.realPath);
  const record = readInstallRecord(snapshot.realPath, env);
  // Untouched since install: give back the exact bytes (or no file) that were there before.
  const nextText =
    record && snapshot.text === record.installedText
      ? (record.originalText ?? undefined)
      : serializeSettings(removeBuddy(hooks), detectStyle(snapshot.text));
  const diff = lineDiff(snapshot.text, nextText ?? '', {
    from: opts.path,
    to: nextText === undefined ? '/dev/null' : opts.path,
  });
  if (opts.dryRun) return { status: 'dry-run', path: opts.path, diff, keys };
  const backup = writeSettings(snapshot, nextText, opts.now);
  deleteInstallRecord(snapshot.realPath, env);
  return { status: 'changed', path: opts.path, backup, diff, keys };
}
