/**
 * `buddy-tui install` and `uninstall` for Claude Code (the default host): buddy-tui's hooks and
 * statusLine in a Claude Code settings.json. Moved here from install.ts and uninstall.ts, which
 * now only pick the host (host-installers.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUDDY_HOOK_EVENTS,
  EXEC_FORM_MIN_VERSION,
  ON_DEMAND_EVENTS,
  buddyCommands,
  claudeHookEvents,
  packageRoot,
  supportsExecForm,
  type HookForm,
} from '../install/buddy-entries.js';
import { chooseHookPath, createInbox } from '../install/hook-path.js';
import { loadPlugins } from '../config/plugin-setup.js';
import { formatConfigError } from '../text/json-path-errors.js';
import { claudeEventsWanted, wantedWhere, type WantedEvent } from '../install/wanted-events.js';
import { claudeVersion } from '../delegate/adapters/auto-choice.js';
import { findExecutable } from '../process/find-executable.js';
import { resolveSettingsPath } from '../install/settings-location.js';
import { installIntoSettings, uninstallFromSettings } from '../install/settings-install.js';
import { installSummary } from '../install/install-summary.js';
import { MOD_MIN_VERSION, modFolderFor } from '../install/mod-install.js';
import { joinTerm, term, termLines, type TerminalText } from '../text/terminal-text.js';
import type { CliIo } from './cli-io.js';
import { reportSettingsError } from './install-errors.js';

/** Claude Code's own flags (`--settings`, `--project` also name its file for uninstall). */
export const CLAUDE_FLAGS = {
  settings: { type: 'string' },
  project: { type: 'boolean' },
  'statusline-only': { type: 'boolean' },
  'exec-form': { type: 'boolean' },
  'shell-form': { type: 'boolean' },
  'no-mod': { type: 'boolean' },
  diff: { type: 'boolean' },
} as const;

export interface ClaudeFlagValues {
  settings?: string;
  project?: boolean;
  'statusline-only'?: boolean;
  'exec-form'?: boolean;
  'shell-form'?: boolean;
  'node-hook'?: boolean;
  'dry-run'?: boolean;
  'no-mod'?: boolean;
  diff?: boolean;
}

export const CLAUDE_INSTALL_HELP = `Adds buddy-tui's hook (${claudeHookEvents().length} events, ${BUDDY_HOOK_EVENTS.length} with ${[...ON_DEMAND_EVENTS].join(', ')}, which only a buddy plugin
listening to it adds) and statusLine to Claude Code's settings.json
(default: $CLAUDE_CONFIG_DIR/settings.json or ~/.claude/settings.json; --project: ./.claude/settings.json).
An existing statusLine is kept and chained above buddy-tui's. A backup is written before any change;
\`buddy-tui uninstall\` takes out exactly what this added.

  --settings <file>   edit this settings file
  --project           edit ./.claude/settings.json
  --statusline-only   only the statusLine (for users of the buddy-tui Claude Code plugin, which brings the hooks)
  --node-hook         hooks that start \`buddy-tui hook\` (Node) on every event, instead of the /bin/sh
                      spool into <state-root>/inbox (default: the spool; Node on Windows or without /bin/sh)
  --exec-form         hooks in exec form (\`command\` + \`args\`, no shell: one process fewer per event)
  --shell-form        hooks as one shell command line
                      (default: exec form when \`claude --version\` is ${EXEC_FORM_MIN_VERSION} or newer, else shell form)
  --no-mod            do not set up the buddy mod (Claude Code 2.1.287+ draws the buddy inside its own
                      screen from <settings dir>/skills/buddy-tui-mod/; set up by default when supported)
  --dry-run           say what would change, write nothing (for a file install must not edit:
                      the entries to add by hand, as JSON); with --diff, the whole change as a diff
`;

/** Exec form only for a Claude Code known to support it; an older one would run node without its script. */
async function chooseHookForm(
  values: { 'exec-form'?: boolean; 'shell-form'?: boolean },
  env: NodeJS.ProcessEnv,
): Promise<{ form: HookForm; why: string }> {
  if (values['exec-form']) return { form: 'exec', why: '--exec-form' };
  if (values['shell-form']) return { form: 'shell', why: '--shell-form' };
  const binary = findExecutable('claude', env);
  const version = binary ? await claudeVersion(binary, env) : undefined;
  if (supportsExecForm(version)) return { form: 'exec', why: `Claude Code ${version} runs exec-form hooks` };
  return {
    form: 'shell',
    why: version
      ? `Claude Code ${version} is older than ${EXEC_FORM_MIN_VERSION}`
      : '`claude` was not found on PATH to check its version',
  };
}

/** Which on-demand events install registered, and why: a plugin that listens, or none. */
function onDemandNote(wanted: WantedEvent[]): TerminalText {
  const lines = [...ON_DEMAND_EVENTS].map((event) => {
    const by = wanted.find((w) => w.event === event);
    return by
      ? term`${event} is registered: ${wantedWhere(by)} listens to it.\n`
      : term`${event} is left out, one process fewer per tool batch: no buddy plugin listens to it (install again after adding one).\n`;
  });
  return joinTerm(lines, '');
}

