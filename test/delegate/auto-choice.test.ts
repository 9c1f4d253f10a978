import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeAutoChoice } from '../../src/delegate/adapters/auto-choice.js';
import { createDelegateResolver } from '../../src/delegate/delegate-resolver.js';
import type { Reaction } from '../../src/protocol/reaction.js';
import { CLAUDE_CODE_VERSION, claudeBinary, requireClaudeBinary, skipWithoutClaude } from '../support/claude-cli.js';
import { startGeminiApiStandin, text as geminiText } from '../support/gemini-api-standin.js';
import { createOfflineGeminiHome, GEMINI_VERSION, geminiBinary, skipWithoutGemini } from '../support/gemini-cli.js';
import { startMessagesApiStandin, text } from '../support/messages-api-standin.js';

const scratch = mkdtempSync(join(tmpdir(), 'buddy-auto-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function binDir(name: string, files: Record<string, string>): string {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, body] of Object.entries(files)) {
    writeFileSync(join(dir, file), body);
    chmodSync(join(dir, file), 0o755);
  }
  return dir;
}

const auto = { adapter: 'auto' as const };

describe('describeAutoChoice', () => {
  it('says offline when there is neither claude nor a key', async () => {
    const empty = binDir('empty', {});
    const choice = await describeAutoChoice(auto, { PATH: empty });
    expect(choice).toEqual({
      adapter: 'offline',
      reason: `"claude" is not on PATH and ANTHROPIC_API_KEY is not set; the species' offline quips answer`,
    });
  });

  it('skips a claude that does not run and uses the key', async () => {
    const broken = binDir('broken', {
      claude: '#!/bin/sh\necho "Error: claude native binary not installed." >&2\nexit 1\n',
    });
    const choice = await describeAutoChoice(auto, { PATH: `${broken}:/usr/bin:/bin`, ANTHROPIC_API_KEY: 'sk-ant-x' });
    expect(choice.adapter).toBe('anthropic');
    expect(choice.reason).toBe(
      `${join(broken, 'claude')} does not run (claude --version failed); ANTHROPIC_API_KEY is set, so the Messages API answers`,
    );
  });

  it('reports a configured adapter as configured, and a command adapter without a command as offline', async () => {
    await expect(describeAutoChoice({ adapter: 'anthropic' }, {})).resolves.toEqual({
      adapter: 'anthropic',
      reason: 'delegate.adapter is "anthropic" in config.json',
    });
    await expect(describeAutoChoice({ adapter: 'command' }, {})).resolves.toMatchObject({ adapter: 'offline' });
  });

  describe.skipIf(skipWithoutClaude())('with the real Claude Code CLI', () => {
    it('chooses claude-cli when `claude` on PATH runs, and names version and path', async () => {
      const dir = join(scratch, 'real');
      mkdirSync(dir);
      symlinkSync(requireClaudeBinary(), join(dir, 'claude'));
      const home = mkdtempSync(join(scratch, 'home-'));
      const choice = await describeAutoChoice(auto, {
        PATH: `${dir}:/usr/bin:/bin`,
        HOME: home,
        ANTHROPIC_API_KEY: 'sk-ant-x',
      });
      expect(choice).toEqual({
        adapter: 'claude-cli',
        reason: `Claude Code ${CLAUDE_CODE_VERSION} found at ${join(dir, 'claude')}: calls go through your own login`,
        cli: { binary: join(dir, 'claude'), version: CLAUDE_CODE_VERSION },
      });
    });

    it('honours delegate.claudePath', async () => {
      const home = mkdtempSync(join(scratch, 'home-'));
      const choice = await describeAutoChoice(
        { adapter: 'auto', claudePath: claudeBinary()! },
        { PATH: '/usr/bin:/bin', HOME: home },
      );
      expect(choice).toMatchObject({ adapter: 'claude-cli', cli: { binary: claudeBinary() } });
    });
  });
});

