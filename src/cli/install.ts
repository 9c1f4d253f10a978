/** `buddy-tui install`: wires buddy-tui's hooks and statusLine into a Claude Code settings file. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BUDDY_HOOK_EVENTS, EXEC_FORM_MIN_VERSION, buddyCommands, packageRoot, supportsExecForm, type HookForm } from '../install/buddy-entries.js';
import { chooseHookPath, createInbox } from '../install/hook-path.js';
import { claudeVersion, findExecutable } from '../delegate/adapters/auto-choice.js';
import { resolveSettingsPath } from '../install/settings-location.js';
import { installIntoSettings } from '../install/settings-install.js';
import { SettingsChangedError } from '../install/settings-file.js';
import { SettingsFileError } from '../install/settings-json.js';
import { term, termLines } from '../text/terminal-text.js';
import { processIo, type CliIo } from './cli-io.js';
import { HAND_EDIT_HOW } from '../install/hand-edit.js';
import { CODEX_HOOK_EVENTS } from '../install/codex-hooks.js';
import { HOST_IDS, parseHostId, type HostId } from '../hosts/host-id.js';

/** `--host claude|codex` and the Codex-only flags (see install-codex.ts). */
export const HOST_FLAGS = {
  host: { type: 'string' },
  'codex-home': { type: 'string' },
  'codex-bin': { type: 'string' },
  trust: { type: 'boolean' },
} as const;

/** The host named by `--host` (Claude Code by default), or undefined after saying what is wrong. */
export function hostOf(values: { host?: string }, io: CliIo): HostId | undefined {
  if (values.host === undefined) return 'claude';
  const host = parseHostId(values.host);
  if (!host) io.stderr(term`buddy-tui: unknown --host "${values.host}" (known: ${HOST_IDS.join(', ')})\n`);
  return host;
}

export const SETTINGS_FLAGS = {
  settings: { type: 'string' },
  project: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const HELP = term`usage: buddy-tui install [--settings <file> | --project] [--statusline-only] [--dry-run]
       buddy-tui install --host codex [--codex-home <dir>] [--trust] [--codex-bin <path>] [--node-hook] [--dry-run]

Adds buddy-tui's hook (${BUDDY_HOOK_EVENTS.length} events) and statusLine to Claude Code's settings.json
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
  --dry-run           print the change as a diff, write nothing (for a file install must not edit:
                      the entries to add by hand, as JSON)

  --host codex        wire OpenAI Codex instead: buddy-tui's hooks for all ${CODEX_HOOK_EVENTS.length} Codex events in
                      $CODEX_HOME/hooks.json (default ~/.codex; --codex-home <dir> for another)
  --trust             (Codex) record their trust through Codex's own app-server; Codex skips untrusted
                      hooks silently. Without it, install says how to trust them (or use Codex's /hooks)
  --codex-bin <path>  (Codex) the codex executable for --trust (default: codex on PATH)
`;

/** Exec form only for a Claude Code known to support it; an older one would run node without its script. */
async function chooseHookForm(values: { 'exec-form'?: boolean; 'shell-form'?: boolean }, env: NodeJS.ProcessEnv): Promise<{ form: HookForm; why: string }> {
  if (values['exec-form']) return { form: 'exec', why: '--exec-form' };
  if (values['shell-form']) return { form: 'shell', why: '--shell-form' };
  const binary = findExecutable('claude', env);
  const version = binary ? await claudeVersion(binary, env) : undefined;
  if (supportsExecForm(version)) return { form: 'exec', why: `Claude Code ${version} runs exec-form hooks` };
  return { form: 'shell', why: version ? `Claude Code ${version} is older than ${EXEC_FORM_MIN_VERSION}` : '`claude` was not found on PATH to check its version' };
}


/**
 * Prints a settings error the way every command should: the file, what is wrong, the fix, on one
 * line. When install refused a file it could read, the JSON to add by hand follows on stdout
 * (and only it, so `buddy-tui install --dry-run > entries.json` keeps just the JSON).
 */
export function reportSettingsError(error: unknown, io: CliIo): number {
  if (error instanceof SettingsFileError || error instanceof SettingsChangedError) {
    io.stderr(term`buddy-tui: ${error.message}\n`);
    if (error instanceof SettingsFileError && error.byHand !== undefined) {
      io.stderr(term`To add buddy-tui by hand, ${HAND_EDIT_HOW}; the entries, as JSON on stdout:\n`);
      io.stdout(termLines(`${error.byHand}\n`));
    }
    return 1;
  }
  throw error;
}

export async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { ...SETTINGS_FLAGS, ...HOST_FLAGS, 'statusline-only': { type: 'boolean' }, 'exec-form': { type: 'boolean' }, 'shell-form': { type: 'boolean' }, 'node-hook': { type: 'boolean' }, 'no-mod': { type: 'boolean' } },
    strict: true,
  });
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  const host = hostOf(values, io);
  if (host === undefined) return 2;
  if (host === 'codex') return (await import('./install-codex.js')).runCodexInstall(values, io);
  if (values.trust || values['codex-home'] || values['codex-bin']) {
    io.stderr(term`buddy-tui: --trust, --codex-home and --codex-bin go with --host codex\n`);
    return 2;
  }
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
  const hookForm = values['statusline-only'] ? { form: 'shell' as const, why: '' } : await chooseHookForm(values, io.env);
  const hookPath = chooseHookPath(values['node-hook']);
  try {
    const result = installIntoSettings({
      path,
      commands: buddyCommands({ distDir: dist }),
      statuslineOnly: values['statusline-only'],
      hookForm: hookForm.form,
      hookPath: hookPath.path,
      dryRun: values['dry-run'],
    });
    const what = values['statusline-only']
      ? 'the statusLine'
      : `the hook (${BUDDY_HOOK_EVENTS.length} events; ${hookPath.path === 'spool' ? `spool: ${hookPath.why}; shell form: one /bin/sh per event${values['exec-form'] ? ' (--exec-form is for --node-hook)' : ''}` : `Node hook: ${hookPath.why}; ${hookForm.form} form: ${hookForm.why}`}) and the statusLine`;
    if (!values['statusline-only'] && !values['dry-run'] && hookPath.path === 'spool') createInbox(io.env, (message) => io.stderr(message));
    const chain = result.chained ? term`\nYour statusLine "${result.chained}" stays: buddy-tui prints it above its own lines.` : '';
    if (result.status === 'unchanged') io.stdout(term`buddy-tui is already installed in ${path}; nothing changed.${chain}\n`);
    else if (result.status === 'dry-run') io.stdout(term`${termLines(result.diff)}(dry run: ${path} was not changed)\n`);
    else {
      const backup = result.backup ? term`\nBackup of the previous file: ${result.backup}` : '';
      io.stdout(term`Installed ${what} into ${path}.${backup}${chain}
Claude Code sessions that are already running pick it up after a restart. Check with \`buddy-tui doctor\`.\n`);
    }
    // The mod draws the buddy inside Claude Code; it journals nothing, so the hooks above stay the only feed.
    if (!values['statusline-only'] && !values['dry-run'] && !values['no-mod'] && !values.settings) await (await import('./install-mod.js')).setUpMod(path, io);
    return 0;
  } catch (error) {
    return reportSettingsError(error, io);
  }
}
