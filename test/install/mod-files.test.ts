/**
 * `buddy-tui install` copies the mod file by file (MOD_FILES): every module register.js reaches
 * through its relative imports must be in that list, or the installed copy fails to load.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOD_FILES } from '../../src/install/mod-install.js';
import { REPO_ROOT } from '../support/hook-process.js';

const HOOKS = join(REPO_ROOT, 'claude-plugin', 'hooks');

/** The sibling modules `entry` imports, and theirs, by file name. */
function reachableModules(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(join(HOOKS, file), 'utf8');
    for (const [, name] of text.matchAll(/^\s*(?:import|export)[^'"]*?from\s+['"]\.\/([^'"]+)['"]/gm)) visit(name);
  };
  visit(entry);
  return [...seen].sort();
}

describe('the mod files install copies', () => {
  it('are exactly register.js and every module it reaches', () => {
    const reached = reachableModules('register.js');
    expect(reached.length).toBeGreaterThan(2);
    expect([...MOD_FILES].sort()).toEqual(reached);
  });
});
