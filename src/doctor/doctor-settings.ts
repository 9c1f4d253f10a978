/**
 * Doctor checks of the Claude Code side: do the settings files hold buddy-tui's hooks and
 * statusLine, would `disableAllHooks` or an untrusted folder stop them.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { BUDDY_HOOK_EVENTS, isBuddyGroup, isBuddyStatusLine } from '../install/buddy-entries.js';
import { isFastStatuslineCommand } from '../statusline/fast-command.js';
import {
  claudeConfigDir,
  localSettingsPath,
  projectSettingsPath,
  userSettingsPath,
} from '../install/settings-location.js';
import { parseSettings, type JsonObject } from '../install/settings-json.js';
import type { DoctorCheck } from './doctor-check.js';
import { handlerKind, shellWords, type HandlerKind } from '../ingest/spool-command.js';

/**
 * The Node binaries a hook or the statusLine names that are gone: a Node upgrade by nvm or fnm
 * removes the version install wrote. The spool still spools while the inbox exists, but its
 * fallback and the statusLine cannot start.
 */
export function goneNodeCheck(nodes: Array<string | undefined>, what: 'hook' | 'statusLine'): DoctorCheck | undefined {
  const gone = [
    ...new Set(nodes.filter((node): node is string => !!node && node.startsWith('/') && !existsSync(node))),
  ];
  if (!gone.length) return undefined;
  return {
    status: 'fail',
    title: `the ${what} command names a Node binary that is gone: ${gone.join(', ')}`,
    detail: 'a Node upgrade (nvm, fnm, a package update) removed it',
    fix: 'run `buddy-tui install` again: it rewrites the hooks and the statusLine with the Node that runs it',
  };
}

/** Claude Code's .claude.json keeps every project's history: larger than a config file. */
const CLAUDE_JSON_MAX_BYTES = 64 * 1024 * 1024;

/** The finding when no settings file has buddy-tui's hooks (marked notWired: see oneHostIsEnough in doctor-hosts.ts). */
export const NO_CLAUDE_HOOKS = 'buddy-tui hooks are not in any settings file';

interface SettingsSource {
  scope: 'user' | 'project' | 'local';
  path: string;
  settings?: JsonObject;
  error?: string;
}

