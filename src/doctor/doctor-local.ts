/**
 * Doctor checks of buddy-tui's own side: Node, the build, the state root and what it has
 * received, the config file and species files.
 */
import { existsSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { expandPath, userSpeciesDir } from '../config/paths.js';
import { formatConfigError, type BuddyConfig } from '../config/config-file.js';
import { CONFIG_VERSION_KEY, type MigrateOptions } from '../config/config-migrations.js';
import { loadPlugins } from '../config/plugin-setup.js';
import { formatIssue } from '../species/validate-species.js';
import { createSpeciesRegistry } from '../species/species-registry.js';
import { readFoundrySession } from '../state/foundry.js';
import { readLastEvent } from '../state/journal-last-event.js';
import { listSessions, type SessionEntry } from '../state/reader.js';
import { formatElapsed } from '../state/selectors.js';
import { ERROR_LOG_FILE, isChosenRoot, stateRootPath } from '../state/state-root.js';
import { sanitizeText } from '../text/sanitize.js';
import { hookEntryPath } from '../install/cli-entry.js';
import type { DoctorCheck } from './doctor-check.js';

export const MIN_NODE_MAJOR = 20;

export function nodeCheck(version: string = process.versions.node): DoctorCheck {
  const major = Number(version.split('.')[0]);
  return major >= MIN_NODE_MAJOR
    ? { status: 'ok', title: `Node ${version}` }
    : { status: 'fail', title: `Node ${version} is too old`, fix: `install Node ${MIN_NODE_MAJOR} or newer` };
}

export function buildCheck(): DoctorCheck {
  const hook = hookEntryPath();
  return existsSync(hook)
    ? { status: 'ok', title: 'hook entry built', detail: hook }
    : {
        status: 'fail',
        title: 'dist/hook.js is missing',
        detail: hook,
        fix: 'run `npm run build` in the buddy-tui folder',
      };
}

export function stateRootCheck(env: NodeJS.ProcessEnv): DoctorCheck {
  const root = stateRootPath(env);
  let stats;
  try {
    stats = lstatSync(root);
  } catch {
    return {
      status: 'warn',
      title: `state root ${root} does not exist yet`,
      detail: 'the first hook event creates it (mode 0700)',
      fix: 'start a Claude Code session after `buddy-tui install`',
    };
  }
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  if (stats.isSymbolicLink() || !stats.isDirectory()) {
    return {
      status: 'fail',
      title: `state root ${root} is ${stats.isSymbolicLink() ? 'a symbolic link' : 'not a directory'}; the hook refuses it`,
      fix: `remove ${root} (buddy-tui recreates it)`,
    };
  }
  if (uid !== undefined && stats.uid !== uid) {
    return {
      status: 'fail',
      title: `state root ${root} belongs to uid ${stats.uid}, not you (${uid})`,
      fix: `remove it, or set BUDDY_TUI_STATE_DIR to a folder of yours`,
    };
  }
  const mode = (stats.mode & 0o777).toString(8).padStart(3, '0');
  if ((stats.mode & 0o077) !== 0) {
    // A folder named by BUDDY_TUI_STATE_DIR is the user's: the hook refuses it rather than chmod it.
    return isChosenRoot(root, env)
      ? {
          status: 'fail',
          title: `state root ${root} (BUDDY_TUI_STATE_DIR) is mode ${mode}: open to others, so the hook refuses it`,
          fix: `chmod 700 ${root}`,
        }
      : {
          status: 'warn',
          title: `state root ${root} is mode ${mode}: others can read session data`,
          fix: `chmod 700 ${root} (the next hook event also tightens it)`,
        };
  }
  return { status: 'ok', title: `state root ${root} (private, mode ${mode})` };
}

/** What doctor shows of a session: its last event, read from the journal's end (never a whole fold). */
function lastEventOf(
  entry: SessionEntry,
  now: number,
): { lastEventAt?: number; lastEventName?: string; projectName?: string; endedAt?: number } | undefined {
  if (entry.origin === 'foundry') return readFoundrySession(entry.dir, now);
  const last = readLastEvent(entry.dir);
  return (
    last && {
      lastEventAt: last.at,
      lastEventName: last.name,
      projectName: last.projectName,
      endedAt: last.ended ? last.at : undefined,
    }
  );
}

/** The last event of each session, most recent first (at most `limit`), and hook errors. */
export function sessionChecks(env: NodeJS.ProcessEnv, now: number, limit = 5): DoctorCheck[] {
  const root = stateRootPath(env);
  const states = listSessions(root, env)
    .map((entry) => ({ entry, state: lastEventOf(entry, now) }))
    .filter((item) => item.state?.lastEventAt !== undefined)
    .sort((a, b) => b.state!.lastEventAt! - a.state!.lastEventAt!);
  const checks: DoctorCheck[] = [];
  if (states.length === 0) {
    checks.push({
      status: 'warn',
      title: 'no session events received yet',
      fix: 'start (or restart) a Claude Code or Codex session after `buddy-tui install` (`--host codex` for Codex); sessions already running do not load new hooks',
    });
  }
  for (const { entry, state } of states.slice(0, limit)) {
    const project = state!.projectName ? ` ${sanitizeText(state!.projectName, { maxLength: 40 })}` : '';
    const ended = state!.endedAt !== undefined ? ', ended' : '';
    const origin = entry.origin === 'foundry' ? ' (Foundry task-log)' : '';
    checks.push({
      status: 'ok',
      title: `session ${entry.id.slice(0, 8)}${project}: last event ${sanitizeText(state!.lastEventName ?? '?', { maxLength: 40 })} ${formatElapsed(Math.max(0, now - state!.lastEventAt!))} ago${ended}${origin}`,
    });
  }
  if (states.length > limit) checks.push({ status: 'ok', title: `and ${states.length - limit} older session(s)` });

  const errorLog = join(root, ERROR_LOG_FILE);
  try {
    const lines = readSmallFile(errorLog, { maxBytes: SMALL_FILE_LIMITS.state }).split('\n').filter(Boolean);
    const last = JSON.parse(lines[lines.length - 1]) as { ts: number; where: string; message: string };
    if (now - last.ts < 24 * 3600_000) {
      checks.push({
        status: 'warn',
        title: `the ${sanitizeText(last.where)} logged ${lines.length} error(s); last ${formatElapsed(now - last.ts)} ago: ${sanitizeText(last.message, { maxLength: 160 })}`,
        detail: errorLog,
        fix: `read ${errorLog}; run with BUDDY_TUI_DEBUG=1 to see errors as they happen`,
      });
    }
  } catch {
    // No error log (or an unreadable one): nothing to report.
  }
  return checks;
}

/**
 * config.json and everything it points to (hooksFile, plugin folders' buddy-plugin.json, Claude
 * settings when discovered), read by the very loader `buddy-tui plugins` and the pane use.
 */
export function configChecks(
  env: NodeJS.ProcessEnv,
  cwd: string = process.cwd(),
  migrations?: MigrateOptions,
): { checks: DoctorCheck[]; config: BuddyConfig } {
  const { config, configFile: file, errors, migration } = loadPlugins({ env, projectDir: cwd, migrations });
  const checks: DoctorCheck[] = errors.map((error) => ({
    status: 'fail' as const,
    title: formatConfigError(error),
    fix: `edit ${error.file}; until then the last good (or default) settings are used`,
  }));
  // A file the migration leaves as it is (no key to move) reads the same in every version: nothing to say.
  if (migration && migration.changes.length > 0) {
    const steps = [...migration.changes, `set "${CONFIG_VERSION_KEY}": ${migration.to}`];
    checks.push({
      status: 'warn',
      title: `config ${file} is format version ${migration.from}; buddy-tui reads it as version ${migration.to} (migrated in memory, the file is left as it is)`,
      fix: `to update the file by hand: ${steps.join('; ')}`,
    });
  }
  if (checks.length === 0)
    checks.push({
      status: 'ok',
      title: existsSync(file) ? `config ${file} is valid` : `no config file (defaults); would be ${file}`,
    });
  return { checks, config };
}

export function speciesChecks(env: NodeJS.ProcessEnv, config: BuddyConfig): DoctorCheck[] {
  const extra = config.species?.dir ? expandPath(config.species.dir, env) : undefined;
  const registry = createSpeciesRegistry({ userDir: userSpeciesDir(env), extraDir: extra });
  const issues = registry.issues();
  const checks: DoctorCheck[] = issues.map((issue) => ({
    status: issue.severity === 'error' ? 'fail' : 'warn',
    title: `species ${formatIssue(issue)}`,
    fix: `fix the file, or check it with \`buddy-tui species validate ${issue.file}\``,
  }));
  if (!issues.some((issue) => issue.severity === 'error')) {
    checks.unshift({
      status: 'ok',
      title: `${registry.list().length} species load (${registry
        .list()
        .map((s) => s.species.id)
        .join(', ')})`,
    });
  }
  return checks;
}
