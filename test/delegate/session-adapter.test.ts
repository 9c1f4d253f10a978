/**
 * The `session` adapter and the mod bridge (src/mod/mod-bridge.ts) with a real second process
 * on the mod's side (test/support/mod-side-process.mjs): it runs the real `buddy-tui mod-state`
 * (heartbeat, claim) and `buddy-tui mod-answer`, as register.js does inside Claude Code. The
 * fallback is a real command adapter. (Run `npm run build` first.)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DelegateCallError, type DelegateCall } from '../../src/delegate/adapters/adapter.js';
import { createCommandAdapter } from '../../src/delegate/adapters/command.js';
import { createSessionAdapter, ENGINE_EXTRA_MAX_TOKENS } from '../../src/delegate/adapters/session.js';
import { createDelegateResolver } from '../../src/delegate/delegate-resolver.js';
import { usageStatRows } from '../../src/delegate/delegate-usage.js';
import type { Reaction } from '../../src/protocol/reaction.js';
import { bridgeDir, writeModHeartbeat } from '../../src/mod/mod-bridge.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';

const MOD_SIDE = fileURLToPath(new URL('../support/mod-side-process.mjs', import.meta.url));
const SYSTEM = 'You are Biscuit, a sarcastic cat. Answer in one line.';

interface ModSide {
  child: ChildProcess;
  lines: string[];
  /** Resolves with the first line matching `pattern` (already printed or still to come). */
  line(pattern: RegExp): Promise<string>;
  stop(): Promise<void>;
}

const running: ModSide[] = [];
afterEach(async () => {
  for (const side of running.splice(0)) await side.stop();
});

