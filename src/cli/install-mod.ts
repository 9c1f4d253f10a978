/** The mod step of `buddy-tui install` / `uninstall` (see src/install/mod-install.ts). */
import { join } from 'node:path';
import { claudeVersion } from '../delegate/adapters/auto-choice.js';
import { findExecutable } from '../process/find-executable.js';
import { packageRoot } from '../install/buddy-entries.js';
import { MOD_MIN_VERSION, installMod, supportsMods, uninstallMod } from '../install/mod-install.js';
import { term } from '../text/terminal-text.js';
import type { CliIo } from './cli-io.js';

/** Installs the mod when the Claude Code on PATH loads mods; says what it did or why not. Never fails install. */
export async function setUpMod(settingsPath: string, io: CliIo): Promise<void> {
  const binary = findExecutable('claude', io.env);
  const version = binary ? await claudeVersion(binary, io.env) : undefined;
  if (!supportsMods(version)) {
    const why = version
      ? `Claude Code ${version} is older than ${MOD_MIN_VERSION}`
      : '`claude` was not found on PATH to check its version';
    io.stdout(
      term`The buddy mod (the buddy drawn inside Claude Code) was not set up: ${why}. The pane and the statusLine show the buddy.\n`,
    );
    return;
  }
  const root = packageRoot();
  const { version: ours } = (await import('node:module')).createRequire(import.meta.url)(
    join(root, 'package.json'),
  ) as { version: string };
  try {
    const { folder, changed } = installMod({
      settingsPath,
      packageRoot: root,
      cliArgv: [process.execPath, join(root, 'dist', 'cli.js')],
      version: ours,
    });
    io.stdout(
      changed
        ? term`Set up the buddy mod in ${folder}: Claude Code ${version} draws the buddy beside and above its prompt, and adds /buddy (\`--no-mod\` skips this).\n`
        : term`The buddy mod in ${folder} is up to date.\n`,
    );
  } catch (error) {
    io.stderr(term`buddy-tui: the buddy mod was not set up: ${(error as Error).message}\n`);
  }
}

export function tearDownMod(settingsPath: string, io: CliIo): void {
  try {
    if (uninstallMod(settingsPath)) io.stdout(term`Removed the buddy mod.\n`);
  } catch (error) {
    io.stderr(term`buddy-tui: could not remove the buddy mod: ${(error as Error).message}\n`);
  }
}
