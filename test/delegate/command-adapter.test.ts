import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DelegateCall } from '../../src/delegate/adapters/adapter.js';
import { DelegateCallError } from '../../src/delegate/adapters/adapter.js';
import { createCommandAdapter } from '../../src/delegate/adapters/command.js';

const dir = mkdtempSync(join(tmpdir(), 'buddy-command-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function script(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, body);
  return `${JSON.stringify(process.execPath)} ${JSON.stringify(path)}`;
}

const call = (overrides: Partial<DelegateCall> = {}): DelegateCall => ({
  systemPrompt: 'You are a duck.',
  prompt: 'Tests failed.',
  maxTokens: 120,
  model: 'llama3',
  kinds: ['test_failure'],
  sessionId: 's1',
  plugin: 'p',
  signal: new AbortController().signal,
  ...overrides,
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('command adapter (real processes)', () => {
  it('passes the call as JSON on stdin and takes stdout as the answer', async () => {
    const echo = script(
      'echo.mjs',
      `let input = ''; process.stdin.on('data', (c) => input += c).on('end', () => {
         const req = JSON.parse(input);
         process.stdout.write('quack: ' + JSON.stringify(req) + ' child=' + process.env.BUDDY_TUI_CHILD + '\\n');
       });`,
    );
    const answer = await createCommandAdapter({ command: echo }).complete(call());
    expect(answer.source).toBe('command');
    expect(answer.text).toBe(
      `quack: ${JSON.stringify({ systemPrompt: 'You are a duck.', prompt: 'Tests failed.', maxTokens: 120, model: 'llama3' })} child=1`,
    );
  });

  it('accepts a JSON answer with model and usage figures', async () => {
    const json = script(
      'json.mjs',
      `process.stdout.write(JSON.stringify({ text: ' Hi! ', model: 'llama3:8b', usage: { inputTokens: 12, outputTokens: 3 }, costUsd: 0 }));`,
    );
    await expect(createCommandAdapter({ command: json }).complete(call())).resolves.toEqual({
      text: 'Hi!',
      source: 'llama3:8b',
      usage: { inputTokens: 12, outputTokens: 3 },
      costUsd: 0,
    });
  });

  it('reports a non-zero exit with the end of stderr', async () => {
    const failing = script('fail.mjs', `console.error('connection refused: localhost:11434'); process.exit(3);`);
    const error = await createCommandAdapter({ command: failing })
      .complete(call())
      .catch((e) => e);
    expect(error).toBeInstanceOf(DelegateCallError);
    expect(error.kind).toBe('process');
    expect(error.message).toBe('delegate command exited 3: connection refused: localhost:11434');
  });

  it('reports empty output and a command that does not exist', async () => {
    const silent = script('silent.mjs', '');
    await expect(createCommandAdapter({ command: silent }).complete(call())).rejects.toMatchObject({ kind: 'empty' });
    const missing = await createCommandAdapter({ command: join(dir, 'no-such-tool') })
      .complete(call())
      .catch((e) => e);
    expect(missing.kind).toBe('process');
    expect(missing.message).toMatch(/exited 127/);
  });

  it('kills the whole process tree when the call is aborted', async () => {
    const pidFile = join(dir, 'grandchild.pid');
    // The shell starts a long sleep (a grandchild of ours) and waits for it.
    const command = `sleep 300 & echo $! > ${JSON.stringify(pidFile)}; wait`;
    const controller = new AbortController();
    const pending = createCommandAdapter({ command }).complete(call({ signal: controller.signal }));
    while (!existsSync(pidFile) || readFileSync(pidFile, 'utf8').trim() === '')
      await new Promise((r) => setTimeout(r, 20));
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(grandchild)).toBe(true);
    controller.abort(new DelegateCallError('no answer within 10 ms', 'timeout'));
    await expect(pending).rejects.toMatchObject({ kind: 'timeout', message: 'no answer within 10 ms' });
    for (let i = 0; i < 100 && alive(grandchild); i++) await new Promise((r) => setTimeout(r, 20));
    expect(alive(grandchild)).toBe(false);
  });
});
