// Commands print only through CliIo, whose writers take TerminalText (sanitised outside text);
// a direct write to process.stdout/stderr or the console would skip that boundary.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/hook-process.js';

const DIRECT_WRITE = /process\.(stdout|stderr)\.write|console\.(log|error|warn|info)/;

describe('the print boundary', () => {
  for (const folder of ['src/cli', 'src/install']) {
    it(`no file in ${folder} writes to the terminal but through CliIo`, () => {
      const files = readdirSync(join(REPO_ROOT, folder)).filter((name) => name.endsWith('.ts') && name !== 'cli-io.ts');
      expect(files.length).toBeGreaterThan(5);
      const offenders = files.filter((name) => DIRECT_WRITE.test(readFileSync(join(REPO_ROOT, folder, name), 'utf8')));
      expect(offenders).toEqual([]);
    });
  }
});
