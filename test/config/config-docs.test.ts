import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/hook-process.js';

describe('docs/configuration.md', () => {
  it('is generated from the current config schema', () => {
    // --check exits 1 (and execFileSync throws) when the committed reference is stale.
    expect(() =>
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/gen-config-docs.ts', '--check'], {
        cwd: REPO_ROOT,
        stdio: 'pipe',
      }),
    ).not.toThrow();
  });
});
