/**
 * buddy-tui's plugin file in a host that loads JS plugins into its own process (OpenCode, Kilo:
 * src/hosts/host-spec.ts `pluginFile`): where it goes, its text, install and uninstall.
 *
 * The text is three comment lines, the install header the plugin reads (`BUDDY_TUI_INSTALL`: the
 * host, and the Node hook it hands an event to when the inbox is not there), then the
 * self-contained bundle the build wrote (dist/host-plugins/). The mark on the third line makes the
 * file buddy-tui's and records the folders install created, so uninstall leaves the config folder
 * byte for byte as it was; doctor compares the rest with what install would write now.
 */
import { existsSync, mkdirSync, readdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { readSmallFile, readSmallFileIfExists, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import type { HostWithPluginFile } from '../hosts/host-spec.js';
import { atomicWriteFileSync } from '../state/atomic-write.js';
import type { BuddyCommands } from './buddy-entries.js';

/** Starts the third line of every plugin file buddy-tui writes. */
export const PLUGIN_FILE_MARK = '// buddy-tui-plugin ';

/** The host's config folder: `given` (the spec's flag), else `$XDG_CONFIG_HOME/<name>`, else `~/.config/<name>`. */
export function pluginConfigFolder(
  spec: HostWithPluginFile,
  given: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): string {
  if (given) return resolve(cwd, given);
  const config = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(config, spec.pluginFile.folder.name);
}

export const pluginFilePath = (spec: HostWithPluginFile, folder: string): string => join(folder, spec.pluginFile.file);

/** What the mark line records. */
export interface PluginMark {
  host: string;
  /** The buddy-tui that wrote it (its package.json), for doctor's message. */
  version?: string;
  /** Folders install created (deepest last), removed by uninstall once empty. */
  madeFolders: string[];
}

/** The version in the package.json beside `distDir`; undefined when it cannot be read. */
function buddyVersion(distDir: string): string | undefined {
  try {
    const pkg = JSON.parse(readSmallFile(join(distDir, '..', 'package.json'), { maxBytes: SMALL_FILE_LIMITS.config }));
    return typeof pkg?.version === 'string' ? pkg.version : undefined;
  } catch {
    return undefined;
  }
}

/** The file's text for this buddy-tui; throws when the build has not written the bundle. */
export function pluginFileText(
  spec: HostWithPluginFile,
  distDir: string,
  commands: Pick<BuddyCommands, 'node' | 'hookScript'>,
  madeFolders: string[] = [],
): string {
  const bundle = readSmallFile(join(distDir, spec.pluginFile.bundle), { maxBytes: SMALL_FILE_LIMITS.config });
  const header = { host: spec.id, node: commands.node, hookScript: commands.hookScript };
  const mark: PluginMark = { host: spec.id, version: buddyVersion(distDir), madeFolders };
  return [
    `// buddy-tui: ${spec.label}'s events for the buddy. \`buddy-tui install --host ${spec.id}\` wrote this file`,
    `// and \`buddy-tui uninstall --host ${spec.id}\` removes it; edits are lost at the next install.`,
    `${PLUGIN_FILE_MARK}${JSON.stringify(mark)}`,
    `const BUDDY_TUI_INSTALL = ${JSON.stringify(header)};`,
    bundle,
  ].join('\n');
}

/** The mark of a file buddy-tui wrote; undefined for anyone else's (or no) text. */
export function pluginMarkOf(text: string | undefined): PluginMark | undefined {
  const line = text?.split('\n', 3)[2];
  if (!line?.startsWith(PLUGIN_FILE_MARK)) return undefined;
  try {
    const mark = JSON.parse(line.slice(PLUGIN_FILE_MARK.length)) as Partial<PluginMark>;
    const folders = Array.isArray(mark.madeFolders) ? mark.madeFolders.filter((f) => typeof f === 'string') : [];
    if (typeof mark.host !== 'string') return undefined;
    return {
      host: mark.host,
      ...(typeof mark.version === 'string' ? { version: mark.version } : {}),
      madeFolders: folders,
    };
  } catch {
    return undefined;
  }
}

/** The text without its mark line: what says whether two installs wrote the same plugin. */
export const withoutMark = (text: string): string =>
  text
    .split('\n')
    .filter((_line, index) => index !== 2)
    .join('\n');

export function readPluginFile(path: string): string | undefined {
  return readSmallFileIfExists(path, { maxBytes: SMALL_FILE_LIMITS.config });
}

/** The folders between `path`'s folder and the first one that exists, outermost first. */
function missingFolders(path: string): string[] {
  const missing: string[] = [];
  for (let dir = dirname(path); !existsSync(dir) && dirname(dir) !== dir; dir = dirname(dir)) missing.unshift(dir);
  return missing;
}

export type PluginInstallResult =
  | { status: 'installed' | 'updated' | 'unchanged'; path: string }
  | { status: 'dry-run'; path: string; action: 'write' | 'update' | 'none'; bytes: number }
  | { status: 'foreign'; path: string };

/** Writes the plugin file (atomically), unless someone else's file has its name. */
export function installPluginFile(
  spec: HostWithPluginFile,
  path: string,
  distDir: string,
  commands: Pick<BuddyCommands, 'node' | 'hookScript'>,
  dryRun = false,
): PluginInstallResult {
  const before = readPluginFile(path);
  const mark = pluginMarkOf(before);
  if (before !== undefined && !mark) return { status: 'foreign', path };
  const made = mark?.madeFolders ?? missingFolders(path);
  const text = pluginFileText(spec, distDir, commands, made);
  if (dryRun) {
    const action = before === undefined ? 'write' : before === text ? 'none' : 'update';
    return { status: 'dry-run', path, action, bytes: Buffer.byteLength(text) };
  }
  if (before === text) return { status: 'unchanged', path };
  mkdirSync(dirname(path), { recursive: true });
  atomicWriteFileSync(path, text, 0o644);
  return { status: before === undefined ? 'installed' : 'updated', path };
}

export type PluginUninstallResult = { status: 'removed' | 'not-installed' | 'foreign' | 'dry-run'; path: string };

/** Removes buddy-tui's file and, once empty, the folders its install made. */
export function uninstallPluginFile(path: string, dryRun = false): PluginUninstallResult {
  const before = readPluginFile(path);
  if (before === undefined) return { status: 'not-installed', path };
  const mark = pluginMarkOf(before);
  if (!mark) return { status: 'foreign', path };
  if (dryRun) return { status: 'dry-run', path };
  unlinkSync(path);
  for (const dir of [...mark.madeFolders].reverse()) {
    try {
      if (readdirSync(dir).length === 0) rmdirSync(dir);
    } catch {
      // Gone already, or not a folder: nothing of ours to remove.
    }
  }
  return { status: 'removed', path };
}
