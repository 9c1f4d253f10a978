/**
 * The registry entry (host-installers.ts) of a host whose hooks are Claude Code's shape in one
 * JSON file, made from its spec (src/hosts/host-spec.ts): its `--<host>-home` flag, help,
 * install, uninstall, doctor and "is wired".
 */
import type { HostWithHookFile } from '../hosts/host-spec.js';
import { hookFileChecks, hookFileWired } from '../doctor/doctor-hook-file.js';
import { hookFileFolder, hookFileGroups, hookFilePath } from '../install/hook-file-host.js';
import type { JsonObject } from '../install/settings-json.js';
import type { FlagValues, HostInstaller } from './installer-contract.js';
import { runHookFileInstall, runHookFileUninstall, type HookFileHost } from './install-hook-file.js';

const HELP_INDENT = ' '.repeat(22);

function hookFileHost(spec: HostWithHookFile, values: FlagValues, env: NodeJS.ProcessEnv): HookFileHost {
  const given = values[spec.hookFile.folder.flag];
  return {
    name: spec.label,
    path: hookFilePath(spec, hookFileFolder(spec, typeof given === 'string' ? given : undefined, env)),
    groups: (commands, path) => hookFileGroups(spec, commands, path),
    ...(spec.hookFile.required ? { required: structuredClone(spec.hookFile.required) as JsonObject } : {}),
    afterInstall: spec.hookFile.afterInstall,
  };
}

export function hookFileInstaller(spec: HostWithHookFile): HostInstaller {
  const flag = { [spec.hookFile.folder.flag]: { type: 'string' } } as const;
  const installCommand = `buddy-tui install --host ${spec.id}`;
  const [where, another] = spec.hookFile.helpWhere;
  return {
    id: spec.id,
    name: spec.label,
    flags: { install: flag, uninstall: flag },
    help: {
      usage: {
        install: `${installCommand} [--${spec.hookFile.folder.flag} <dir>] [--node-hook] [--dry-run]`,
        uninstall: `buddy-tui uninstall --host ${spec.id} [--${spec.hookFile.folder.flag} <dir>] [--dry-run]`,
      },
      install: `  ${`--host ${spec.id}`.padEnd(20)}wire ${spec.fullLabel ?? spec.label}: buddy-tui's hooks for ${spec.hookFile.events.length} events ${where}\n${HELP_INDENT}${another}\n`,
      uninstall: `With --host ${spec.id}: ${spec.hookFile.uninstallHelp}\n`,
    },
    installCommand,
    install: (values, io) => runHookFileInstall(hookFileHost(spec, values, io.env), values, io),
    uninstall: (values, io) => runHookFileUninstall(hookFileHost(spec, values, io.env), values, io),
    doctor: (env, cwd) => hookFileChecks(spec, env, cwd),
    isWired: (env, cwd) => hookFileWired(spec, env, cwd),
  };
}
