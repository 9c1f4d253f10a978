/**
 * What leaves the machine through the resolver: redaction of the prompt, the system prompt and
 * the transcript tail, before the caps; the transcript only when asked and allowed.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../support/temp-dir.js';
import { ask, settle, setup, T0 } from './resolver-fixture.js';

const scratch = makeTempDir('buddy-resolver-');

/** A Stop event of `sessionId` whose transcript is `transcriptPath`. */
const stopWithTranscript = (meta: ReturnType<typeof setup>['meta'], sessionId: string, transcriptPath: string) =>
  meta({
    sessionId,
    event: { ts: T0, session_id: sessionId, hook_event_name: 'Stop', transcript_path: transcriptPath },
  });

describe('delegate resolver: what leaves the machine', () => {
  it('redacts secrets and adds the transcript tail when asked', async () => {
    const transcript = join(scratch, 'transcript.jsonl');
    const line = (role: 'user' | 'assistant', text: string) =>
      JSON.stringify({ type: role, message: { role, content: [{ type: 'text', text }] } });
    writeFileSync(
      transcript,
      [
        line('user', 'deploy with AWS key AKIAIOSFODNN7EXAMPLE'),
        line('assistant', 'Deployed.'),
        line('user', 'thanks'),
      ].join('\n') + '\n',
    );
    const { pending, resolver, meta } = setup();
    void resolver.resolve(
      ask('Comment. password=hunter2', {
        systemPrompt: 'Bearer abcdefghijklmnop rock',
        context: { transcriptMessages: 2 },
      }),
      stopWithTranscript(meta, 's1', transcript),
    );
    await settle();
    const sent = pending[0]!.call;
    expect(sent.prompt).toBe(
      'Comment. password=[REDACTED]\n\nRecent conversation (oldest first):\nAssistant: Deployed.\nUser: thanks',
    );
    expect(sent.systemPrompt).toBe('Bearer [REDACTED] rock');

    void resolver.resolve(
      ask('again', { context: { transcriptMessages: 3 } }),
      stopWithTranscript(meta, 's9', transcript),
    );
    pending[0]!.answer('ok');
    await settle();
    await settle();
    expect(pending[1]!.call.prompt).toContain('User: deploy with AWS key [REDACTED]');
    expect(pending[1]!.call.prompt).not.toContain('AKIAIOSFODNN7EXAMPLE');
  });

  it('redacts before the length cap, so a secret cut in half by the cap does not leak its first part', async () => {
    const token = 'ghp_0123456789abcdefghijABCDEFGHIJ012345';
    // The default cap keeps 3999 characters: the token starts 30 characters before the cut.
    const long = `${'x'.repeat(3968)} ${token} and more`;
    const { pending, resolver, meta } = setup();
    void resolver.resolve(
      ask(long, { systemPrompt: `${'y'.repeat(1980)} AWS secret key: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY` }),
      meta(),
    );
    await settle();
    const sent = pending[0]!.call;
    expect(sent.prompt.length).toBeLessThanOrEqual(4000);
    expect(sent.prompt).toContain('[REDACTED]');
    expect(sent.prompt).not.toContain('ghp_0123456789');
    expect(sent.systemPrompt.length).toBeLessThanOrEqual(2000);
    expect(sent.systemPrompt).not.toContain('wJalrXUtnFEMI');

    // The same for a transcript message cut by the 5,000-character budget.
    const transcript = join(scratch, 'long-transcript.jsonl');
    const text = `${'z'.repeat(4970)} ${token}`;
    writeFileSync(
      transcript,
      `${JSON.stringify({ type: 'user', message: { role: 'user', content: [{ type: 'text', text }] } })}\n`,
    );
    void resolver.resolve(
      ask('short', { context: { transcriptMessages: 1 } }),
      stopWithTranscript(meta, 's2', transcript),
    );
    pending[0]!.answer('ok');
    await settle();
    await settle();
    expect(pending[1]!.call.prompt).toContain('Recent conversation (oldest first):\nUser: zzz');
    expect(pending[1]!.call.prompt).toContain('[REDACTED]');
    expect(pending[1]!.call.prompt).not.toContain('ghp_0123456789');
  });

  it('rejects a transcript request above 12 messages, and ignores context when it is turned off', async () => {
    const { pending, resolver, meta, logs } = setup({ transcriptContext: false });
    await expect(resolver.resolve(ask('x', { context: { transcriptMessages: 13 } }), meta())).resolves.toMatchObject({
      reason: 'invalid',
    });
    void resolver.resolve(
      ask('plain', { context: { transcriptMessages: 2 } }),
      stopWithTranscript(meta, 's1', '/nonexistent'),
    );
    await settle();
    expect(pending[0]!.call.prompt).toBe('plain');
    expect(logs).toContain('chat/accepted: transcript context is turned off');
  });
});