function loadSources(env: NodeJS.ProcessEnv, cwd: string): SettingsSource[] {
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

interface BuddyHookCommand {
  event: string;
  async: boolean;
  /** What it runs (spool or Node hook) and the dist/hook.js it names; undefined for a shape not ours. */
  kind?: HandlerKind;
}

function buddyHookCommands(settings: JsonObject): BuddyHookCommand[] {
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

/** Which path the installed hooks take: the sh spool (fast) or the Node hook on every event. */
function hookPathCheck(commands: BuddyHookCommand[], platform: NodeJS.Platform = process.platform): DoctorCheck {
  const spool = commands.filter((c) => c.kind?.path === 'spool').length;
  if (spool === commands.length) {
    return existsSync('/bin/sh')
      ? { status: 'ok', title: 'hooks take the spool path: /bin/sh writes each event into the inbox' }
      : {
          status: 'fail',
          title: 'hooks take the spool path but /bin/sh is missing: Claude Code cannot run them',
          fix: 'run `buddy-tui install` again (it installs the Node hook where there is no /bin/sh)',
        };
  }
  const why = platform === 'win32' || !existsSync('/bin/sh') ? 'no /bin/sh here' : undefined;
  if (why) return { status: 'ok', title: `hooks run the Node hook on every event (${why})` };
  return {
    status: 'warn',
    title: `the hooks of ${new Set(commands.filter((c) => c.kind?.path !== 'spool').map((c) => c.event)).size} event(s) start Node every time: Claude Code waits for Node's start-up each time`,
    fix: 'run `buddy-tui install` again (it writes the /bin/sh spool, which costs about as much as a hook that does nothing)',
  };
}

function pluginEnabled(sources: SettingsSource[]): string | undefined {
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

/** True when Claude Code's `.claude.json` marks `cwd` or a folder above it as trusted. */
export function isTrusted(env: NodeJS.ProcessEnv, cwd: string): boolean | undefined {
  const file = env.CLAUDE_CONFIG_DIR
    ? join(claudeConfigDir(env), '.claude.json')
    : join(env.HOME ?? '', '.claude.json');
  let projects: Record<string, { hasTrustDialogAccepted?: boolean }>;
  try {
    projects =
      (
        JSON.parse(readSmallFile(file, { maxBytes: CLAUDE_JSON_MAX_BYTES, followSymlinks: true })) as {
          projects?: typeof projects;
        }
      ).projects ?? {};
  } catch {
    return undefined;
  }
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (projects[dir]?.hasTrustDialogAccepted) return true;
    if (dirname(dir) === dir) return false;
  }
}

/** Claude Code feeds the buddy: a settings file has buddy-tui's hooks, or the plugin is enabled. */
export function claudeHooksWired(env: NodeJS.ProcessEnv, cwd: string): boolean {
  const sources = loadSources(env, cwd);
  return (
    sources.some((source) => source.settings && buddyHookCommands(source.settings).length > 0) ||
    Boolean(pluginEnabled(sources))
  );
}

export function settingsChecks(env: NodeJS.ProcessEnv, cwd: string): DoctorCheck[] {
  const checks: DoctorCheck[] = [];
  const sources = loadSources(env, cwd);
  for (const source of sources.filter((s) => s.error)) {
    checks.push({
      status: 'fail',
      title: `${source.scope} settings cannot be read`,
      detail: source.error,
      fix: 'fix the file (plain JSON), then run `buddy-tui install` again',
    });
  }

  // Hooks: which events buddy-tui receives, from which file, and whether the scripts still exist.
  const commands = sources.flatMap((source) =>
    source.settings ? buddyHookCommands(source.settings).map((c) => ({ ...c, source })) : [],
  );
  const events = new Set(commands.map((c) => c.event));
  const plugin = pluginEnabled(sources);
  if (commands.length === 0 && plugin) {
    checks.push({ status: 'ok', title: 'hooks come from the buddy-tui Claude Code plugin', detail: plugin });
  } else if (commands.length === 0) {
    checks.push({
      status: 'fail',
      title: NO_CLAUDE_HOOKS,
      detail: sources.map((s) => s.path).join(', '),
      fix: 'run `buddy-tui install` (or enable the plugin in claude-plugin/)',
      notWired: true,
    });
  } else {
    const missing = BUDDY_HOOK_EVENTS.filter((event) => !events.has(event));
    const files = [...new Set(commands.map((c) => c.source.path))].join(', ');
    if (missing.length)
      checks.push({
        status: 'warn',
        title: `buddy-tui hooks miss ${missing.length} event(s): ${missing.join(', ')}`,
        detail: files,
        fix: 'run `buddy-tui install` again',
      });
    else
      checks.push({
        status: 'ok',
        title: `buddy-tui hooks registered for all ${BUDDY_HOOK_EVENTS.length} events`,
        detail: files,
      });
    checks.push(hookPathCheck(commands));
    const goneNode = goneNodeCheck(
      commands.map((c) => c.kind?.node),
      'hook',
    );
    if (goneNode) checks.push(goneNode);
    const broken = [
      ...new Set(commands.map((c) => c.kind?.hookScript).filter((p): p is string => !!p && !existsSync(p))),
    ];
    if (broken.length)
      checks.push({
        status: 'fail',
        title: `the hook command points to a missing file: ${broken.join(', ')}`,
        fix: 'buddy-tui moved or was reinstalled: run `buddy-tui install` again',
      });
    if (commands.some((c) => c.async))
      checks.push({
        status: 'warn',
        title: 'some buddy-tui hooks are "async": true',
        detail: 'async hooks lose the last events of a print-mode session',
        fix: 'run `buddy-tui install` again (it writes synchronous hooks)',
      });
    if (plugin)
      checks.push({
        status: 'warn',
        title: 'both the plugin and installed hooks are active: every event runs twice',
        detail: plugin,
        fix: 'keep one: `buddy-tui uninstall` then `buddy-tui install --statusline-only`, or disable the plugin',
      });
  }

  // statusLine: the most specific file that sets one wins (local > project > user).
  const effective = [...sources].reverse().find((source) => source.settings?.statusLine !== undefined);
  if (!effective) {
    checks.push({
      status: 'warn',
      title: 'no statusLine is set: the buddy does not show in Claude Code',
      fix: 'run `buddy-tui install --statusline-only`',
    });
  } else if (isBuddyStatusLine(effective.settings!.statusLine)) {
    const command = String((effective.settings!.statusLine as JsonObject).command);
    const chained = command.includes(' --chain ') ? ' (chaining your previous statusLine)' : '';
    const fast = isFastStatuslineCommand(command);
    checks.push({
      status: 'ok',
      title: `statusLine is buddy-tui's${chained}${fast ? ' (sh fast path while the pane runs, else Node)' : ''}`,
      detail: effective.path,
    });
    // The fast path's first line is `set -- NODE CLI UID  # mark`: its node is the third word.
    const goneNode = goneNodeCheck(
      [fast ? shellWords(command.split('\n', 1)[0])[2] : shellWords(command)[0]],
      'statusLine',
    );
    if (goneNode) checks.push(goneNode);
  } else {
    const ours = sources.find((source) => isBuddyStatusLine(source.settings?.statusLine));
    checks.push({
      status: 'warn',
      title: ours
        ? `buddy-tui's statusLine in ${ours.path} is overridden by ${effective.path}`
        : `the statusLine is another command (${effective.path})`,
      fix: `run \`buddy-tui install --statusline-only --settings ${effective.path}\` (your command is kept, chained above buddy-tui's)`,
    });
  }

  // A scalar setting: the most specific file that sets it wins, like the statusLine above
  // (checked against Claude Code 2.1.332 in test/e2e/disable-all-hooks.test.ts).
  const disabling = [...sources].reverse().find((source) => typeof source.settings?.disableAllHooks === 'boolean');
  if (disabling?.settings?.disableAllHooks === true) {
    checks.push({
      status: 'fail',
      title: '"disableAllHooks": true turns off all hooks and the statusLine',
      detail: disabling.path,
      fix: `remove "disableAllHooks" from ${disabling.path}`,
    });
  }
  const trusted = isTrusted(env, cwd);
  if (trusted === false) {
    checks.push({
      status: 'warn',
      title: `this folder is not trusted in Claude Code yet: hooks and the statusLine wait for it`,
      detail: cwd,
      fix: 'start `claude` here once and accept the trust dialog',
    });
  }
  return checks;
}
