/**
 * Doctor checks of a plugin-file host (OpenCode, Kilo: src/hosts/host-spec.ts `pluginFile`), when
 * its config folder exists: buddy-tui's plugin is there and is what this buddy-tui would install;
 * what loads no plugin at all (`--pure`, `OPENCODE_PURE`), said as a warning when this
 * environment has the variable set; and the host's version against the one the plugin was
 * recorded with.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HostWithPluginFile } from '../hosts/host-spec.js';
import { buddyCommands, packageRoot } from '../install/buddy-entries.js';
import {
  pluginConfigFolder,
  pluginFilePath,
  pluginFileText,
  pluginMarkOf,
  readPluginFile,
  withoutMark,
} from '../install/plugin-file-install.js';
import type { DoctorCheck } from './doctor-check.js';
import { versionFloorCheck } from './doctor-version-floor.js';

export function pluginFileWired(spec: HostWithPluginFile, env: NodeJS.ProcessEnv, cwd: string): boolean {
  try {
    return (
      pluginMarkOf(readPluginFile(pluginFilePath(spec, pluginConfigFolder(spec, undefined, env, cwd)))) !== undefined
    );
  } catch {
    return false;
  }
}

/** What install would write now; undefined when this buddy-tui has no built bundle. */
function expectedText(spec: HostWithPluginFile): string | undefined {
  try {
    const dist = join(packageRoot(), 'dist');
    return pluginFileText(spec, dist, buddyCommands({ distDir: dist }));
  } catch {
    return undefined;
  }
}

function presenceCheck(spec: HostWithPluginFile, path: string): DoctorCheck {
  const install = `buddy-tui install --host ${spec.id}`;
  let text: string | undefined;
  try {
    text = readPluginFile(path);
  } catch (error) {
    return { status: 'fail', title: `${path} cannot be read`, detail: (error as Error).message };
  }
  const title = `buddy-tui's ${spec.pluginFile.short} plugin`;
  if (text === undefined)
    return { status: 'warn', title: `${title} is not in ${path}`, fix: `run \`${install}\``, notWired: true };
  const mark = pluginMarkOf(text);
  if (!mark)
    return {
      status: 'warn',
      title: `${path} is not buddy-tui's`,
      detail: 'install leaves it alone',
      fix: 'move it aside, then run install',
    };
  const by = `${path}, written by buddy-tui ${mark.version ?? '(an unknown version)'}`;
  const expected = expectedText(spec);
  if (expected !== undefined && withoutMark(expected) !== withoutMark(text))
    return {
      status: 'warn',
      title: `${title} in ${path} is not this buddy-tui's (another version, or it moved)`,
      detail: by,
      fix: `run \`${install}\``,
    };
  return { status: 'ok', title: `${title} is installed and current`, detail: by };
}

/** `--pure` / OPENCODE_PURE load no plugin: a warning when this environment has it set. */
function pureCheck(spec: HostWithPluginFile, env: NodeJS.ProcessEnv): DoctorCheck {
  const { flag, env: name } = spec.pluginFile.pure;
  const value = env[name];
  if (value && value !== '0' && value !== 'false')
    return {
      status: 'warn',
      title: `${name} is set here: ${spec.label} started from this environment loads no plugin, buddy-tui's included`,
      fix: `unset ${name}`,
    };
  return {
    status: 'ok',
    title: `${name} is not set`,
    detail: `\`${spec.cli?.binary ?? spec.id} ${flag}\` or ${name}=1 loads no plugin: such sessions do not feed the buddy`,
  };
}

/** The host's version against the recorded floor (doctor-version-floor.ts); said when its binary is not found. */
async function versionChecks(spec: HostWithPluginFile, env: NodeJS.ProcessEnv): Promise<DoctorCheck[]> {
  const floor = spec.pluginFile.versionFloor;
  const binary = spec.cli?.binary ?? spec.id;
  const checks = await versionFloorCheck({ label: spec.label, binary, floor }, env);
  if (checks.length) return checks;
  return [
    {
      status: 'ok',
      title: `${spec.label}'s version not checked (\`${binary} --version\` did not run)`,
      detail: `buddy-tui's plugin was made for ${floor} or newer`,
    },
  ];
}

export async function pluginFileChecks(
  spec: HostWithPluginFile,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<DoctorCheck[]> {
  const folder = pluginConfigFolder(spec, undefined, env, cwd);
  // No config folder: the host is not on this machine, so nothing is expected of it.
  if (!existsSync(folder)) return [];
  const path = pluginFilePath(spec, folder);
  return [presenceCheck(spec, path), pureCheck(spec, env), ...(await versionChecks(spec, env))];
}