function startModSide(root: string, sessionId: string, mode: 'answer' | 'refuse' = 'answer'): ModSide {
  const child = spawn(process.execPath, [MOD_SIDE, CLI_ENTRY, sessionId, mode], {
    env: {
      PATH: process.env.PATH,
      HOME: root,
      BUDDY_TUI_STATE_DIR: join(root, 'state'),
      XDG_CONFIG_HOME: join(root, 'config'),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiters: { pattern: RegExp; done: (line: string) => void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const waiter of waiters.filter((w) => w.pattern.test(line))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.done(line);
    }
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const side: ModSide = {
    child,
    lines,
    line: (pattern) =>
      new Promise((done) => {
        const seen = lines.find((l) => pattern.test(l));
        if (seen) done(seen);
        else waiters.push({ pattern, done });
      }),
    async stop() {
      child.stdin!.end();
      await exited;
    },
  };
  running.push(side);
  return side;
}

/** Waits (by polling the file system, not the clock) until `check` holds. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

function world() {
  const base = makeTempDir();
  const root = join(base, 'state');
  const fallback = createCommandAdapter({ command: 'echo fallback answered', env: { PATH: process.env.PATH } });
  const adapter = createSessionAdapter({ root, fallback, timeoutMs: 20_000 });
  const heartbeat = (sessionId: string) => join(bridgeDir(root, 'mods'), `${sessionId}.json`);
  return { base, root, adapter, heartbeat };
}

function call(overrides: Partial<DelegateCall> = {}): DelegateCall {
  return {
    systemPrompt: SYSTEM,
    prompt: 'Bash failed: npm test exited 1',
    maxTokens: 150,
    model: 'haiku',
    kinds: ['tool_failure'],
    sessionId: 's1',
    plugin: 'roast',
    signal: new AbortController().signal,
    ...overrides,
  };
}

describe('the session adapter over the mod bridge', () => {
  it('a loaded mod makes the call: the plugin system prompt goes through, the usage and max_tokens sent come back', async () => {
    const { base, adapter, heartbeat } = world();
    const side = startModSide(base, 's1');
    await until(() => existsSync(heartbeat('s1')));
    const answer = await adapter.complete(call());
    expect(answer).toEqual({
      text: 'session says: Bash failed: npm test exited 1',
      source: 'haiku (session)',
      usage: { inputTokens: 12, outputTokens: 7 },
      maxTokensSent: 150 + ENGINE_EXTRA_MAX_TOKENS,
    });
    const asked = JSON.parse((await side.line(/^ASK /)).slice(4));
    expect(asked).toMatchObject({
      system: SYSTEM,
      prompt: 'Bash failed: npm test exited 1',
      maxTokens: 150,
      model: 'haiku',
    });
    expect(asked.timeoutMs).toBeGreaterThan(1000);
  });

  it("with no mod loaded the fallback answers (auto keeps today's choice) and no request is written", async () => {
    const { root, adapter } = world();
    expect((await adapter.complete(call())).text).toBe('fallback answered');
    expect(existsSync(bridgeDir(root, 'requests'))).toBe(false);
  });

  it("once the mod's Claude Code has exited, the fallback answers and its heartbeat is removed", async () => {
    const { base, adapter, heartbeat } = world();
    const side = startModSide(base, 's1');
    await until(() => existsSync(heartbeat('s1')));
    await side.stop();
    expect((await adapter.complete(call())).text).toBe('fallback answered');
    expect(existsSync(heartbeat('s1'))).toBe(false);
  });

  it('a mod that never takes the request: the timeout falls back, the request is withdrawn and the mod forgotten', async () => {
    const { root, adapter, heartbeat } = world();
    // A live pid (this test) that runs no mod: an unloaded mod, or a reused pid.
    writeModHeartbeat(root, 's1', process.pid, Date.now());
    const timeout = new AbortController();
    const pending = adapter.complete(call({ signal: timeout.signal }));
    await until(() => existsSync(bridgeDir(root, 'requests')) && readdirSync(bridgeDir(root, 'requests')).length === 1);
    timeout.abort(new DelegateCallError('no answer within 20000 ms', 'timeout'));
    await expect(pending).rejects.toMatchObject({ kind: 'timeout' });
    expect(readdirSync(bridgeDir(root, 'requests'))).toEqual([]);
    expect(existsSync(heartbeat('s1'))).toBe(false);
    expect((await adapter.complete(call())).text).toBe('fallback answered');
  });

  it('a refused model call ($.model.complete not answered) is a failure the resolver turns into the offline quip', async () => {
    const { base, adapter, heartbeat } = world();
    startModSide(base, 's1', 'refuse');
    await until(() => existsSync(heartbeat('s1')));
    await expect(adapter.complete(call())).rejects.toMatchObject({
      kind: 'http',
      message: expect.stringMatching(/api-error/),
    });
  });

  it("another session's mod answers while it is awake; the request is claimed by that mod only", async () => {
    const { base, adapter, heartbeat } = world();
    const side = startModSide(base, 'other-session');
    await until(() => existsSync(heartbeat('other-session')));
    expect((await adapter.complete(call({ sessionId: 'codex-session' }))).source).toBe('haiku (session)');
    expect(side.lines.filter((l) => l.startsWith('ASK '))).toHaveLength(1);
  });

  it('mod-answer refuses bad input (exit 2) and an answer nobody waits for any more (exit 1)', () => {
    const { base } = world();
    const env = { PATH: process.env.PATH, BUDDY_TUI_STATE_DIR: join(base, 'state') };
    const answer = (id: string, input: string) =>
      spawnSync(process.execPath, [CLI_ENTRY, 'mod-answer', '--id', id], { env, input, encoding: 'utf8' });
    expect(answer('../escape', '{"isAnswered":true,"text":"x"}').status).toBe(2);
    expect(answer('d1', 'not json').status).toBe(2);
    expect(answer('d1', '{"isAnswered":true,"text":"late"}').status).toBe(1);
    expect(existsSync(bridgeDir(join(base, 'state'), 'responses'))).toBe(false);
  });
});

describe('auto through the resolver', () => {
  it("no claude, codex or key: offline quips without the mod, the session's answer with it, max_tokens sent in the usage", async () => {
    const { base, root, heartbeat } = world();
    const reactions: Reaction[] = [];
    const resolver = createDelegateResolver({
      onReaction: (r) => reactions.push(r),
      config: { adapter: 'auto', policy: { burst: 5, refillMs: 0 } },
      env: { PATH: join(base, 'empty-path') },
      bridgeRoot: root,
      usageDir: root,
      quipsFor: () => ['Ouch.'],
    });
    const meta = () => ({
      plugin: 'roast',
      sessionId: 's1',
      event: { ts: Date.now(), session_id: 's1', hook_event_name: 'PostToolUseFailure' },
      kinds: ['tool_failure' as const],
      systemPrompt: SYSTEM,
      receivedAt: Date.now(),
    });
    expect(await resolver.resolve({ delegate: true, prompt: 'first' }, meta())).toMatchObject({
      outcome: 'offline',
      reason: 'offline adapter',
    });
    expect((await resolver.adapterChoice()).reason).toMatch(
      /offline quips answer; while the buddy mod is loaded in Claude Code, that session answers/,
    );

    const side = startModSide(base, 's1');
    await until(() => existsSync(heartbeat('s1')));
    expect(await resolver.resolve({ delegate: true, prompt: 'second' }, meta())).toMatchObject({
      outcome: 'answered',
      source: 'haiku (session)',
    });
    expect(reactions.at(-1)).toMatchObject({ text: 'session says: second', source: 'haiku (session)' });
    expect(JSON.parse((await side.line(/^ASK /)).slice(4)).system).toBe(SYSTEM);
    const rows = usageStatRows(resolver.usage(), Date.now());
    expect(rows['· roast']).toBe(`1 call(s) · 12 in / 7 out · max_tokens sent ${150 + ENGINE_EXTRA_MAX_TOKENS}`);
    resolver.close();
  });
});
