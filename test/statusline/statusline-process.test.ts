/**
 * The real thing: `node dist/cli.js statusline` spawned with a payload on stdin (run
 * `npm run build` first). Bad input, missing state, Foundry state, chained commands that
 * hang or fail, the last-good-output fallback, and a long journal with and without checkpoint.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import {
  FIXTURE_SESSION,
  NOW,
  T0,
  fixturePayload,
  midTurnEvents,
  realEvents,
  realPayload,
  reaction,
  sandbox,
  visible,
  type Sandbox,
} from './support.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../../dist/statusline.js', import.meta.url));
const GOLDEN = (name: string): string => readFileSync(new URL(`./golden/${name}`, import.meta.url), 'utf8');
/** The face of the pet the sandbox's seed (statusline-test@statusline-host) will hatch (an owl), drawn before it does. */
const SEEDED_FACE = '(ovo)';
const DIM_MARK = '\u001b[2m?\u001b[0m\n';
/** The chained command's row: its colour kept, its title escape dropped, a reset at the end. */
const CHAINED_ROW = '\u001b[35mCHAINED\u001b[0m {"session_id":\u001b[0m';

const boxes: Sandbox[] = [];
function box(): Sandbox {
  const made = sandbox({ COLUMNS: '80' });
  boxes.push(made);
  return made;
}

