/**
 * `buddy-tui install --host codex` and `buddy-tui uninstall --host codex`: buddy-tui's hooks in
 * `$CODEX_HOME/hooks.json`, and their trust recorded through Codex's own app-server only when the
 * user asks for it (`--trust`): Codex silently skips hooks nobody trusted.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findExecutable } from '../process/find-executable.js';
import { buddyCommands, packageRoot } from '../install/buddy-entries.js';
import { forgetCodexTrust, trustCodexHooks, type AppServerOptions } from '../install/codex-app-server.js';
import { chooseHookPath, createInbox } from '../install/hook-path.js';
import { CODEX_HOOK_EVENTS, codexHookCommand, codexHooksPath, resolveCodexHome } from '../install/codex-hooks.js';
import { installIntoCodex, uninstallFromCodex } from '../install/codex-install.js';
import { codexHooksSwitchedOff } from '../doctor/doctor-codex.js';
import { readCodexConfig } from '../install/codex-config.js';
import { term, termLines } from '../text/terminal-text.js';
import type { CliIo } from './cli-io.js';
import { reportSettingsError } from './install-errors.js';

export interface CodexFlagValues {
  'codex-home'?: string;
  'codex-bin'?: string;
  trust?: boolean;
  'dry-run'?: boolean;
  'node-hook'?: boolean;
}

export const TRUST_COMMAND = 'buddy-tui install --host codex --trust';

/** `--codex-bin`, else `$BUDDY_TUI_CODEX_BIN`, else `codex` on PATH. */
export function findCodexBinary(values: { 'codex-bin'?: string }, env: NodeJS.ProcessEnv): string | undefined {
  const wanted = values['codex-bin'] ?? env.BUDDY_TUI_CODEX_BIN;
  return wanted ? findExecutable(wanted, env) : findExecutable('codex', env);
}

/** How to reach the app-server of this Codex home. */
export function appServerFor(binary: string, codexHome: string, env: NodeJS.ProcessEnv): AppServerOptions {
  return { binary, env: { ...env, CODEX_HOME: codexHome }, cwd: process.cwd() };
}

