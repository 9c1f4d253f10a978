/**
 * The real `buddy-tui hook` process, spawned as Claude Code spawns it. Whatever it is fed, it
 * prints nothing, exits 0, and writes nowhere but the state root.
 */
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJournalLines, MAX_LINE_BYTES, serializeEventLine } from '../../src/state/journal.js';
import { makeTempDir } from '../support/temp-dir.js';
import { HOOK_ENTRY, fixturePayloads, runHook } from '../support/hook-process.js';

const SID = 'f1e2d3c4-0000-4000-8000-000000000001';
const payload = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({ session_id: SID, hook_event_name: 'PostToolUse', tool_name: 'Bash', cwd: '/p', ...fields });

function journalLines(root: string, sid = SID): string[] {
  const path = join(root, sid, 'events.jsonl');
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : [];
}

/** Every file below `dir`, for "wrote nothing else" checks. */
function listTree(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true }).map(String).sort();
}

/** A state root holding one session that ended three hours ago, and a config folder beside it. */
function rootWithSessionEnded3hAgo(): { root: string; config: string; old: string } {
  const base = makeTempDir();
  const root = join(base, 'state');
  const endedAt = Date.now() - 3 * 3600_000;
  const old = join(root, 'ended-3h-ago');
  mkdirSync(old, { recursive: true, mode: 0o700 });
  writeFileSync(
    join(old, 'events.jsonl'),
    ['SessionStart', 'SessionEnd']
      .map((name) => serializeEventLine({ ts: endedAt, session_id: 'ended-3h-ago', hook_event_name: name }))
      .join(''),
  );
  utimesSync(join(old, 'events.jsonl'), endedAt / 1000, endedAt / 1000);
  return { root, config: join(base, 'config'), old };
}

