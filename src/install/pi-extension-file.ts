/**
 * The text of buddy-tui's Pi extension as install writes it: the mark that makes it ours, the Node
 * hook it falls back to when the inbox is not there (this buddy-tui's node and dist/hook.js), then
 * the self-contained bundle of src/ingest/host-plugin/pi-extension.ts that the build wrote.
 * Doctor compares the installed file with this text to say whether it is current.
 */
import { join } from 'node:path';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import type { BuddyCommands } from './buddy-entries.js';
import { PI_EXTENSION_MARK } from './pi-extension-install.js';

export const piExtensionBundlePath = (distDir: string): string => join(distDir, 'host-plugins', 'pi-extension.mjs');

/** The file's text for this buddy-tui; throws when the build has not written the bundle. */
export function piExtensionText(distDir: string, commands: Pick<BuddyCommands, 'node' | 'hookScript'>): string {
  const bundle = readSmallFile(piExtensionBundlePath(distDir), { maxBytes: SMALL_FILE_LIMITS.config });
  const nodeHook = JSON.stringify({ node: commands.node, hookScript: commands.hookScript });
  return [
    `${PI_EXTENSION_MARK} Pi's events for the buddy. \`buddy-tui install --host pi\` wrote it and`,
    '// `buddy-tui uninstall --host pi` removes it; edits are lost at the next install.',
    `const BUDDY_TUI_NODE_HOOK = ${nodeHook};`,
    bundle,
  ].join('\n');
}