export async function runCodexInstall(values: CodexFlagValues, io: CliIo): Promise<number> {
  const dist = join(packageRoot(), 'dist');
  if (!existsSync(join(dist, 'hook.js'))) {
    io.stderr(term`buddy-tui: ${dist} has no hook.js; run \`npm run build\` in ${packageRoot()} first.\n`);
    return 1;
  }
  const codexHome = resolveCodexHome(values, io.env);
  const path = codexHooksPath(codexHome);
  // Before any change: Codex does not start on a config.toml it cannot parse, and the trust would be written into it.
  const config = readCodexConfig(codexHome);
  if (config.problem) {
    io.stderr(
      term`buddy-tui: Codex cannot read ${config.path}: ${config.problem}. Codex does not start until it parses, and buddy-tui does not edit a file it cannot read: nothing was changed. Fix the file, then run \`buddy-tui install --host codex${values.trust ? ' --trust' : ''}\` again.\n`,
    );
    return 1;
  }
  let result;
  try {
    const hookPath = chooseHookPath(values['node-hook']).path;
    result = installIntoCodex({
      path,
      command: codexHookCommand(buddyCommands({ distDir: dist }), hookPath),
      dryRun: values['dry-run'],
      env: io.env,
    });
    if (hookPath === 'spool' && !values['dry-run']) createInbox(io.env, (message) => io.stderr(message));
  } catch (error) {
    return reportSettingsError(error, io);
  }
  if (result.status === 'dry-run') {
    io.stdout(
      term`${termLines(result.diff)}(dry run: ${path} was not changed${values.trust ? '; nothing was trusted' : ''})\n`,
    );
    return 0;
  }
  if (result.status === 'unchanged')
    io.stdout(term`buddy-tui's Codex hooks are already in ${path}; nothing changed.\n`);
  else
    io.stdout(
      term`Installed buddy-tui's hooks for ${CODEX_HOOK_EVENTS.length} Codex events into ${path}.${result.backup ? term`\nBackup of the previous file: ${result.backup}` : ''}\n`,
    );

  if (!values.trust) {
    io.stdout(term`Codex runs a hook only once it is trusted, and skips untrusted hooks without a word. To trust buddy-tui's:
  ${TRUST_COMMAND}        (records the trust through Codex's own app-server)
or in Codex, open \`/hooks\` and trust them there. Check with \`buddy-tui doctor\`.\n`);
    return 0;
  }
  // Codex with hooks switched off runs none and lists none to trust: say so, not "wrong Codex?".
  const off = codexHooksSwitchedOff(config.text);
  if (off) {
    io.stderr(
      term`buddy-tui: cannot trust the hooks: Codex's hooks are switched off in ${join(codexHome, 'config.toml')} (\`[features] ${off} = false\`), so Codex runs none and lists none to trust. Remove that line (hooks are on by default), then run \`${TRUST_COMMAND}\` again. The hooks are installed.\n`,
    );
    return 1;
  }
  const binary = findCodexBinary(values, io.env);
  if (!binary) {
    io.stderr(
      term`buddy-tui: cannot trust the hooks: \`codex\` is not on PATH (or pass --codex-bin <path>). The hooks are installed; trust them in Codex's \`/hooks\`.\n`,
    );
    return 1;
  }
  try {
    const keys = new Set(result.keys);
    const ours = await trustCodexHooks(appServerFor(binary, codexHome, io.env), (hook) => keys.has(hook.key));
    if (ours.length < CODEX_HOOK_EVENTS.length) {
      io.stderr(
        term`buddy-tui: Codex (${binary}) reported ${ours.length} of buddy-tui's ${CODEX_HOOK_EVENTS.length} hooks in ${path}; only those were trusted. Is it the Codex that reads ${codexHome}?\n`,
      );
      return 1;
    }
    const fresh = ours.filter((hook) => hook.trustStatus !== 'trusted').length;
    io.stdout(term`Trusted buddy-tui's ${ours.length} Codex hooks through Codex's app-server (${fresh} newly; recorded in ${join(codexHome, 'config.toml')}).
Codex sessions started from now on feed the buddy.\n`);
    return 0;
  } catch (error) {
    io.stderr(
      term`buddy-tui: could not record the trust through \`${binary} app-server\`: ${(error as Error).message}. Trust the hooks in Codex's \`/hooks\` instead.\n`,
    );
    return 1;
  }
}

export async function runCodexUninstall(values: CodexFlagValues, io: CliIo): Promise<number> {
  const codexHome = resolveCodexHome(values, io.env);
  const path = codexHooksPath(codexHome);
  let result;
  try {
    result = uninstallFromCodex({ path, dryRun: values['dry-run'], env: io.env });
  } catch (error) {
    return reportSettingsError(error, io);
  }
  if (result.status === 'not-installed') {
    io.stdout(term`buddy-tui's Codex hooks are not in ${path}; nothing changed.\n`);
    return 0;
  }
  if (result.status === 'dry-run') {
    io.stdout(term`${termLines(result.diff)}(dry run: ${path} was not changed)\n`);
    return 0;
  }
  io.stdout(
    term`Removed buddy-tui's Codex hooks from ${path}.${result.backup ? term`\nBackup: ${result.backup}` : ''}\n`,
  );
  const config = readCodexConfig(codexHome);
  if (config.problem) {
    io.stderr(
      term`Their trust entries stay in ${config.path}: Codex cannot read it (${config.problem}), and buddy-tui does not edit a file it cannot read.\n`,
    );
    return 0;
  }
  const binary = findCodexBinary(values, io.env);
  if (!binary) {
    io.stdout(
      term`\`codex\` is not on PATH, so their trust entries stay in ${join(codexHome, 'config.toml')} (harmless: they name hooks that are gone).\n`,
    );
    return 0;
  }
  try {
    await forgetCodexTrust(appServerFor(binary, codexHome, io.env), result.keys);
    io.stdout(term`Removed their trust entries from ${join(codexHome, 'config.toml')}.\n`);
  } catch (error) {
    io.stdout(
      term`Their trust entries stay in ${join(codexHome, 'config.toml')} (harmless): ${(error as Error).message}\n`,
    );
  }
  return 0;
}
