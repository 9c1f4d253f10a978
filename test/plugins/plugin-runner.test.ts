import { describe, expect, it } from 'vitest';
import { MAX_REACTION_LENGTH } from '../../src/plugins/plugin-runner.js';
import { REACTION_PRIORITY } from '../../src/protocol/reaction.js';
import { makeTempDir } from '../support/temp-dir.js';
import { script } from './plugin-fixtures.js';
import { useAnswers } from './plugin-runner-support.js';

const { answerOf } = useAnswers();

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
