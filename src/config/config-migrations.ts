/**
 * config.json format versions and the migrations between them (modelled on ccstatusline's
 * CURRENT_VERSION plus one tested migration per older version). A file without `schemaVersion`
 * is version 1. Loading migrates in memory only: the user's file is never rewritten behind their
 * back. A file newer than this build is refused as a whole (its keys may mean something else now),
 * so the last good config stays in use.
 *
 * To add format version N+1: bump CURRENT_CONFIG_VERSION, append `{ from: N, ... }` to
 * CONFIG_MIGRATIONS, and add test/config/migrations/config-v<N+1>.json (the same settings as the
 * older fixtures, in the new shape); test/config/config-migrations.test.ts then checks that every
 * older fixture migrates to it. Zod-free, so the hot paths may use it.
 */

export const CURRENT_CONFIG_VERSION = 2;

/** The key that holds the format version. */
export const CONFIG_VERSION_KEY = 'schemaVersion';

export type ConfigObject = Record<string, unknown>;

export interface ConfigMigration {
  /** Migrates a version `from` value to version `from + 1`. */
  from: number;
  /** Returns the value in the next version's shape (it may change its argument, a private copy) and one line per change, for doctor. */
  migrate(value: ConfigObject): { value: ConfigObject; changes: string[] };
}

/**
 * Version 2: `notify.waiting` was the channel ("off", "bell", "osc9", "osc777"); now channels are
 * a list of their own (`notify.channels`) and `notify.waiting` says whether that moment notifies.
 */
const notifyChannelsOfV2: ConfigMigration = {
  from: 1,
  migrate(value) {
    const notify = value.notify;
    if (typeof notify !== 'object' || notify === null || Array.isArray(notify)) return { value, changes: [] };
    const section = notify as Record<string, unknown>;
    const old = section.waiting;
    if (typeof old !== 'string') return { value, changes: [] };
    const { waiting: _waiting, ...rest } = section;
    if (old === 'off')
      return { value: { ...value, notify: rest }, changes: ['notify.waiting "off" is now: no notify.channels'] };
    const channels = Array.isArray(rest.channels) ? rest.channels : [];
    value.notify = { ...rest, channels: channels.includes(old) ? channels : [...channels, old], waiting: true };
    return { value, changes: [`notify.waiting "${old}" is now notify.channels ["${old}"] with notify.waiting true`] };
  },
};

/** One per older version, in order. */
export const CONFIG_MIGRATIONS: readonly ConfigMigration[] = [notifyChannelsOfV2];

export type ConfigVersion = { ok: true; version: number } | { ok: false; message: string };

export function configVersionOf(value: ConfigObject, current = CURRENT_CONFIG_VERSION): ConfigVersion {
  const version = value[CONFIG_VERSION_KEY];
  if (version === undefined) return { ok: true, version: 1 };
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return {
      ok: false,
      message: `expected a format version from 1 to ${current}; the whole file is ignored until it is fixed`,
    };
  }
  if (version > current) {
    return {
      ok: false,
      message: `format version ${version} is newer than this buddy-tui reads (up to ${current}): update buddy-tui; until then the whole file is ignored`,
    };
  }
  return { ok: true, version };
}

export interface ConfigMigrated {
  ok: true;
  value: ConfigObject;
  from: number;
  to: number;
  /** What migrating changed, one line each; empty when the file was already current. */
  changes: string[];
}

export interface MigrateOptions {
  migrations?: readonly ConfigMigration[];
  current?: number;
}

/** Brings a parsed config object to the current format, in memory; the argument is never changed. */
export function migrateConfig(
  value: ConfigObject,
  options: MigrateOptions = {},
): ConfigMigrated | { ok: false; message: string } {
  const current = options.current ?? CURRENT_CONFIG_VERSION;
  const migrations = options.migrations ?? CONFIG_MIGRATIONS;
  const read = configVersionOf(value, current);
  if (!read.ok) return read;
  if (read.version === current) return { ok: true, value, from: current, to: current, changes: [] };
  let migrated: ConfigObject = structuredClone(value);
  const changes: string[] = [];
  for (let version = read.version; version < current; version += 1) {
    const migration = migrations.find((m) => m.from === version);
    // A gap in the chain is a bug of this build, not of the file; say so rather than guess.
    if (!migration) return { ok: false, message: `this buddy-tui has no migration from format version ${version}` };
    const step = migration.migrate(migrated);
    migrated = { ...step.value, [CONFIG_VERSION_KEY]: version + 1 };
    changes.push(...step.changes);
  }
  return { ok: true, value: migrated, from: read.version, to: current, changes };
}