describe('resolver choosing the anthropic adapter from config', () => {
  it('answers through the Messages API stand-in', async () => {
    const api = await startMessagesApiStandin({ other: text('Via the API.') });
    try {
      const reactions: Reaction[] = [];
      const resolver = createDelegateResolver({
        onReaction: (r) => reactions.push(r),
        config: { adapter: 'auto' },
        env: { PATH: binDir('none', {}), ANTHROPIC_API_KEY: 'sk-ant-dummy', ANTHROPIC_BASE_URL: api.url },
      });
      const meta = {
        plugin: 'p',
        sessionId: 's',
        event: { ts: Date.now(), session_id: 's', hook_event_name: 'Stop' },
        kinds: ['turn_end' as const],
        receivedAt: Date.now(),
      };
      await expect(resolver.resolve({ delegate: true, prompt: 'hello', maxTokens: 64 }, meta)).resolves.toMatchObject({
        outcome: 'answered',
        source: 'claude-haiku-5-5',
      });
      await expect(resolver.adapterChoice()).resolves.toMatchObject({ adapter: 'anthropic' });
      expect(reactions.at(-1)).toMatchObject({ kind: 'reaction', text: 'Via the API.', source: 'claude-haiku-5-5' });
      expect(api.messageRequests()[0]).toMatchObject({ maxTokens: 64, userText: 'hello' });
    } finally {
      await api.close();
    }
  });
});

describe('auto prefers the CLI of the host whose session asked', () => {
  it('falls back to the usual order, saying why, when that CLI is missing', async () => {
    const env = { PATH: binDir('no-host-cli', {}), ANTHROPIC_API_KEY: 'sk-ant-x' };
    await expect(describeAutoChoice(auto, env, 'copilot')).resolves.toEqual({
      adapter: 'anthropic',
      reason: `the asking session's GitHub Copilot CLI: "copilot" is not on PATH; "claude" is not on PATH; ANTHROPIC_API_KEY is set, so the Messages API answers`,
    });
    // A configured adapter is the configured one, whoever asks.
    await expect(describeAutoChoice({ adapter: 'offline' }, env, 'gemini')).resolves.toMatchObject({
      adapter: 'offline',
    });
  });

  describe.skipIf(skipWithoutGemini())('with the real Gemini CLI', () => {
    it('a Gemini session gets gemini, another session the usual order; the resolver asks per host', async () => {
      const geminiApi = await startGeminiApiStandin({
        script: [geminiText('Done.')],
        plain: geminiText('Gemini says purr.'),
      });
      const messagesApi = await startMessagesApiStandin({ other: text('The API says purr.') });
      const home = createOfflineGeminiHome({ baseUrl: geminiApi.baseUrl });
      try {
        const bin = binDir('gemini-only', {});
        symlinkSync(geminiBinary()!, join(bin, 'gemini'));
        const env = {
          ...home.env,
          PATH: `${bin}:${dirname(process.execPath)}:/usr/bin:/bin`,
          ANTHROPIC_API_KEY: 'sk-ant-x',
          ANTHROPIC_BASE_URL: messagesApi.url,
        };
        await expect(describeAutoChoice(auto, env, 'gemini')).resolves.toEqual({
          adapter: 'gemini',
          reason: `the asking session is Gemini CLI's; Gemini CLI ${GEMINI_VERSION} found at ${join(bin, 'gemini')}: calls go through your own login`,
          cli: { binary: join(bin, 'gemini'), version: GEMINI_VERSION },
          askingHostCli: true,
        });
        await expect(describeAutoChoice(auto, env)).resolves.toMatchObject({ adapter: 'anthropic' });

        const reactions: Reaction[] = [];
        const resolver = createDelegateResolver({
          onReaction: (r) => reactions.push(r),
          config: { adapter: 'auto', timeoutMs: 120_000, staleMs: 120_000 },
          env,
        });
        const meta = (sessionId: string, host?: string) => ({
          plugin: 'p',
          sessionId,
          kinds: ['turn_end' as const],
          receivedAt: Date.now(),
          event: { ts: Date.now(), session_id: sessionId, hook_event_name: 'Stop', ...(host ? { host } : {}) },
        });
        await expect(resolver.resolve({ delegate: true, prompt: 'hello' }, meta('g', 'gemini'))).resolves.toMatchObject(
          { outcome: 'answered', source: 'gemini-2.5-pro' },
        );
        await expect(resolver.resolve({ delegate: true, prompt: 'hello' }, meta('c'))).resolves.toMatchObject({
          outcome: 'answered',
          source: 'claude-haiku-5-5',
        });
        expect(reactions.filter((r) => r.kind === 'reaction').map((r) => [r.sessionId, r.text])).toEqual([
          ['g', 'Gemini says purr.'],
          ['c', 'The API says purr.'],
        ]);
      } finally {
        home.cleanup();
        await geminiApi.close();
        await messagesApi.close();
      }
    }, 240_000);
  });
});
