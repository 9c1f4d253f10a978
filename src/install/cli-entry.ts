/** Where the built entry points are, for commands that start buddy-tui again (pane, demo). */
import { join } from 'node:path';
import { packageRoot } from './buddy-entries.js';

export const distDir = (): string => join(packageRoot(), 'dist');
export const cliEntryPath = (): string => join(distDir(), 'cli.js');
export const hookEntryPath = (): string => join(distDir(), 'hook.js');
