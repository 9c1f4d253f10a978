/**
 * Issue 44 §1: the spool's `cat`. Where no `cat` can run, the event goes to the Node hook and no
 * empty claimed file is left behind; where `cat` ran and failed midway, stdin is partly consumed,
 * so what it wrote is kept for the drain to judge and the Node hook is not handed the rest.
 * The real generated plugin script and the inline command, with a PATH made for the test.
 */
import { chmodSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { drainInbox } from '../../src/ingest/drain-inbox.js';
import { spoolInlineCommand } from '../../src/ingest/spool-command.js';
import { HOOK_ENTRY, runHookProcess, type HookResult } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { damagedFiles, journal, spooledNames } from './spool-writers.js';

const SID = 'nocat000-0000-4000-8000-000000000001';
const payload = JSON.stringify({ session_id: SID, hook_event_name: 'Stop' });
const PLUGIN_SPOOL = fileURLToPath(new URL('../../claude-plugin/hooks/buddy-spool.sh', import.meta.url));

function rootWithInbox(): string {
  const root = join(makeTempDir(), 'state');
  mkdirSync(join(root, 'inbox'), { recursive: true, mode: 0o700 });
  return root;
}

/** A bin folder with `sh` and `node` and, when given, a `cat` of the test's own. */
function binWithout(cat?: string): string {
  const bin = makeTempDir();
  symlinkSync('/bin/sh', join(bin, 'sh'));
  symlinkSync(process.execPath, join(bin, 'node'));
  if (cat !== undefined) {
    writeFileSync(join(bin, 'cat'), cat);
    chmodSync(join(bin, 'cat'), 0o755);
  }
  return bin;
}

/** Both forms the spool is installed in: the plugin's script file, and the inline shell-form command. */
function spoolBothWays(root: string, bin: string): Promise<HookResult[]> {
  const env = { BUDDY_TUI_STATE_DIR: root, PATH: bin, TMUX: '', TMUX_PANE: '' };
  const inline = spoolInlineCommand('claude', { node: process.execPath, hookScript: HOOK_ENTRY });
  return Promise.all([
    runHookProcess('/bin/sh', [PLUGIN_SPOOL, 'claude', '', 'node', HOOK_ENTRY], payload, env),
    runHookProcess('/bin/sh', ['-c', inline], payload, env),
  ]);
}

describe('the spool’s cat', () => {
  it('no cat on PATH: the Node hook journals the event, and no empty file is left in the inbox', async () => {
    const root = rootWithInbox();
    for (const result of await spoolBothWays(root, binWithout()))
      expect(result).toEqual({ code: 0, signal: null, stdout: '', stderr: '' });
    expect(spooledNames(root)).toEqual([]);
    expect(journal(root, SID).map((e) => e.hook_event_name)).toEqual(['Stop', 'Stop']);
    drainInbox(root);
    expect(journal(root, SID)).toHaveLength(2);
    expect(damagedFiles(root)).toEqual([]);
  });

  it('a cat that fails after writing part (a full disk): the part is kept and set aside, the rest not handed on', async () => {
    const root = rootWithInbox();
    // Writes the first bytes of an event without reading stdin, then fails: had the spool handed
    // the untouched stdin to the Node hook, the event would be journaled twice over.
    const failing = binWithout(`#!/bin/sh\nprintf %s '{"session_id":"${SID}"'\nexit 1\n`);
    for (const result of await spoolBothWays(root, failing))
      expect(result).toEqual({ code: 0, signal: null, stdout: '', stderr: '' });
    expect(journal(root, SID)).toEqual([]);
    expect(spooledNames(root)).toHaveLength(2);
    drainInbox(root);
    expect(journal(root, SID)).toEqual([]);
    expect(damagedFiles(root)).toHaveLength(2);
    expect(readdirSync(join(root, 'inbox')).filter((name) => name.startsWith('claude.'))).toEqual([]);
  });
});
