/**
 * The stand-in itself, as the e2e tests will use it: streaming parsed by the official SDK,
 * scripted tool calls really run by the real Claude Code CLI, and the failure modes.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { execa } from 'execa';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createOfflineClaudeHome, requireClaudeBinary, skipWithoutClaude } from '../support/claude-cli.js';
import {
  blocks,
  hang,
  httpError,
  startMessagesApiStandin,
  text,
  textBlock,
  toolUse,
  toolUseBlock,
  type MessagesApiStandin,
} from '../support/messages-api-standin.js';

let api: MessagesApiStandin | undefined;
const scratch = mkdtempSync(join(tmpdir(), 'buddy-standin-'));
afterEach(async () => {
  await api?.close();
  api = undefined;
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const client = (url: string) => new Anthropic({ apiKey: 'sk-ant-dummy', baseURL: url, maxRetries: 0 });
const tools = [{ name: 'Read', description: 'read', input_schema: { type: 'object' as const, properties: {} } }];

describe('Messages API stand-in', () => {
  it('streams text and parallel tool_use blocks that the SDK assembles', async () => {
    api = await startMessagesApiStandin({
      main: [
        blocks([
          textBlock('Looking.'),
          toolUseBlock('Read', { file_path: '/a' }),
          toolUseBlock('Grep', { pattern: 'x' }),
        ]),
      ],
    });
    const stream = client(api.url).messages.stream({
      model: 'm',
      max_tokens: 10,
      tools,
      messages: [{ role: 'user', content: 'go' }],
    });
    const message = await stream.finalMessage();
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toMatchObject([
      { type: 'text', text: 'Looking.' },
      { type: 'tool_use', id: 'toolu_standin_0001', name: 'Read', input: { file_path: '/a' } },
      { type: 'tool_use', id: 'toolu_standin_0002', name: 'Grep', input: { pattern: 'x' } },
    ]);
    expect(api.requests[0]).toMatchObject({ route: 'main', stream: true, toolNames: ['Read'], userText: 'go' });
  });

  it('routes tool-less requests to `other`, falls back when the main queue is empty, and answers count_tokens', async () => {
    api = await startMessagesApiStandin({ other: text('title'), mainFallback: text('fallback') });
    const c = client(api.url);
    const other = await c.messages.create({
      model: 'm',
      max_tokens: 5,
      messages: [{ role: 'user', content: 'name this' }],
    });
    expect(other.content[0]).toMatchObject({ type: 'text', text: 'title' });
    const main = await c.messages.create({
      model: 'm',
      max_tokens: 5,
      tools,
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(main.content[0]).toMatchObject({ type: 'text', text: 'fallback' });
    const count = await c.messages.countTokens({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(count.input_tokens).toBeGreaterThan(0);
    expect(api.requests.map((r) => r.route)).toEqual(['other', 'main', 'count_tokens']);
  });

  it('answers errors with the status and message, holds back a delayed answer, and hangs until closed', async () => {
    api = await startMessagesApiStandin({ other: httpError(429, 'slow down') });
    const c = client(api.url);
    await expect(
      c.messages.create({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({ status: 429 });

    api.setMain((request, index) => (index === 0 ? text(`delayed for ${request.userText}`, { delayMs: 50 }) : hang()));
    const delayed = await c.messages.create({
      model: 'm',
      max_tokens: 5,
      tools,
      messages: [{ role: 'user', content: 'me' }],
    });
    expect(delayed.content[0]).toMatchObject({ text: 'delayed for me' });

    const hanging = c.messages.create({ model: 'm', max_tokens: 5, tools, messages: [{ role: 'user', content: 'x' }] });
    await api.waitForRequests((r) => r.route === 'main' && r.userText === 'x');
    await api.close();
    api = undefined;
    await expect(hanging).rejects.toThrow();
  });
});

describe.skipIf(skipWithoutClaude())('stand-in scripting the real Claude Code main loop', () => {
  it('a scripted Bash tool call is really run by the CLI, and its result comes back', async () => {
    const binary = requireClaudeBinary();
    const project = mkdtempSync(join(scratch, 'project-'));
    const out = join(project, 'made-by-bash.txt');
    api = await startMessagesApiStandin({
      main: [toolUse('Bash', { command: `echo scripted > ${out}`, description: 'write a file' }), text('All done.')],
    });
    const home = createOfflineClaudeHome({ baseUrl: api.url, projectDirs: [project] });
    try {
      const run = await execa(binary, ['-p', '--output-format', 'json', '--allowedTools', 'Bash', '--max-turns', '3'], {
        input: 'make the file',
        env: home.env,
        extendEnv: false,
        cwd: project,
        reject: false,
      });
      expect(run.exitCode).toBe(0);
      expect(JSON.parse(run.stdout).result).toBe('All done.');
      expect(existsSync(out) && readFileSync(out, 'utf8')).toBe('scripted\n');
      const main = api.requests.filter((r) => r.route === 'main');
      expect(main.length).toBeGreaterThanOrEqual(2);
      const lastMessages = main.at(-1)!.body.messages as { role: string; content: unknown }[];
      expect(JSON.stringify(lastMessages)).toContain('"type":"tool_result"');
    } finally {
      home.cleanup();
    }
  });
});
