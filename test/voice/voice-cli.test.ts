/** `buddy-tui voice on|off` through the built CLI: config.json's reactions.voice set, other keys kept. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

describe('buddy-tui voice', () => {
  it('turns the voice off and on in config.json, keeping the other keys, and says how', () => {
    const dir = mkdtempSync(join(tmpdir(), 'buddy-voice-cli-'));
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ reactions: { chattiness: 'quiet' }, limits: { cooldownMs: 10 } }));
    const off = runCli(['voice', 'off', '--config', config], { BUDDY_TUI_STATE_DIR: dir, HOME: dir });
    expect(off.code).toBe(0);
    expect(off.stdout).toContain('buddy-tui voice on');
    expect(JSON.parse(readFileSync(config, 'utf8'))).toEqual({
      reactions: { chattiness: 'quiet', voice: false },
      limits: { cooldownMs: 10 },
    });
    const on = runCli(['voice', 'on', '--config', config], { BUDDY_TUI_STATE_DIR: dir, HOME: dir });
    expect(on.stdout).toContain('buddy-tui voice off');
    expect(JSON.parse(readFileSync(config, 'utf8')).reactions.voice).toBe(true);
    const status = runCli(['voice', '--config', config], { BUDDY_TUI_STATE_DIR: dir, HOME: dir });
    expect(status.stdout).toMatch(/voice: on \(reactions.voice is true\)/);
    expect(status.stdout).toContain('0 of 100 calls today');
  });

  it('install says in one line that the buddy speaks with your own model, and how to turn it off', () => {
    const home = mkdtempSync(join(tmpdir(), 'buddy-voice-install-'));
    const env = { HOME: home, CLAUDE_CONFIG_DIR: join(home, 'claude'), BUDDY_TUI_STATE_DIR: join(home, 'state') };
    const install = runCli(['install'], env);
    expect(install.code).toBe(0);
    expect(install.stdout).toContain('The buddy speaks with your own model');
    expect(install.stdout).toContain('`buddy-tui voice off` turns it off');
    expect(runCli(['voice', 'off'], env).code).toBe(0);
    expect(runCli(['install'], env).stdout).toContain('`buddy-tui voice on` lets it speak');
  });

  it('leaves a config.json that is not a JSON object alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'buddy-voice-cli-'));
    const config = join(dir, 'config.json');
    writeFileSync(config, '{ broken');
    const run = runCli(['voice', 'off', '--config', config], { BUDDY_TUI_STATE_DIR: dir, HOME: dir });
    expect(run.code).toBe(1);
    expect(readFileSync(config, 'utf8')).toBe('{ broken');
  });
});
