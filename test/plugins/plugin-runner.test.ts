import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPluginRunner, MAX_REACTION_LENGTH } from '../../src/plugins/plugin-runner.js';
import { REACTION_PRIORITY } from '../../src/protocol/reaction.js';
import { makeTempDir } from '../support/temp-dir.js';
import {
  bashEvent,
  collector,
  command,
  handlers,
  processGone,
  script,
  useRunners,
  waitFor,
} from './plugin-fixtures.js';

const runnerWith = useRunners();

/** Runs one command plugin on one event and returns what came out. */
async function answerOf(cmd: string, event = bashEvent('npm test')) {
  const out = collector();
  await runnerWith({
    handlers: handlers({ handler: command(cmd), origin: { plugin: 'probe' } }),
    ...out.callbacks,
  }).handleEvent(event);
  return out;
}

describe('answer shapes (real processes)', () => {
  it('takes plain stdout as a reaction', async () => {
    const out = await answerOf('echo "Nice test run!"');
    // No priority given: the event's own (a passing `npm test` is a success, not small talk).
    expect(out.reactions).toMatchObject([
      {
        kind: 'reaction',
        text: 'Nice test run!',
        source: 'probe',
        sessionId: 'sess-1',
        event: 'PostToolUse',
        priority: REACTION_PRIORITY.success,
      },
    ]);
    expect(out.warnings).toEqual([]);
    expect(out.reactions[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(out.reactions[0]!.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('takes a JSON reaction with its mood, ttl and priority', async () => {
    const out = await answerOf(`echo '{"reaction": "Green!", "mood": "happy", "ttlMs": 4000, "priority": 2}'`);
    expect(out.reactions).toMatchObject([{ text: 'Green!', mood: 'happy', ttlMs: 4000, priority: 2 }]);
  });

  it("keeps a plugin's priority and ttl within bounds so it cannot pin the bubble", async () => {
    const out = await answerOf(`echo '{"reaction": "me first", "ttlMs": 86400000, "priority": 1000}'`);
    expect(out.reactions).toMatchObject([{ priority: REACTION_PRIORITY.failure, ttlMs: 60_000 }]);
    const low = await answerOf(`echo '{"reaction": "blink", "ttlMs": 1, "priority": -5}'`);
    expect(low.reactions).toMatchObject([{ priority: REACTION_PRIORITY.chat, ttlMs: 1_000 }]);
  });

  it('hands a delegate request to onDelegate with its meta', async () => {
    const out = await answerOf(
      `echo '{"delegate": true, "systemPrompt": "You are Rex.", "prompt": "Roast this", "maxTokens": 150, "model": "haiku"}'`,
    );
    expect(out.reactions).toEqual([]);
    expect(out.delegates).toHaveLength(1);
    const { request, meta } = out.delegates[0]!;
    expect(request).toEqual({
      delegate: true,
      systemPrompt: 'You are Rex.',
      prompt: 'Roast this',
      maxTokens: 150,
      model: 'haiku',
    });
    expect(meta).toMatchObject({
      plugin: 'probe',
      sessionId: 'sess-1',
      systemPrompt: 'You are Rex.',
      kinds: ['tests_passed', 'tool_success'],
    });
    expect(meta.event.tool_input).toEqual({ command: 'npm test', description: 'run' });
    expect(typeof meta.receivedAt).toBe('number');
  });

  it('accepts Claude Code hook output: systemMessage, else reason', async () => {
    expect(
      (await answerOf(`echo '{"decision": "block", "reason": "r", "systemMessage": "careful"}'`)).reactions.map(
        (r) => r.text,
      ),
    ).toEqual(['careful']);
    expect(
      (await answerOf(`echo '{"decision": "block", "reason": "too risky"}'`)).reactions.map((r) => r.text),
    ).toEqual(['too risky']);
    const silent = await answerOf(`echo '{"continue": true, "suppressOutput": true}'`);
    expect([silent.reactions, silent.warnings]).toEqual([[], []]);
  });

  it.each([['printf ""'], [`echo '{}'`], ['true'], [`printf '  \\n\\n'`]])('says nothing for %s', async (cmd) => {
    const out = await answerOf(cmd);
    expect([out.reactions, out.delegates, out.warnings]).toEqual([[], [], []]);
  });

  it.each([
    [`echo '{"reaction": '`, /invalid answer: answer is not valid JSON/],
    [`echo '{"hello": "world"}'`, /unrecognized answer/],
    [`echo '{"reaction": 42}'`, /invalid answer/],
    [`echo '{"delegate": true}'`, /prompt/],
  ])('logs a warning for the bad answer %s', async (cmd, message) => {
    const out = await answerOf(cmd);
    expect(out.reactions).toEqual([]);
    expect(out.warnings).toMatchObject([
      {
        plugin: 'probe',
        sessionId: 'sess-1',
        event: 'PostToolUse',
        message: expect.stringMatching(message),
        file: '/test/config.json',
      },
    ]);
  });
});

describe('exit codes and signals', () => {
  it('exit 2: stderr becomes a warning reaction', async () => {
    const out = await answerOf('echo "ignored stdout"; echo "Force push on main?!" >&2; exit 2');
    expect(out.reactions).toMatchObject([
      { kind: 'warning', text: 'Force push on main?!', priority: REACTION_PRIORITY.warning, source: 'probe' },
    ]);
    expect(out.warnings).toEqual([]);
  });

  it('exit 1: a logged warning with the first stderr line, nothing shown', async () => {
    const out = await answerOf('echo "shown?"; echo "boom" >&2; echo "more" >&2; exit 1');
    expect(out.reactions).toEqual([]);
    expect(out.warnings).toMatchObject([{ message: 'exited with code 1: boom' }]);
  });

  it('a missing command is exit 127, logged', async () => {
    const out = await answerOf('definitely-not-a-command-xyz');
    expect(out.warnings).toMatchObject([{ message: expect.stringMatching(/exited with code 127/) }]);
  });

  it('killed by a signal: logged', async () => {
    const out = await answerOf('kill -TERM $$; sleep 5');
    expect(out.reactions).toEqual([]);
    expect(out.warnings).toMatchObject([{ message: 'killed by SIGTERM' }]);
  });

  it('a hanging plugin is killed at its timeout together with its children', async () => {
    const dir = makeTempDir();
    const cmd = script(dir, 'hang', `sleep 300 &\necho $! > '${dir}/child.pid'\necho $$ > '${dir}/self.pid'\nwait`);
    const out = collector();
    const runner = runnerWith({ handlers: handlers({ handler: command(cmd, { timeout: 3 }) }), ...out.callbacks });
    await runner.handleEvent(bashEvent('ls'));
    expect(out.warnings).toMatchObject([
      { message: expect.stringMatching(/timed out after 3s; its process group was killed/) },
    ]);
    expect(out.reactions).toEqual([]);
    const child = Number(readFileSync(join(dir, 'child.pid'), 'utf8'));
    const self = Number(readFileSync(join(dir, 'self.pid'), 'utf8'));
    expect(child).toBeGreaterThan(0);
    expect(await waitFor(() => processGone(child) && processGone(self))).toBe(true);
  });

  it('an aborted signal closes it as close() does: the run in flight killed (children included), new events ignored', async () => {
    const dir = makeTempDir();
    const cmd = script(dir, 'slow-signal', `sleep 300 &\necho $! > "${dir}/child-$$.pid"\nwait`);
    const out = collector();
    const controller = new AbortController();
    const runner = createPluginRunner({
      shell: '/bin/sh',
      signal: controller.signal,
      handlers: handlers({ handler: command(cmd, { timeout: 60 }) }),
      ...out.callbacks,
    });
    const first = runner.handleEvent(bashEvent('ls'));
    const pidFile = () => readdirSync(dir).find((f) => f.startsWith('child-'));
    expect(await waitFor(() => pidFile() !== undefined)).toBe(true);
    controller.abort();
    await first;
    const child = Number(readFileSync(join(dir, pidFile()!), 'utf8'));
    expect(await waitFor(() => processGone(child))).toBe(true);
    await runner.handleEvent(bashEvent('ls'));
    expect(runner.stats().runs).toBe(1);
    expect([out.reactions, out.warnings]).toEqual([[], []]);
  });

  it('close() kills runs in flight (children included) and drops queued ones', async () => {
    const dir = makeTempDir();
    const cmd = script(dir, 'slow', `sleep 300 &\necho $! > "${dir}/child-$$.pid"\nwait`);
    const out = collector();
    const runner = createPluginRunner({
      shell: '/bin/sh',
      limits: { maxConcurrent: 1 },
      handlers: handlers({ handler: command(cmd, { timeout: 60 }) }),
      ...out.callbacks,
    });
    const first = runner.handleEvent(bashEvent('ls'));
    const second = runner.handleEvent(bashEvent('ls'));
    const pidFile = () => readdirSync(dir).find((f) => f.startsWith('child-'));
    expect(await waitFor(() => pidFile() !== undefined)).toBe(true);
    expect(runner.stats()).toMatchObject({ inFlight: 1, waiting: 1 });
    await runner.close();
    await Promise.all([first, second]);
    const child = Number(readFileSync(join(dir, pidFile()!), 'utf8'));
    expect(await waitFor(() => processGone(child))).toBe(true);
    expect(runner.stats().runs).toBe(1);
    expect([out.reactions, out.warnings]).toEqual([[], []]);
    // A closed runner ignores new events.
    await runner.handleEvent(bashEvent('ls'));
    expect(runner.stats().runs).toBe(1);
  });
});

describe('output hygiene', () => {
  it('caps 10 MB of stdout at 64 KiB, logs the cut, still answers briefly', async () => {
    const out = await answerOf(`head -c 10485760 /dev/zero | tr '\\0' 'a'`);
    expect(out.warnings).toMatchObject([
      { message: 'stdout was 10485760 bytes; cut at 65536', plugin: 'probe', file: '/test/config.json' },
    ]);
    expect(out.reactions).toHaveLength(1);
    expect(out.reactions[0]!.text.length).toBeLessThanOrEqual(MAX_REACTION_LENGTH);
    expect(out.reactions[0]!.text.endsWith('…')).toBe(true);
  });

  it('caps 10 MB of stderr on exit 2 as well', async () => {
    const out = await answerOf(`head -c 10485760 /dev/zero | tr '\\0' 'e' >&2; exit 2`);
    expect(out.warnings).toMatchObject([{ message: 'stderr was 10485760 bytes; cut at 65536' }]);
    expect(out.reactions[0]!.text.length).toBeLessThanOrEqual(MAX_REACTION_LENGTH);
  });

  it('strips escape sequences and control characters from what is shown', async () => {
    const dir = makeTempDir();
    const cmd = script(
      dir,
      'esc',
      String.raw`printf '\033]0;pwned title\007\033[31mred\033[0m \033]52;c;Zm9v\007text\033[2J\r\n'`,
    );
    expect((await answerOf(cmd)).reactions.map((r) => r.text)).toEqual(['red text']);
    const json = script(
      dir,
      'esc-json',
      String.raw`printf '{"reaction": "\\u001b[2Jclear\\u0008ed \\u202eevil", "mood": "\\u001b[31mhappy"}'`,
    );
    expect((await answerOf(json)).reactions).toMatchObject([{ text: 'cleared evil', mood: 'happy' }]);
    const stderr = script(dir, 'esc-stderr', String.raw`printf '\033[1mbold\033[0m warning\n' >&2; exit 2`);
    expect((await answerOf(stderr)).reactions.map((r) => r.text)).toEqual(['bold warning']);
  });
});

describe('what a plugin receives', () => {
  it('stdin: the hook JSON as received, host (claude for a line from before hosts), plus payload with the raw event', async () => {
    const dir = makeTempDir();
    const event = bashEvent('npm test', { cwd: dir, prompt_id: 'p1', agent_id: 'a1' });
    await answerOf(`cat > '${dir}/stdin.json'`, event);
    const input = JSON.parse(readFileSync(join(dir, 'stdin.json'), 'utf8')) as Record<string, unknown>;
    const { ts: _ts, ...received } = event;
    expect(input).toEqual({ ...received, host: 'claude', payload: event });
  });

  it('runs in the session folder; the shell reads $CLAUDE_PROJECT_DIR from the environment', async () => {
    const dir = makeTempDir();
    // Single quotes keep it literal, as in any shell: buddy-tui never edits the command text.
    const out = await answerOf(
      `echo "$CLAUDE_PROJECT_DIR|\${CLAUDE_PROJECT_DIR}|$(pwd)|"'$CLAUDE_PROJECT_DIR'`,
      bashEvent('ls', { cwd: dir }),
    );
    expect(out.reactions.map((r) => r.text)).toEqual([`${dir}|${dir}|${dir}|$CLAUDE_PROJECT_DIR`]);
  });

  it('environment: the allowlist only, never credentials unless the manifest names them', async () => {
    const dir = makeTempDir();
    const secrets: Record<string, string> = {
      ANTHROPIC_API_KEY: 'sk-ant-fake-1',
      CLAUDE_CODE_OAUTH_TOKEN: 'oauth-fake-2',
      GITHUB_TOKEN: 'ghp-fake-3',
      NPM_TOKEN: 'npm-fake-4',
      AWS_ACCESS_KEY_ID: 'AKIAFAKE5',
      AWS_SECRET_ACCESS_KEY: 'aws-fake-6',
      AWS_SESSION_TOKEN: 'aws-fake-7',
      GOOGLE_APPLICATION_CREDENTIALS: '/fake/gcp-8.json',
      AZURE_CLIENT_SECRET: 'azure-fake-9',
      OPENAI_API_KEY: 'sk-fake-10',
      DATABASE_PASSWORD: 'db-fake-11',
      MY_SERVICE_SECRET: 'svc-fake-12',
      STRIPE_KEY: 'stripe-fake-13',
      PLUGIN_OWN_KEY: 'named-fake-14',
    };
    const saved = { ...process.env };
    Object.assign(process.env, secrets, { TERM: 'xterm-test', LANG: 'C.UTF-8' });
    try {
      const out = collector();
      const runner = runnerWith({
        handlers: handlers({
          handler: command(`env > '${dir}/env.txt'`),
          origin: { plugin: 'envy', root: dir, env: ['PLUGIN_OWN_KEY'] },
        }),
        ...out.callbacks,
      });
      await runner.handleEvent(bashEvent('ls', { cwd: dir, session_id: 'sess-env' }));
      expect(out.warnings).toEqual([]);
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
    const text = readFileSync(join(dir, 'env.txt'), 'utf8');
    const env = Object.fromEntries(
      text
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    for (const [name, value] of Object.entries(secrets)) {
      if (name === 'PLUGIN_OWN_KEY') continue;
      expect(text, name).not.toContain(value);
      expect(env[name], name).toBeUndefined();
    }
    expect(env.PLUGIN_OWN_KEY).toBe('named-fake-14');
    expect(env).toMatchObject({
      CLAUDE_PROJECT_DIR: dir,
      CLAUDE_HOOK_EVENT: 'PostToolUse',
      CLAUDE_SESSION_ID: 'sess-env',
      BUDDY_PLUGIN_ROOT: dir,
      BUDDY_TUI: '1',
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TERM: 'xterm-test',
      LANG: 'C.UTF-8',
    });
    const allowed = new Set([
      'PATH',
      'HOME',
      'USER',
      'LANG',
      'TERM',
      'TMPDIR',
      'CLAUDE_PROJECT_DIR',
      'CLAUDE_HOOK_EVENT',
      'CLAUDE_SESSION_ID',
      'BUDDY_PLUGIN_ROOT',
      'BUDDY_TUI',
      'PLUGIN_OWN_KEY',
      /* set by the shell itself: */ 'PWD',
      'SHLVL',
      '_',
      'OLDPWD',
    ]);
    expect(Object.keys(env).filter((name) => !allowed.has(name))).toEqual([]);
  });
});

describe('scheduling', () => {
  it('one slow plugin never delays the others', async () => {
    const dir = makeTempDir();
    const release = join(dir, 'release');
    const slow = script(dir, 'slow', `while [ ! -e '${release}' ]; do sleep 0.05; done\necho slow done`);
    const out = collector((reaction) => {
      // The fast plugin answered while the slow one still waits: let it go.
      if (reaction.text === 'fast') writeFileSync(release, '');
    });
    const runner = runnerWith({
      handlers: handlers(
        { handler: command(slow, { name: 'slow', timeout: 30 }) },
        { handler: command('echo fast', { name: 'fast' }) },
      ),
      ...out.callbacks,
    });
    await runner.handleEvent(bashEvent('ls'));
    expect(out.reactions.map((r) => r.text)).toEqual(['fast', 'slow done']);
    expect(existsSync(release)).toBe(true);
  });

  it('applies a per-plugin cooldown to what reaches the bubble', async () => {
    let clock = 0;
    const out = collector();
    const runner = runnerWith({
      now: () => clock,
      limits: { cooldownMs: 5000 },
      handlers: handlers(
        { handler: command('echo chatty'), origin: { plugin: 'chatty' } },
        { handler: command('echo quiet'), origin: { plugin: 'quiet', limits: { cooldownMs: 0 } } },
      ),
      ...out.callbacks,
    });
    for (const at of [0, 1000, 4999, 5000, 9000, 10_001]) {
      clock = at;
      await runner.handleEvent(bashEvent('ls'));
    }
    expect(out.reactions.filter((r) => r.source === 'chatty').map((r) => r.ts)).toEqual([0, 5000, 10_001]);
    expect(out.reactions.filter((r) => r.source === 'quiet')).toHaveLength(6);
    expect(runner.stats().droppedByCooldown).toBe(3);
  });

  it('only runs the plugins whose matcher and if match', async () => {
    const out = collector();
    const runner = runnerWith({
      handlers: handlers(
        { matcher: 'Bash', if: 'Bash(git *)', handler: command('echo git-only') },
        { matcher: 'Edit|Write', handler: command('echo edits') },
        { event: 'Stop', handler: command('echo stop') },
        { handler: command('echo everything') },
      ),
      ...out.callbacks,
    });
    await runner.handleEvent(bashEvent('git status'));
    await runner.handleEvent(bashEvent('ls'));
    await runner.handleEvent(bashEvent('x', { tool_name: 'Write', tool_input: { file_path: '/tmp/a' } }));
    await runner.handleEvent({ ts: 2, session_id: 'sess-1', hook_event_name: 'Stop' });
    expect(out.reactions.map((r) => r.text).sort()).toEqual([
      'edits',
      'everything',
      'everything',
      'everything',
      'git-only',
      'stop',
    ]);
  });
});
