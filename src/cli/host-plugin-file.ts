/**
 * The registry entry (host-installers.ts) of a host that loads buddy-tui's plugin file into its
 * own process (OpenCode, Kilo), made from its spec's `pluginFile`: its `--<host>-config` flag,
 * help, install, uninstall, doctor and "is wired". The file itself: src/install/plugin-file-install.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pluginFileChecks, pluginFileWired } from '../doctor/doctor-plugin-file.js';
import type { HostWithPluginFile } from '../hosts/host-spec.js';
import { buddyCommands, packageRoot } from '../install/buddy-entries.js';
import { createInbox } from '../install/hook-path.js';
import {
  installPluginFile,
  pluginConfigFolder,
  pluginFilePath,
  uninstallPluginFile,
} from '../install/plugin-file-install.js';
import { term } from '../text/terminal-text.js';
import type { CliIo } from './cli-io.js';
import { reportSettingsError } from './install-errors.js';
import type { FlagValues, HostInstaller } from './installer-contract.js';

const HELP_INDENT = ' '.repeat(22);

function pathOf(spec: HostWithPluginFile, values: FlagValues, env: NodeJS.ProcessEnv): string {
  const given = values[spec.pluginFile.folder.flag];
  return pluginFilePath(spec, pluginConfigFolder(spec, typeof given === 'string' ? given : undefined, env));
}

const FOREIGN = (path: string) =>
  term`buddy-tui: ${path} is not buddy-tui's plugin; it is left alone (move it aside to install).\n`;

async function runInstall(spec: HostWithPluginFile, values: FlagValues, io: CliIo): Promise<number> {
  const dist = join(packageRoot(), 'dist');
  if (!existsSync(join(dist, spec.pluginFile.bundle)) || !existsSync(join(dist, 'hook.js'))) {
    io.stderr(
      term`buddy-tui: ${dist} has no ${spec.pluginFile.bundle}; run \`npm run build\` in ${packageRoot()} first.\n`,
    );
    return 1;
  }
  try {
    const path = pathOf(spec, values, io.env);
    const result = installPluginFile(spec, path, dist, buddyCommands({ distDir: dist }), values['dry-run'] === true);
    if (result.status === 'foreign') return (io.stderr(FOREIGN(path)), 1);
    if (result.status === 'dry-run') {
      const what = result.action === 'none' ? 'nothing to change in' : `would ${result.action} ${result.bytes} bytes:`;
      io.stdout(term`(dry run) ${what} ${path}\n(dry run: nothing was changed)\n`);
      return 0;
    }
    createInbox(io.env, (message) => io.stderr(message));
    if (result.status === 'unchanged')
      io.stdout(term`buddy-tui's ${spec.label} plugin is already in ${path}; nothing changed.\n`);
    else
      io.stdout(
        term`Installed buddy-tui's ${spec.label} plugin: ${path}.\n${spec.label} sessions started from now on feed the buddy (not with ${spec.pluginFile.pure.flag} or ${spec.pluginFile.pure.env}=1, which load no plugin). Check with \`buddy-tui doctor\`.\n`,
      );
    return 0;
  } catch (error) {
    return reportSettingsError(error, io);
  }
}

async function runUninstall(spec: HostWithPluginFile, values: FlagValues, io: CliIo): Promise<number> {
  try {
    const path = pathOf(spec, values, io.env);
    const result = uninstallPluginFile(path, values['dry-run'] === true);
    if (result.status === 'foreign') return (io.stderr(FOREIGN(path)), 1);
    if (result.status === 'not-installed')
      io.stdout(term`buddy-tui's ${spec.label} plugin is not in ${path}; nothing changed.\n`);
    else if (result.status === 'dry-run')
      io.stdout(term`(dry run) would remove ${path}\n(dry run: nothing was changed)\n`);
    else io.stdout(term`Removed buddy-tui's ${spec.label} plugin: ${path}.\n`);
    return 0;
  } catch (error) {
    return reportSettingsError(error, io);
  }
}

export function pluginFileInstaller(spec: HostWithPluginFile): HostInstaller {
  const flag = { [spec.pluginFile.folder.flag]: { type: 'string' } } as const;
  const installCommand = `buddy-tui install --host ${spec.id}`;
  const folderFlag = `[--${spec.pluginFile.folder.flag} <dir>]`;
  return {
    id: spec.id,
    name: spec.label,
    flags: { install: flag, uninstall: flag },
    help: {
      usage: {
        install: `${installCommand} ${folderFlag} [--dry-run]`,
        uninstall: `buddy-tui uninstall --host ${spec.id} ${folderFlag} [--dry-run]`,
      },
      install: `  ${`--host ${spec.id}`.padEnd(20)}wire ${spec.fullLabel ?? spec.label}: buddy-tui's plugin file in\n${HELP_INDENT}${spec.pluginFile.helpWhere}\n`,
      uninstall: `With --host ${spec.id}: removes buddy-tui's plugin file from ${spec.label}'s plugins folder.\n`,
    },
    installCommand,
    install: (values, io) => runInstall(spec, values, io),
    uninstall: (values, io) => runUninstall(spec, values, io),
    doctor: (env, cwd) => pluginFileChecks(spec, env, cwd),
    isWired: (env, cwd) => pluginFileWired(spec, env, cwd),
  };
}
