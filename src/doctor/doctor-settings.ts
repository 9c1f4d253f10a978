/**
 * Doctor checks of the Claude Code side: do the settings files hold buddy-tui's hooks and
 * statusLine, would `disableAllHooks` or an untrusted folder stop them.
 */
import { dirname, join, resolve } from 'node:path';
import { readSmallFile } from '../files/read-small-file.js';
import { shellWords } from '../ingest/spool-command.js';
import { isBuddyStatusLine } from '../install/buddy-entries.js';
import { claudeConfigDir } from '../install/settings-location.js';
import type { JsonObject } from '../install/settings-json.js';
import { isFastStatuslineCommand } from '../statusline/fast-command.js';
import { buddyHookCommands, loadSources, pluginEnabled, type SettingsSource } from './claude-settings-sources.js';
import { claudeHookChecks } from './doctor-claude-hooks.js';
import { loadPlugins } from '../config/plugin-setup.js';
import { claudeEventsWanted } from '../install/wanted-events.js';
import type { DoctorCheck } from './doctor-check.js';
import { goneNodeCheck } from './gone-node.js';

/** Claude Code's .claude.json keeps every project's history: larger than a config file. */
const CLAUDE_JSON_MAX_BYTES = 64 * 1024 * 1024;

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

/** The statusLine that wins (local > project > user): buddy-tui's, someone else's, or none. */
function statusLineChecks(sources: SettingsSource[]): DoctorCheck[] {
  const checks: DoctorCheck[] = [];
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
  return checks;
}

/** What would stop every hook: `disableAllHooks`, or a folder Claude Code does not trust yet. */
function hookSwitchChecks(env: NodeJS.ProcessEnv, cwd: string, sources: SettingsSource[]): DoctorCheck[] {
  const checks: DoctorCheck[] = [];
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

export function settingsChecks(env: NodeJS.ProcessEnv, cwd: string): DoctorCheck[] {
  const sources = loadSources(env, cwd);
  const unreadable: DoctorCheck[] = sources
    .filter((source) => source.error)
    .map((source) => ({
      status: 'fail',
      title: `${source.scope} settings cannot be read`,
      detail: source.error,
      fix: 'fix the file (plain JSON), then run `buddy-tui install` again',
    }));
  return [
    ...unreadable,
    ...claudeHookChecks(sources, claudeEventsWanted(loadPlugins({ env, projectDir: cwd }).handlers)),
    ...statusLineChecks(sources),
    ...hookSwitchChecks(env, cwd, sources),
  ];
}
