/**
 * The buddy's own voice through the delegate path, against the REAL Claude Code CLI (claude-cli
 * adapter) talking to the loopback Messages API stand-in: one request per moment carrying the
 * species' personality, the pet's name, the event and the redacted transcript excerpt; the answer
 * upgrades the quip's bubble (same id); the budget, the cooldown, "off" and a user's plugin hold; a
 * failing, hanging or unreachable stand-in leaves the quip, and the call ends at its timeout. Skipped locally when the CLI is missing; in CI a missing CLI fails.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { hang, httpError, text } from '../support/messages-api-standin.js';
import { binary, scratch, setup, useRealClaudeCli } from '../delegate/claude-cli-support.js';
import { command, handlers, useRunners } from '../plugins/plugin-fixtures.js';
import { failedLint, PERSONALITY, SECRETS, voiceWorld, writeTranscript } from './voice-support.js';

useRealClaudeCli();
const runnerWith = useRunners();

describe.skipIf(skipWithoutClaude())("the buddy's voice with the real CLI", () => {
  it('a failed Bash call sends one request with the personality, the name, the event and the redacted excerpt; the answer upgrades the quip', async () => {
    const dir = mkdtempSync(join(scratch, 'voice-'));
    const transcript = writeTranscript(dir);
    const { api, home } = await setup({
      other: text('make lint choked on a stray parenthesis. Line 12 owes you one.'),
    });
    const { world, runner } = voiceWorld({ binary, env: home.env, runnerWith, transcript });

    await runner.handleEvent(failedLint(transcript));
    await Promise.all(world.heard);

    const requests = api.messageRequests();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.systemText).toContain(PERSONALITY);
    expect(request!.systemText).toContain('Pip');
    expect(request!.userText).toContain('Command: make lint');
    expect(request!.userText).toContain('unexpected token');
    expect(request!.userText).toContain('Running the linter on the parser');
    for (const secret of SECRETS) expect(request!.raw).not.toContain(secret);
    expect(request!.userText).toContain('[REDACTED]');

    const [quip, answer] = world.reactions;
    expect(quip).toMatchObject({ text: 'Snap! Bad tool.', source: 'buddy', fallback: true });
    expect(answer).toMatchObject({
      id: quip!.id,
      eventId: quip!.eventId,
      kind: 'reaction',
      text: 'make lint choked on a stray parenthesis. Line 12 owes you one.',
      fallback: true,
    });
    expect(world.reactions).toHaveLength(2);
  });

  it('with the stand-in failing, the quip stands and nothing hangs', async () => {
    const dir = mkdtempSync(join(scratch, 'voice-'));
    const transcript = writeTranscript(dir);
    const { api, home } = await setup({ other: httpError(500, 'overloaded') });
    const { world, runner } = voiceWorld({ binary, env: home.env, runnerWith, transcript });

    await runner.handleEvent(failedLint(transcript));
    await Promise.all(world.heard);

    expect(api.messageRequests().length).toBeGreaterThan(0);
    expect(world.reactions.map((r) => [r.text, r.source])).toEqual([['Snap! Bad tool.', 'buddy']]);
    expect(world.logs.find((line) => line.startsWith('buddy failed:'))).toMatch(/500|overloaded/);
  });

  it('the daily budget and the "off" switch hold', async () => {
    const dir = mkdtempSync(join(scratch, 'voice-'));
    const transcript = writeTranscript(dir);
    const { api, home } = await setup({ other: text('Same line.') });
    const off = voiceWorld({ binary, env: home.env, runnerWith, transcript, mode: 'off' });
    await off.runner.handleEvent(failedLint(transcript));
    await Promise.all(off.world.heard);
    expect(api.messageRequests()).toHaveLength(0);
    expect(off.world.reactions.map((r) => r.text)).toEqual(['Snap! Bad tool.']);

    const usageDir = mkdtempSync(join(dir, 'usage-'));
    const budget = voiceWorld({
      binary,
      env: home.env,
      runnerWith,
      transcript,
      reactions: { voiceDailyBudget: 1 },
      usageDir,
    });
    for (let i = 0; i < 2; i += 1) {
      // Two different failures: the answer cache does not answer the second.
      await budget.runner.handleEvent({ ...failedLint(transcript), error: `Exit code 2\nerror: failure number ${i}` });
      await Promise.all(budget.world.heard);
    }
    expect(api.messageRequests()).toHaveLength(1);
    expect(budget.world.logs.some((line) => line.startsWith('buddy refused: daily_budget'))).toBe(true);
    expect(
      budget.world.reactions.map((r) => [r.text, r.source]).filter(([, source]) => source !== 'buddy'),
    ).toHaveLength(1);
  });

  it("a user's plugin answering the event is heard instead: the voice makes no call", async () => {
    const dir = mkdtempSync(join(scratch, 'voice-'));
    const transcript = writeTranscript(dir);
    const { api, home } = await setup({ other: text('I should not be asked.') });
    const mine = handlers({
      event: 'PostToolUseFailure',
      matcher: 'Bash',
      handler: command(`echo '{"reaction": "my plugin saw that"}'`),
      origin: { plugin: 'mine' },
    });
    const { world, runner } = voiceWorld({ binary, env: home.env, runnerWith, transcript, handlers: mine });
    await runner.handleEvent(failedLint(transcript));
    await Promise.all(world.heard);
    expect(api.messageRequests()).toHaveLength(0);
    expect(world.reactions.map((r) => r.text).sort()).toEqual(['Snap! Bad tool.', 'my plugin saw that']);
  });

  it('the cooldown holds: of three large edits at once (chatty), two are asked and the third keeps quiet', async () => {
    const dir = mkdtempSync(join(scratch, 'voice-'));
    const transcript = writeTranscript(dir);
    const { api, home } = await setup({ other: (_request, index) => text(`Big edit number ${index}.`) });
    const { world, runner } = voiceWorld({ binary, env: home.env, runnerWith, transcript, chattiness: 'chatty' });
    const content = Array.from({ length: 90 }, (_, i) => `line ${i}`).join('\n');
    for (const file of ['a.ts', 'b.ts', 'c.ts'])
      await runner.handleEvent({
        session_id: 'sess-1',
        hook_event_name: 'PostToolUse',
        ts: Date.now(),
        transcript_path: transcript,
        tool_name: 'Write',
        tool_input: { file_path: `/p/${file}`, content },
      });
    await Promise.all(world.heard);
    expect(api.messageRequests().map((r) => /File: (\S+)/.exec(r.userText)?.[1])).toEqual(['/p/a.ts', '/p/b.ts']);
    expect(world.logs.filter((line) => line.startsWith('buddy refused: cooldown'))).toHaveLength(1);
  });

  it('with the model hanging or unreachable, the quip stands and the call ends at its timeout', async () => {
    const dir = mkdtempSync(join(scratch, 'voice-'));
    const transcript = writeTranscript(dir);
    // Unreachable: a stand-in closed before the call (its home is this test's to remove).
    const closed = await setup({ other: text('never') });
    await closed.api.close();
    const { api, home } = await setup({ other: hang() });
    for (const env of [home.env, closed.home.env]) {
      const { world, runner } = voiceWorld({ binary, env, runnerWith, transcript, delegate: { timeoutMs: 3000 } });
      await runner.handleEvent(failedLint(transcript));
      await Promise.all(world.heard);
      expect(world.reactions.map((r) => [r.text, r.source])).toEqual([['Snap! Bad tool.', 'buddy']]);
      expect(world.logs.find((line) => line.startsWith('buddy failed:'))).toBeDefined();
    }
    expect(api.messageRequests()).toHaveLength(1);
    closed.home.cleanup();
  });

  it("an answer that comes after its quip's time keeps the quip: the stale line is not shown", async () => {
    const dir = mkdtempSync(join(scratch, 'voice-'));
    const transcript = writeTranscript(dir);
    const { api, home } = await setup({ other: text('Too late to matter, but here I am.') });
    // The delegate path's clock 11 s ahead: the answer lands past the quip's 10 s.
    const late = () => Date.now() + 11_000;
    const { world, runner } = voiceWorld({ binary, env: home.env, runnerWith, transcript, delegateNow: late });
    await runner.handleEvent(failedLint(transcript));
    await Promise.all(world.heard);
    expect(api.messageRequests()).toHaveLength(1);
    expect(world.reactions.map((r) => r.text)).toEqual(['Snap! Bad tool.']);
    expect(world.logs).toContainEqual(expect.stringMatching(/^buddy answered: quip kept: stale/));
  });
});