describe('buddy-tui hook', () => {
  it('appends one line per event with a receive timestamp and the payload’s own fields', async () => {
    const root = join(makeTempDir(), 'state');
    const before = Date.now();
    const result = await runHook(fixturePayloads()[2], { BUDDY_TUI_STATE_DIR: root });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const sid = '0501210e-ee64-41c1-85d0-349c27fac4b3';
    const [line] = journalLines(root, sid);
    const event = JSON.parse(line);
    expect(event).toMatchObject({
      session_id: sid,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_use_id: 'toolu_1msg_0bktg106quyv',
    });
    expect(event.ts).toBeGreaterThanOrEqual(before);
    expect(statSync(root).mode & 0o777).toBe(0o700);
    expect(statSync(join(root, sid)).mode & 0o777).toBe(0o700);
    expect(statSync(join(root, sid, 'events.jsonl')).mode & 0o777).toBe(0o600);
  });

  it('loses and interleaves nothing with 200 concurrent hook processes on one session', async () => {
    const root = join(makeTempDir(), 'state');
    // A payload of a few KiB each makes interleaving likely if appends were not atomic.
    const body = 'x'.repeat(6000);
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        runHook(payload({ tool_use_id: `toolu_${i}`, tool_response: { stdout: `${i}:${body}` } }), {
          BUDDY_TUI_STATE_DIR: root,
        }).then((r) => expect(r).toMatchObject({ code: 0, stdout: '' })),
      ),
    );
    const lines = journalLines(root);
    expect(lines).toHaveLength(200);
    const events = parseJournalLines(lines.join('\n'));
    expect(events).toHaveLength(200);
    expect(new Set(events.map((e) => e.tool_use_id)).size).toBe(200);
  }, 120_000);

  it('cuts a 12 MB payload to one bounded line, keeping head and tail', async () => {
    const root = join(makeTempDir(), 'state');
    // Under the 16 MiB cap: parsed and cut. (Over it, a marker is journaled: hook-limits.test.ts.)
    const huge = `HEAD${'y'.repeat(12 * 1024 * 1024)}TAIL`;
    const result = await runHook(
      payload({ tool_use_id: 'big', tool_response: { stdout: huge }, tool_input: { command: 'cat big' } }),
      {
        BUDDY_TUI_STATE_DIR: root,
      },
    );
    expect(result).toMatchObject({ code: 0, stdout: '' });
    const [line] = journalLines(root);
    expect(Buffer.byteLength(line) + 1).toBeLessThanOrEqual(MAX_LINE_BYTES);
    const event = JSON.parse(line);
    expect(event.tool_response.stdout.startsWith('HEAD')).toBe(true);
    expect(event.tool_response.stdout.endsWith('TAIL')).toBe(true);
    expect(event.tool_response.stdout).toContain('buddy-tui cut');
    expect(event.tool_input.command).toBe('cat big');
  }, 60_000);

  const badInputs: Array<[string, string | Buffer]> = [
    ['empty stdin', ''],
    ['truncated JSON', payload().slice(0, 30)],
    ['binary garbage', Buffer.from([0x00, 0xff, 0xfe, 0x1b, 0x5b, 0x32, 0x4a, 0x80, 0x81])],
    ['a JSON array', '[1,2,3]'],
    ['no session_id', JSON.stringify({ hook_event_name: 'Stop' })],
    ['a numeric session_id', JSON.stringify({ session_id: 42, hook_event_name: 'Stop' })],
    ['a session_id that is a path', JSON.stringify({ session_id: '../../etc', hook_event_name: 'Stop' })],
    ['a session_id with a slash', JSON.stringify({ session_id: 'a/b', hook_event_name: 'Stop' })],
    ['an absolute session_id', JSON.stringify({ session_id: '/tmp/x', hook_event_name: 'Stop' })],
    ['a dot session_id', JSON.stringify({ session_id: '..', hook_event_name: 'Stop' })],
  ];
  it.each(badInputs)('exits 0, prints nothing and journals nothing for %s', async (_name, input) => {
    const base = makeTempDir();
    const root = join(base, 'state');
    const result = await runHook(input, { BUDDY_TUI_STATE_DIR: root });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    // Only the root, its error log and the (empty) inbox the spool hook writes to exist: no
    // session directory, nothing outside the root.
    expect(listTree(base)).toEqual(['state', 'state/errors.log', 'state/inbox']);
    expect(readFileSync(join(root, 'errors.log'), 'utf8')).toMatch(/"where":"hook"/);
  });

  it('reports problems on stderr only with BUDDY_TUI_DEBUG', async () => {
    const root = join(makeTempDir(), 'state');
    const result = await runHook('{not json', { BUDDY_TUI_STATE_DIR: root, BUDDY_TUI_DEBUG: '1' });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/malformed JSON/);
  });

  it('ignores events from buddy-tui’s own claude -p children', async () => {
    const root = join(makeTempDir(), 'state');
    const result = await runHook(payload(), { BUDDY_TUI_STATE_DIR: root, BUDDY_TUI_CHILD: '1' });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(existsSync(root)).toBe(false);
  });

  it('refuses a state root that is a symlink, and writes nothing through it', async () => {
    const base = makeTempDir();
    const target = join(base, 'elsewhere');
    mkdirSync(target, { mode: 0o700 });
    symlinkSync(target, join(base, 'state'));
    const result = await runHook(payload(), { BUDDY_TUI_STATE_DIR: join(base, 'state') });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    // The one problem noted on stderr without BUDDY_TUI_DEBUG: its error log would be in the refused root.
    expect(result.stderr).toMatch(/state root refused: .*symbolic link/);
    expect(readdirSync(target)).toEqual([]);
  });

  it('refuses a session directory that is a symlink', async () => {
    const base = makeTempDir();
    const root = join(base, 'state');
    mkdirSync(root, { mode: 0o700 });
    mkdirSync(join(base, 'victim'), { mode: 0o700 });
    symlinkSync(join(base, 'victim'), join(root, SID));
    const result = await runHook(payload(), { BUDDY_TUI_STATE_DIR: root });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(readdirSync(join(base, 'victim'))).toEqual([]);
    expect(readFileSync(join(root, 'errors.log'), 'utf8')).toMatch(/symbolic link/);
  });

  it.runIf(process.getuid?.() === 0)('refuses a root owned by another user', async () => {
    const base = makeTempDir();
    const root = join(base, 'state');
    mkdirSync(root, { mode: 0o700 });
    chownSync(root, 65534, 65534);
    const result = await runHook(payload(), { BUDDY_TUI_STATE_DIR: root });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toMatch(/state root refused: .*owned by uid 65534/);
    expect(readdirSync(root)).toEqual([]);
  });

  it('removes ended sessions on SessionStart after retentionHours from the config, the environment first', async () => {
    const { root, config, old } = rootWithSessionEnded3hAgo();
    const env = { BUDDY_TUI_STATE_DIR: root, XDG_CONFIG_HOME: config, BUDDY_TUI_RETENTION_HOURS: '' };
    const start = payload({ hook_event_name: 'SessionStart', source: 'startup' });
    // Default 24 h: three hours after its end, it stays.
    expect(await runHook(start, env)).toMatchObject({ code: 0, stdout: '' });
    expect(existsSync(old)).toBe(true);
    mkdirSync(join(config, 'buddy-tui'), { recursive: true });
    writeFileSync(join(config, 'buddy-tui', 'config.json'), JSON.stringify({ retentionHours: 1 }));
    expect(await runHook(start, { ...env, BUDDY_TUI_RETENTION_HOURS: '100' })).toMatchObject({ code: 0, stdout: '' });
    expect(existsSync(old)).toBe(true);
    expect(await runHook(start, env)).toMatchObject({ code: 0, stdout: '' });
    expect(existsSync(old)).toBe(false);
    expect(journalLines(root)).toHaveLength(3);
  }, 60_000);

  it('ignores retentionHours in a config file of a format version newer than it reads', async () => {
    const { root, config, old } = rootWithSessionEnded3hAgo();
    mkdirSync(join(config, 'buddy-tui'), { recursive: true });
    writeFileSync(join(config, 'buddy-tui', 'config.json'), JSON.stringify({ schemaVersion: 99, retentionHours: 1 }));
    const env = { BUDDY_TUI_STATE_DIR: root, XDG_CONFIG_HOME: config, BUDDY_TUI_RETENTION_HOURS: '' };
    expect(await runHook(payload({ hook_event_name: 'SessionStart', source: 'startup' }), env)).toMatchObject({
      code: 0,
      stdout: '',
    });
    // The default 24 h still applies: three hours after its end, it stays.
    expect(existsSync(old)).toBe(true);
  }, 60_000);

  it.runIf(process.getuid?.() === 0)('refuses a session directory owned by another user', async () => {
    const root = join(makeTempDir(), 'state');
    mkdirSync(join(root, SID), { recursive: true, mode: 0o700 });
    chownSync(join(root, SID), 65534, 65534);
    const result = await runHook(payload(), { BUDDY_TUI_STATE_DIR: root });
    // Logged in the (sound) root, so nothing on stderr.
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(readdirSync(join(root, SID))).toEqual([]);
    expect(readFileSync(join(root, 'errors.log'), 'utf8')).toMatch(/owned by uid 65534/);
  });

  it('exits 0 on a full disk, and the line cut short there does not swallow the next event', async () => {
    const root = join(makeTempDir(), 'state');
    // A file-size limit makes the journal write come up short, as a full disk does.
    const cut = spawnSync('sh', ['-c', 'ulimit -f 2; exec "$0" "$1"', process.execPath, HOOK_ENTRY], {
      input: payload({ tool_use_id: 'cut', tool_response: { stdout: 'z'.repeat(4000) } }),
      env: { ...process.env, BUDDY_TUI_STATE_DIR: root },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(cut).toMatchObject({ status: 0, stdout: '', stderr: '' });
    expect(readFileSync(join(root, 'errors.log'), 'utf8')).toMatch(/short write|EFBIG/);
    expect(readFileSync(join(root, SID, 'events.jsonl'), 'utf8').endsWith('\n')).toBe(false);
    expect(await runHook(payload({ tool_use_id: 'after' }), { BUDDY_TUI_STATE_DIR: root })).toMatchObject({
      code: 0,
      stdout: '',
    });
    const events = parseJournalLines(readFileSync(join(root, SID, 'events.jsonl'), 'utf8'));
    expect(events.map((event) => event.tool_use_id)).toEqual(['after']);
  }, 60_000);

  it('exits 0 when the root cannot be written', async () => {
    const base = makeTempDir();
    const root = join(base, 'state');
    mkdirSync(root, { mode: 0o700 });
    // A file where the session directory should be: mkdir fails even as root.
    const blocker = join(root, SID);
    readFileSync; // keep import list honest for non-root runs
    await import('node:fs').then((fs) => fs.writeFileSync(blocker, 'not a directory'));
    const result = await runHook(payload(), { BUDDY_TUI_STATE_DIR: root });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(lstatSync(blocker).isFile()).toBe(true);
    chmodSync(root, 0o700);
  });
});
