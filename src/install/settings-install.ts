/**
 * Install and uninstall as whole operations on one settings file: read, plan, show or write,
 * and remember what was changed. The CLI commands only parse flags and print the result.
 */
import { buddyCommands, type BuddyCommands, type HookForm, type HookPath } from './buddy-entries.js';
import { handEditEntries } from './hand-edit.js';
import {
  readInstallRecord,
  writeInstallRecord,
  deleteInstallRecord,
  ownFile,
  type InstallRecord,
} from './install-record.js';
import { addBuddy, buddyPresence, removeBuddy, type AddOptions } from './merge-settings.js';
import { SettingsFileError, detectStyle, parseSettings, serializeSettings, type JsonObject } from './settings-json.js';
import { readSettingsSnapshot, writeSettings, type SettingsSnapshot } from './settings-file.js';
import { lineDiff } from './text-diff.js';

export interface SettingsChangeOptions {
  path: string;
  commands?: BuddyCommands;
  dryRun?: boolean;
  env?: NodeJS.ProcessEnv;
  now?: Date;
}

export interface SettingsChangeResult {
  status: 'changed' | 'unchanged' | 'dry-run' | 'not-installed';
  path: string;
  backup?: string;
  /** The line diff of the change (also for a real change, so it can be shown). */
  diff?: string;
  /** The statusLine command buddy-tui's chains to (install) or that was restored (uninstall). */
  chained?: string;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

type InstallOptions = SettingsChangeOptions & {
  statuslineOnly?: boolean;
  hookForm?: HookForm;
  hookPath?: HookPath;
  /** The events to register (default claudeHookEvents()). */
  events?: readonly string[];
};

/**
 * Adds buddy-tui to the file. When the file cannot be edited (a SettingsFileError), the error
 * carries in `byHand` the JSON to add by hand, whenever the file could be read at all.
 */
export function installIntoSettings(opts: InstallOptions): SettingsChangeResult {
  const env = opts.env ?? process.env;
  const snapshot = readSettingsSnapshot(opts.path);
  const record = readInstallRecord(snapshot.realPath, env);
  const add: AddOptions = {
    commands: opts.commands ?? buddyCommands(),
    statuslineOnly: opts.statuslineOnly,
    hookForm: opts.hookForm,
    hookPath: opts.hookPath,
    events: opts.events,
    knownPrevious: record?.previousStatusLine,
  };
  try {
    return installSnapshot(snapshot, record, add, opts, env);
  } catch (error) {
    if (error instanceof SettingsFileError && snapshot.text !== undefined) {
      const entries = handEditEntries(opts.path, snapshot.text, add);
      if (entries) error.byHand = JSON.stringify(entries, null, 2);
    }
    throw error;
  }
}

function installSnapshot(
  snapshot: SettingsSnapshot,
  record: InstallRecord | undefined,
  add: AddOptions,
  opts: InstallOptions,
  env: NodeJS.ProcessEnv,
): SettingsChangeResult {
  const before = snapshot.text ?? '';
  const settings = parseSettings(opts.path, before);
  const style = detectStyle(before);
  const { settings: next, previousStatusLine } = addBuddy(settings, add);
  const chained = typeof previousStatusLine?.command === 'string' ? previousStatusLine.command : undefined;
  if (snapshot.text !== undefined && same(next, settings)) return { status: 'unchanged', path: opts.path, chained };

  const nextText = serializeSettings(next, style);
  const diff = lineDiff(before, nextText, {
    from: snapshot.text === undefined ? '/dev/null' : opts.path,
    to: opts.path,
  });
  if (opts.dryRun) return { status: 'dry-run', path: opts.path, diff, chained };

  // The text to give back on uninstall: what the user had before buddy-tui was ever in it.
  let originalText: string | null;
  if (record && snapshot.text === record.installedText) originalText = record.originalText;
  else if (snapshot.text === undefined) originalText = null;
  else {
    const present = buddyPresence(settings, add.commands.statusline);
    originalText =
      present.events.length || present.statusLine
        ? serializeSettings(
            removeBuddy(settings, {
              statuslineBase: add.commands.statusline,
              previousStatusLine: record?.previousStatusLine,
            }),
            style,
          )
        : snapshot.text;
  }
  const backup = writeSettings(snapshot, nextText, opts.now, { ownFile: ownFile(record, snapshot.text) });
  writeInstallRecord(
    {
      version: 1,
      settingsPath: snapshot.realPath,
      installedAt: (opts.now ?? new Date()).toISOString(),
      originalText,
      installedText: nextText,
      previousStatusLine,
    },
    env,
  );
  return { status: 'changed', path: opts.path, backup, diff, chained };
}

export function uninstallFromSettings(opts: SettingsChangeOptions): SettingsChangeResult {
  const env = opts.env ?? process.env;
  // Without commands (run from outside the package) the tags and the command pattern still find ours.
  const base = opts.commands?.statusline;
  const snapshot = readSettingsSnapshot(opts.path);
  if (snapshot.text === undefined) return { status: 'not-installed', path: opts.path };
  const settings = parseSettings(opts.path, snapshot.text);
  const present = buddyPresence(settings, base);
  if (!present.events.length && !present.statusLine) return { status: 'not-installed', path: opts.path };
  const record = readInstallRecord(snapshot.realPath, env);

  let nextText: string | undefined;
  let restored: JsonObject | undefined;
  if (record && snapshot.text === record.installedText) {
    // Untouched since install: give back the exact bytes (or no file) that were there before.
    nextText = record.originalText ?? undefined;
    restored = record.previousStatusLine;
  } else {
    const next = removeBuddy(settings, { statuslineBase: base, previousStatusLine: record?.previousStatusLine });
    nextText = serializeSettings(next, detectStyle(snapshot.text));
    restored = present.statusLine ? (next.statusLine as JsonObject | undefined) : undefined;
  }
  const diff = lineDiff(snapshot.text, nextText ?? '', {
    from: opts.path,
    to: nextText === undefined ? '/dev/null' : opts.path,
  });
  const chained = typeof restored?.command === 'string' ? restored.command : undefined;
  if (opts.dryRun) return { status: 'dry-run', path: opts.path, diff, chained };
  const backup = writeSettings(snapshot, nextText, opts.now, { ownFile: ownFile(record, snapshot.text) });
  deleteInstallRecord(snapshot.realPath, env);
  return { status: 'changed', path: opts.path, backup, diff, chained };
}
