/**
 * The sh spool hook, spawned for real as Claude Code spawns it, and drained by the real drain.
 * Whatever happens it prints nothing and exits 0; nothing it is given is lost or torn.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drainInbox } from '../../src/ingest/drain-inbox.js';
import { ROOT_SCRIPT, SPOOL_SCRIPT, spoolCommandLine } from '../../src/ingest/spool-command.js';
import { makeTempDir } from '../support/temp-dir.js';
import { HOOK_ENTRY, REPO_ROOT, runHook } from '../support/hook-process.js';
import { runSpool } from '../support/spool-process.js';

const SID = 'a1b2c3d4-0000-4000-8000-0000000000aa';

function rootWithInbox(): string {
  const root = join(makeTempDir(), 'state');
  mkdirSync(join(root, 'inbox'), { recursive: true, mode: 0o700 });
  return root;
}

function journal(root: string, sid = SID): Array<Record<string, unknown>> {
  const path = join(root, sid, 'events.jsonl');
  return existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
}

const inboxNames = (root: string) => readdirSync(join(root, 'inbox')).filter((name) => /^(claude|codex)\./.test(name));

describe('the sh spool hook', () => {
  it('has no single quote and no backslash, so it survives single quotes in sh, bash, zsh and fish', () => {
    expect(SPOOL_SCRIPT).not.toMatch(/['\\]/);
  });

  it('300 concurrent events of one session: after a drain, 300 lines, none lost or torn', async () => {
    const root = rootWithInbox();
    const body = 'y'.repeat(3000);
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, n) =>
        runSpool(
          `${JSON.stringify({ session_id: SID, hook_event_name: 'PostToolUse', tool_name: 'Bash', seq: n, body })}\n`,
          { BUDDY_TUI_STATE_DIR: root },
        ),
      ),
    );
    for (const result of results) expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(inboxNames(root)).toHaveLength(300);
    expect(statSync(join(root, 'inbox', inboxNames(root)[0])).mode & 0o777).toBe(0o600);
    expect(drainInbox(root)).toEqual({ drained: 300, waiting: 0, busy: false });
    const events = journal(root);
    expect(events.map((event) => event.seq).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 300 }, (_, n) => n),
    );
    expect(events.every((event) => event.body === body && event.host === 'claude')).toBe(true);
    expect(inboxNames(root)).toEqual([]);
  });

  it('200 KB payloads in parallel arrive whole', async () => {
    const root = rootWithInbox();
    const payloads = Array.from(
      { length: 12 },
      (_, n) =>
        `${JSON.stringify({ session_id: SID, hook_event_name: 'PostToolUse', tool_use_id: `toolu_${n}`, tool_response: { stdout: String(n).repeat(200_000) } })}\n`,
    );
    const results = await Promise.all(payloads.map((payload) => runSpool(payload, { BUDDY_TUI_STATE_DIR: root })));
    for (const result of results) expect(result).toMatchObject({ code: 0, stdout: '' });
    // Each file is exactly one payload, byte for byte (no interleaving of parallel writers).
    const spooled = inboxNames(root)
      .map((name) => readFileSync(join(root, 'inbox', name), 'utf8'))
      .sort();
    expect(spooled).toEqual([...payloads].sort());
    expect(drainInbox(root).drained).toBe(12);
    expect(
      journal(root)
        .map((event) => event.tool_use_id)
        .sort(),
    ).toEqual(payloads.map((_, n) => `toolu_${n}`).sort());
  });

  it('copies the payload byte for byte whatever the locale, bytes that are not UTF-8 included', async () => {
    const root = rootWithInbox();
    const text = Buffer.from(
      `${JSON.stringify({ session_id: SID, hook_event_name: 'UserPromptSubmit', prompt: 'çà 🐈 e\u0301 ı' })}`,
    );
    const payload = Buffer.concat([text, Buffer.from([0xff, 0xfe, 0xc3, 0x0a])]);
    for (const locale of ['C.UTF-8', 'tr_TR.UTF-8', 'POSIX']) {
      const result = await runSpool(payload, { BUDDY_TUI_STATE_DIR: root, LANG: locale, LC_ALL: locale });
      expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    }
    const spooled = inboxNames(root).map((name) => readFileSync(join(root, 'inbox', name)));
    expect(spooled).toHaveLength(3);
    for (const bytes of spooled) expect(bytes.equals(payload)).toBe(true);
  });

  it('events spooled while no buddy-tui runs are journaled, in order, before the next Node hook’s own', async () => {
    const root = rootWithInbox();
    for (const name of ['SessionStart', 'UserPromptSubmit', 'PreToolUse']) {
      expect(
        await runSpool(JSON.stringify({ session_id: SID, hook_event_name: name }), { BUDDY_TUI_STATE_DIR: root }),
      ).toMatchObject({ code: 0, stdout: '' });
    }
    expect(journal(root)).toEqual([]);
    // The universal fallback: the real dist/hook.js drains first, then appends its event.
    expect(
      await runHook(JSON.stringify({ session_id: SID, hook_event_name: 'PostToolUse' }), { BUDDY_TUI_STATE_DIR: root }),
    ).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(journal(root).map((event) => event.hook_event_name)).toEqual([
      'SessionStart',
      'UserPromptSubmit',
      'PreToolUse',
      'PostToolUse',
    ]);
    expect(inboxNames(root)).toEqual([]);
  });

  it('without an inbox it runs the Node hook, which journals the event and creates the inbox', async () => {
    const root = join(makeTempDir(), 'state');
    expect(
      await runSpool(JSON.stringify({ session_id: SID, hook_event_name: 'SessionStart' }), {
        BUDDY_TUI_STATE_DIR: root,
      }),
    ).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(journal(root).map((event) => event.hook_event_name)).toEqual(['SessionStart']);
    expect(existsSync(join(root, 'inbox'))).toBe(true);
    // From now on the fast path spools.
    await runSpool(JSON.stringify({ session_id: SID, hook_event_name: 'Stop' }), { BUDDY_TUI_STATE_DIR: root });
    expect(inboxNames(root)).toHaveLength(1);
  });

  it('BUDDY_TUI_CHILD=1 writes nothing', async () => {
    const root = rootWithInbox();
    expect(
      await runSpool(JSON.stringify({ session_id: SID, hook_event_name: 'Stop' }), {
        BUDDY_TUI_STATE_DIR: root,
        BUDDY_TUI_CHILD: '1',
      }),
    ).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(inboxNames(root)).toEqual([]);
    expect(readdirSync(root)).toEqual(['inbox']);
  });

  it('a symlinked inbox is not written through: the Node hook takes the event and refuses the inbox', async () => {
    const base = makeTempDir();
    const root = join(base, 'state');
    const elsewhere = join(base, 'elsewhere');
    mkdirSync(root, { mode: 0o700 });
    mkdirSync(elsewhere, { mode: 0o700 });
    symlinkSync(elsewhere, join(root, 'inbox'));
    expect(
      await runSpool(JSON.stringify({ session_id: SID, hook_event_name: 'Stop' }), { BUDDY_TUI_STATE_DIR: root }),
    ).toMatchObject({ code: 0, stdout: '' });
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(journal(root).map((event) => event.hook_event_name)).toEqual(['Stop']);
    expect(readFileSync(join(root, 'errors.log'), 'utf8')).toContain('inbox');
  });

  it('a symlinked state root: the Node hook refuses it as it always did, and nothing is written through it', async () => {
    const base = makeTempDir();
    const real = join(base, 'real');
    mkdirSync(join(real, 'inbox'), { recursive: true, mode: 0o700 });
    symlinkSync(real, join(base, 'state'));
    const result = await runSpool(JSON.stringify({ session_id: SID, hook_event_name: 'Stop' }), {
      BUDDY_TUI_STATE_DIR: join(base, 'state'),
    });
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toContain('state root refused');
    expect(readdirSync(join(real, 'inbox'))).toEqual([]);
    expect(readdirSync(real)).toEqual(['inbox']);
  });

  it.runIf(process.getuid?.() === 0)(
    'an inbox owned by another user is not written: the Node hook journals directly',
    async () => {
      const root = rootWithInbox();
      chownSync(join(root, 'inbox'), 65534, 65534);
      expect(
        await runSpool(JSON.stringify({ session_id: SID, hook_event_name: 'Stop' }), { BUDDY_TUI_STATE_DIR: root }),
      ).toMatchObject({ code: 0, stdout: '' });
      expect(inboxNames(root)).toEqual([]);
      expect(journal(root).map((event) => event.hook_event_name)).toEqual(['Stop']);
    },
  );

  it('finds the same state root as stateRootPath for every way the environment can name it', () => {
    const base = makeTempDir();
    const envs: NodeJS.ProcessEnv[] = [
      { BUDDY_TUI_STATE_DIR: join(base, 'chosen') },
      { BUDDY_TUI_STATE_DIR: join(base, 'chosen'), XDG_RUNTIME_DIR: join(base, 'xdg') },
      { XDG_RUNTIME_DIR: join(base, 'xdg') },
      { XDG_RUNTIME_DIR: `${join(base, 'xdg')}/` },
      { BUDDY_TUI_STATE_DIR: '', XDG_RUNTIME_DIR: join(base, 'xdg') },
      { XDG_RUNTIME_DIR: '', TMPDIR: join(base, 'tmp') },
      { TMPDIR: `${join(base, 'tmp')}/` },
      { TMP: join(base, 'tmp2') },
      { TEMP: join(base, 'tmp3') },
      { TMPDIR: '', TMP: join(base, 'tmp2') },
      { TMPDIR: '/' },
      {},
    ];
    const uid = String(process.getuid?.() ?? 0);
    const probe = `import('${join(REPO_ROOT, 'src/state/state-root.ts')}').then((m) => process.stdout.write(m.stateRootPath()))`;
    for (const env of envs) {
      const clean = { PATH: process.env.PATH, ...env };
      const fromSh = spawnSync('/bin/sh', ['-c', `${ROOT_SCRIPT}\nprintf %s "$r"`, 'buddy-tui-ingest', 'claude', uid], {
        env: clean,
        encoding: 'utf8',
      }).stdout;
      const fromNode = spawnSync(process.execPath, ['--import', 'tsx', '-e', probe], {
        env: clean,
        encoding: 'utf8',
        cwd: REPO_ROOT,
      }).stdout;
      expect({ env, root: normalize(fromSh) }).toEqual({ env, root: fromNode });
    }
  });

  it('the one-line form (shell-form hooks, Codex) runs the same script through sh, bash and a login shell', async () => {
    const root = rootWithInbox();
    const line = spoolCommandLine('codex', { node: process.execPath, hookScript: HOOK_ENTRY });
    for (const shell of ['/bin/sh', '/bin/bash'].filter(existsSync)) {
      const result = spawnSync(shell, ['-lc', line], {
        input: JSON.stringify({ session_id: SID, hook_event_name: 'Stop' }),
        env: { ...process.env, BUDDY_TUI_STATE_DIR: root },
        encoding: 'utf8',
      });
      expect(result).toMatchObject({ status: 0, stdout: '' });
    }
    const shells = ['/bin/sh', '/bin/bash'].filter(existsSync).length;
    expect(inboxNames(root).filter((name) => name.startsWith('codex.'))).toHaveLength(shells);
    expect(drainInbox(root).drained).toBe(shells);
    expect(journal(root).map((event) => event.host)).toEqual(Array(shells).fill('codex'));
  });
});
