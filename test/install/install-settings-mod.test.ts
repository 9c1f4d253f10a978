// `install --settings <file>` sets up no buddy mod (Claude Code loads mods from its own folder,
// not from beside the file): it says so instead of skipping it silently (issue 47). Real CLI.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { makeTempDir } from '../support/temp-dir.js';

describe('install --settings <file> and the buddy mod', () => {
  it('says the mod was not set up, and where it would be; --no-mod is silent about it', () => {
    const home = makeTempDir();
    const settings = join(home, 'elsewhere.json');
    writeFileSync(settings, '{}\n');
    const installed = runCli(['install', '--settings', settings], { HOME: home });
    expect(installed.code).toBe(0);
    expect(installed.stdout).toContain(`The buddy mod was not set up: Claude Code loads it from its own folder`);
    expect(installed.stdout).toContain('`buddy-tui install` without --settings sets it up there');
    expect(existsSync(join(home, 'skills'))).toBe(false);

    const again = runCli(['install', '--settings', settings, '--no-mod'], { HOME: home });
    expect(again.code).toBe(0);
    expect(again.stdout).not.toContain('buddy mod was not set up');
  });
});