/** install --dry-run without --diff: what changes, in a few lines, and the mod folder. */
function dryRunSummary(
  values: ClaudeFlagValues,
  path: string,
  events: readonly string[],
  chained: string | undefined,
): TerminalText {
  const lines = installSummary({ path, events, statuslineOnly: values['statusline-only'], chained });
  if (!values['statusline-only'] && !values['no-mod'] && !values.settings)
    lines.push(
      `and sets up the buddy mod in ${modFolderFor(path)} when the claude on PATH loads mods (Claude Code ${MOD_MIN_VERSION} or newer)`,
    );
  lines.push(`(dry run: nothing was written; \`buddy-tui install --dry-run --diff\` shows the whole change)`);
  return termLines(`${lines.join('\n')}\n`);
}

export async function runClaudeInstall(values: ClaudeFlagValues, io: CliIo): Promise<number> {
  const dist = join(packageRoot(), 'dist');
  if (!existsSync(join(dist, 'hook.js')) || !existsSync(join(dist, 'cli.js'))) {
    io.stderr(term`buddy-tui: ${dist} has no hook.js/cli.js; run \`npm run build\` in ${packageRoot()} first.\n`);
    return 1;
  }
  if (values['exec-form'] && values['shell-form']) {
    io.stderr(term`buddy-tui: --exec-form and --shell-form exclude each other\n`);
    return 2;
  }
  const path = resolveSettingsPath(values);
  const hookForm = values['statusline-only']
    ? { form: 'shell' as const, why: '' }
    : await chooseHookForm(values, io.env);
  const hookPath = chooseHookPath(values['node-hook']);
  const plugins = loadPlugins({ env: io.env });
  // A broken rule listens to nothing: say so, since its event may be left out because of it.
  for (const error of plugins.errors)
    io.stderr(term`buddy-tui: ${formatConfigError(error)} (install chose the hook events without it)\n`);
  const wanted = claudeEventsWanted(plugins.handlers);
  const events = claudeHookEvents(new Set(wanted.map((w) => w.event)));
  try {
    const result = installIntoSettings({
      path,
      commands: buddyCommands({ distDir: dist }),
      statuslineOnly: values['statusline-only'],
      hookForm: hookForm.form,
      hookPath: hookPath.path,
      events,
      dryRun: values['dry-run'],
    });
    const what = values['statusline-only']
      ? 'the statusLine'
      : `the hook (${events.length} events; ${hookPath.path === 'spool' ? `spool: ${hookPath.why}; shell form: one /bin/sh per event${values['exec-form'] ? ' (--exec-form is for --node-hook)' : ''}` : `Node hook: ${hookPath.why}; ${hookForm.form} form: ${hookForm.why}`}) and the statusLine`;
    if (!values['statusline-only'] && !values['dry-run'] && hookPath.path === 'spool')
      createInbox(io.env, (message) => io.stderr(message));
    const chain = result.chained
      ? term`\nYour statusLine "${result.chained}" stays: buddy-tui prints it above its own lines.`
      : '';
    if (result.status === 'unchanged')
      io.stdout(term`buddy-tui is already installed in ${path}; nothing changed.${chain}\n`);
    else if (result.status === 'dry-run')
      io.stdout(
        values.diff
          ? term`${termLines(result.diff)}(dry run: ${path} was not changed)\n`
          : dryRunSummary(values, path, events, result.chained),
      );
    else {
      const backup = result.backup ? term`\nBackup of the previous file: ${result.backup}` : '';
      io.stdout(term`Installed ${what} into ${path}.${backup}${chain}
Claude Code sessions that are already running pick it up after a restart. Check with \`buddy-tui doctor\`.\n`);
    }
    if (!values['statusline-only'] && result.status !== 'dry-run') io.stdout(onDemandNote(wanted));
    // The mod draws the buddy inside Claude Code; it journals nothing, so the hooks above stay the only feed.
    if (!values['statusline-only'] && !values['dry-run'] && !values['no-mod'] && !values.settings)
      await (await import('./install-mod.js')).setUpMod(path, io);
    // Claude Code loads mods from its own folder, not from beside a settings file named here.
    if (!values['statusline-only'] && !values['dry-run'] && !values['no-mod'] && values.settings)
      io.stdout(
        term`The buddy mod was not set up: Claude Code loads it from its own folder ($CLAUDE_CONFIG_DIR or ~/.claude), not from beside ${path}. \`buddy-tui install\` without --settings sets it up there; --no-mod leaves it out without this note.\n`,
      );
    return 0;
  } catch (error) {
    return reportSettingsError(error, io);
  }
}

export async function runClaudeUninstall(values: ClaudeFlagValues, io: CliIo): Promise<number> {
  const path = resolveSettingsPath(values);
  let commands;
  try {
    commands = buddyCommands();
  } catch {
    commands = undefined; // Run from outside a package: tags and the command pattern still find our entries.
  }
  try {
    const result = uninstallFromSettings({ path, commands, dryRun: values['dry-run'] });
    if (result.status === 'not-installed') io.stdout(term`buddy-tui is not installed in ${path}; nothing changed.\n`);
    else if (result.status === 'dry-run')
      io.stdout(term`${termLines(result.diff)}(dry run: ${path} was not changed)\n`);
    else {
      const restored = result.chained ? term`\nRestored your statusLine "${result.chained}".` : '';
      io.stdout(
        term`Removed buddy-tui from ${path}.${result.backup ? term`\nBackup: ${result.backup}` : ''}${restored}\n`,
      );
    }
    if (!values['dry-run']) (await import('./install-mod.js')).tearDownMod(path, io);
    return 0;
  } catch (error) {
    return reportSettingsError(error, io);
  }
}