function statusline(input: string, env: Record<string, string>, args: string[] = [], entry = CLI) {
  const argv = entry === CLI ? [entry, 'statusline', ...args] : [entry, ...args];
  const started = Date.now();
  const result = spawnSync(process.execPath, argv, { input, env, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, elapsedMs: Date.now() - started };
}

beforeAll(() => {
  if (!existsSync(CLI) || !existsSync(BUNDLE)) throw new Error('dist/ is missing: run `npm run build` first');
});
afterAll(() => {
  for (const made of boxes) rmSync(made.base, { recursive: true, force: true });
});

describe('buddy-tui statusline (spawned)', () => {
  it('prints a dim ? and exits 0 for garbage, empty, or non-object stdin', () => {
    const env = box().env;
    for (const input of ['this is not json {', '', '[1,2,3]', '\u0000\u0001binary']) {
      const run = statusline(input, env);
      expect(run.status, JSON.stringify(input)).toBe(0);
      expect(run.stdout).toBe(DIM_MARK);
      expect(run.stderr).toBe('');
    }
    expect(statusline('garbage', env, ['--no-color']).stdout).toBe('?\n');
  });

  it('shows the payload alone for a session with no state directory', () => {
    const sandboxed = box();
    const run = statusline(JSON.stringify(realPayload()), sandboxed.env);
    expect(run.status).toBe(0);
    expect(visible(run.stdout)).toBe(GOLDEN('no-state-lines2-w80-color.txt'));
  });

  it('prints the golden mid-turn output, through dist/cli.js and dist/statusline.js alike', () => {
    const sandboxed = box();
    sandboxed.session(FIXTURE_SESSION, {
      events: midTurnEvents(),
      reactions: [reaction('Three Bash calls and counting! The Explore agents are still digging.', 5000)],
    });
    const input = JSON.stringify(fixturePayload(42));
    const viaCli = statusline(input, sandboxed.env);
    expect(viaCli.status).toBe(0);
    expect(visible(viaCli.stdout)).toBe(GOLDEN('mid-turn-lines2-w80-color.txt'));
    const direct = statusline(input, sandboxed.env, [], BUNDLE);
    expect(direct.stdout).toBe(viaCli.stdout);
    expect(statusline(input, { ...sandboxed.env, NO_COLOR: '1' }).stdout).toBe(GOLDEN('mid-turn-lines2-w80-plain.txt'));
  });

  it('reads a Foundry task-log.js state directory', () => {
    const sandboxed = box();
    const dir = join(sandboxed.env.BUDDY_TUI_FOUNDRY_DIR, `claude-state-${FIXTURE_SESSION}`);
    for (const sub of ['agents', 'tools', 'queue']) mkdirSync(join(dir, sub), { recursive: true, mode: 0o700 });
    const since = new Date(NOW - 65_000).toISOString();
    writeFileSync(
      join(dir, 'agents', 'a1.json'),
      JSON.stringify({ id: 'a1', type: 'Explore', model: 'haiku', color: 'cyan', since }),
    );
    writeFileSync(
      join(dir, 'agents', 'a2.json'),
      JSON.stringify({ id: 'a2', type: 'Explore', model: 'haiku', color: 'cyan', since }),
    );
    writeFileSync(join(dir, 'tools', 'Bash.json'), JSON.stringify({ tool: 'Bash', since, count: 3 }));
    writeFileSync(join(dir, 'tools', 'Read.json'), JSON.stringify({ tool: 'Read', since, count: 1 }));
    for (const ts of [1, 2]) writeFileSync(join(dir, 'queue', `${ts}.json`), JSON.stringify({ since }));
    const run = statusline(JSON.stringify(fixturePayload(10)), sandboxed.env, ['--no-color']);
    expect(run.status).toBe(0);
    const [first, second] = run.stdout.split('\n');
    expect(first).toContain('💬 2');
    expect(second).toBe('Bash x3 · Read │ ◆ Explore x2 1m05s');
  });

  it('prints the last good output for the session when reading its state fails', () => {
    const sandboxed = box();
    const dir = sandboxed.session(FIXTURE_SESSION, { events: midTurnEvents() });
    const input = JSON.stringify(fixturePayload(42));
    const good = statusline(input, sandboxed.env);
    expect(good.stdout).toContain('▸ Bash');
    // A journal that cannot be read (a directory in its place): the fold throws.
    rmSync(join(dir, 'state.json'), { force: true });
    unlinkSync(join(dir, 'events.jsonl'));
    mkdirSync(join(dir, 'events.jsonl'));
    const failed = statusline(input, sandboxed.env);
    expect(failed.status).toBe(0);
    expect(failed.stdout).toBe(good.stdout);
    // Without a cached output for that layout: the dim ?.
    expect(statusline(input, sandboxed.env, ['--lines', '1']).stdout).toBe(DIM_MARK);
  });

  describe('--chain', () => {
    let sandboxed: Sandbox;
    let command: string;
    const input = JSON.stringify(fixturePayload(42));

    beforeAll(() => {
      sandboxed = box();
      sandboxed.session(FIXTURE_SESSION, { events: midTurnEvents() });
      const flags = sandboxed.base;
      // Prints the start of its stdin when all is well; hangs or fails when told to by a flag file.
      command = [
        `if [ -f '${flags}/hang' ]; then sleep 30 & echo $! > '${flags}/sleep.pid'; wait;`,
        `elif [ -f '${flags}/fail' ]; then echo partial; exit 3;`,
        `else printf '\\033[35mCHAINED\\033[0m %s\\033]0;title\\007\\n' "$(head -c 14)"; fi`,
      ].join(' ');
    });

    it("prints the chained command's rows above ours, fed the same stdin, colours kept, other escapes dropped", () => {
      const run = statusline(input, sandboxed.env, ['--chain', command]);
      expect(run.status).toBe(0);
      const rows = run.stdout.split('\n');
      expect(rows[0]).toBe(CHAINED_ROW);
      expect(rows).toHaveLength(4);
      expect(rows[1]).toContain(SEEDED_FACE);
      expect(existsSync(join(sandboxed.root, FIXTURE_SESSION, 'statusline-chain.json'))).toBe(true);
    });

    it('answers when the chained command hangs, kills it, and reuses its cached output', () => {
      writeFileSync(join(sandboxed.base, 'hang'), '');
      try {
        const run = statusline(input, sandboxed.env, ['--chain', command, '--chain-timeout', '300']);
        expect(run.status).toBe(0);
        // Generous: the chain timeout plus plenty of slack for a loaded machine, far below the 30 s sleep.
        expect(run.elapsedMs).toBeLessThan(300 + 10_000);
        const rows = run.stdout.split('\n');
        expect(rows[0]).toBe(CHAINED_ROW);
        expect(rows[1]).toContain(SEEDED_FACE);
        const pid = Number(readFileSync(join(sandboxed.base, 'sleep.pid'), 'utf8'));
        expect(waitUntilGone(pid)).toBe(true);
      } finally {
        unlinkSync(join(sandboxed.base, 'hang'));
      }
    });

    it('reuses the cached output when the chained command fails', () => {
      writeFileSync(join(sandboxed.base, 'fail'), '');
      try {
        const run = statusline(input, sandboxed.env, ['--chain', command]);
        expect(run.status).toBe(0);
        expect(run.stdout.split('\n')[0]).toBe(CHAINED_ROW);
        expect(run.stdout).not.toContain('partial');
        // Another command's cache is not reused: it failed, so nothing is printed above ours.
        const other = statusline(input, sandboxed.env, ['--chain', `${command} `.replace('exit 3', 'exit 4')]);
        expect(other.stdout.split('\n')[0]).toContain(SEEDED_FACE);
      } finally {
        unlinkSync(join(sandboxed.base, 'fail'));
      }
    });
  });

  it('folds an 800-event journal without a checkpoint, writes one, and prints the same with it', () => {
    const sandboxed = box();
    const dir = sandboxed.session(FIXTURE_SESSION, { events: longJournal(800) });
    const input = JSON.stringify(fixturePayload(42));
    expect(existsSync(join(dir, 'state.json'))).toBe(false);
    const cold = statusline(input, sandboxed.env);
    expect(cold.status).toBe(0);
    const checkpoint = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'));
    expect(checkpoint.journal.offset).toBe(statSync(join(dir, 'events.jsonl')).size);
    expect(checkpoint.state.eventCount).toBe(800);
    const warm = statusline(input, sandboxed.env);
    expect(warm.stdout).toBe(cold.stdout);
    // 800 = 28 whole turns + 16 events of the next: the Grep call of turn 29 is running.
    expect(cold.stdout).toContain('▸ Grep');
    expect(cold.stdout).toContain('💬');
    expect(cold.stdout).not.toContain('💬 ');
  });

  it('shows what the real hook recorded: events fed through `buddy-tui hook`, then the statusline', () => {
    const sandboxed = box();
    const { BUDDY_TUI_NOW: _pinned, ...env } = sandboxed.env; // the hook stamps real times
    // The recorded session through the subagent's start: a turn open, an agent running.
    for (const event of realEvents().slice(0, 25)) {
      const hook = spawnSync(process.execPath, [CLI, 'hook'], {
        input: JSON.stringify(event),
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(hook.status).toBe(0);
      expect(hook.stdout).toBe('');
    }
    const run = statusline(JSON.stringify(fixturePayload(42)), env, ['--no-color', '--width', '200']);
    expect(run.status).toBe(0);
    const [first, second] = run.stdout.split('\n');
    expect(first).toMatch(/^\S+ │ Opus 5\.5 │ project │ ▰▰▱▱▱ 42% │ 💬$/);
    expect(second).toMatch(
      /^▸ Agent \d+s │ ✗ Bash \d+s ago │ Bash x2 · Agent · Edit · Glob · Grep · Read · Write │ ◆ general-purpose \d+s$/,
    );
  });

  it('takes its layout from the config file, and flags override it', () => {
    const sandboxed = box();
    sandboxed.session(FIXTURE_SESSION, { events: midTurnEvents() });
    mkdirSync(join(sandboxed.env.XDG_CONFIG_HOME, 'buddy-tui'), { recursive: true });
    writeFileSync(
      join(sandboxed.env.XDG_CONFIG_HOME, 'buddy-tui', 'config.json'),
      JSON.stringify({ statusline: { lines: 1, color: false, width: 'wide' } }),
    );
    const input = JSON.stringify(fixturePayload(42));
    const fromConfig = statusline(input, sandboxed.env);
    expect(fromConfig.stdout.split('\n')).toHaveLength(2);
    expect(fromConfig.stdout).not.toContain('\u001b');
    const overridden = statusline(input, sandboxed.env, ['--lines', '2', '--color']);
    expect(overridden.stdout.split('\n')).toHaveLength(3);
    expect(overridden.stdout).toContain('\u001b[');
  });

  it('ignores a config file of a format version newer than it reads, as a whole', () => {
    const sandboxed = box();
    sandboxed.session(FIXTURE_SESSION, { events: midTurnEvents() });
    mkdirSync(join(sandboxed.env.XDG_CONFIG_HOME, 'buddy-tui'), { recursive: true });
    writeFileSync(
      join(sandboxed.env.XDG_CONFIG_HOME, 'buddy-tui', 'config.json'),
      JSON.stringify({ schemaVersion: 99, statusline: { lines: 1 } }),
    );
    const result = statusline(JSON.stringify(fixturePayload(42)), sandboxed.env);
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n')).toHaveLength(3);
  });
});

/** The recorded turn (prompt to Stop) over and over with fresh ids, `count` events, ending mid-turn. */
function longJournal(count: number): JournalEvent[] {
  const templates = realEvents().slice(1, 29);
  const events: JournalEvent[] = [];
  for (let i = 0; i < count; i++) {
    const template = templates[i % templates.length];
    const round = Math.floor(i / templates.length);
    const event: JournalEvent = { ...template, ts: T0 + Math.floor((i * 90_000) / count) };
    if (template.tool_use_id) event.tool_use_id = `${template.tool_use_id}-${round}`;
    if (template.prompt_id) event.prompt_id = `${template.prompt_id}-${round}`;
    if (template.agent_id) event.agent_id = `${template.agent_id}-${round}`;
    events.push(event);
  }
  return events;
}

/** True once the process is gone (or a zombie waiting to be reaped); polls for a few seconds. */
function waitUntilGone(pid: number): boolean {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return true;
    } catch {
      return true;
    }
    spawnSync('sleep', ['0.05']);
  }
  return false;
}
