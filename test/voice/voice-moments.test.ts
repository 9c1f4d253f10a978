/**
 * The quiet moments the buddy's voice speaks at, through the real plugin runner (issue 46): the
 * tests green again after failing (a recovery, not every green run) and Claude waiting for the
 * user, each one request whose prompt says what happened. The model is not called: the request is
 * what is checked (the calls themselves: voice-claude-cli.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { DelegateRequest } from '../../src/protocol/plugin-answer.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import { createBuddyVoice } from '../../src/voice/buddy-voice.js';
import { bashEvent, useRunners } from '../plugins/plugin-fixtures.js';

const runnerWith = useRunners();

function quietVoice() {
  const asked: DelegateRequest[] = [];
  const heard: Promise<void>[] = [];
  const voice = createBuddyVoice({
    mode: () => 'on',
    chattiness: () => 'quiet',
    character: () => ({ speciesName: 'crab', personality: 'Dry.', petName: 'Pip' }),
    resolve: async (request) => asked.push(request),
    sessionAnswers: () => false,
    transcriptPathFor: () => undefined,
    isAddressed: () => false,
    now: Date.now,
    newId: () => 'new',
  });
  const runner = runnerWith({
    quipFor: () => undefined,
    handlers: [],
    onReaction: () => {},
    onBuiltinMoment: (moment) => heard.push(voice.hear(moment)),
  });
  const handle = async (event: JournalEvent) => {
    await runner.handleEvent(event);
    await Promise.all(heard);
  };
  return { asked, handle };
}

describe('quiet voice moments through the plugin runner', () => {
  it('the tests green again after failing is a recovery; a green run before any failure is not', async () => {
    const { asked, handle } = quietVoice();
    await handle(bashEvent('npm test', { ts: Date.now() }));
    expect(asked).toEqual([]);
    await handle(bashEvent('npm test', { ts: Date.now(), hook_event_name: 'PostToolUseFailure', error: '1 failed' }));
    await handle(bashEvent('npm test', { ts: Date.now() }));
    expect(asked.map((request) => request.prompt.split('\n').slice(0, 2))).toEqual([
      ['The tests just failed.', 'Tool: Bash'],
      ['The tests pass again after failing.', 'Command: npm test'],
    ]);
  });

  it('Claude waiting for the user is a moment, with what it waits for', async () => {
    const { asked, handle } = quietVoice();
    await handle({
      ts: Date.now(),
      session_id: 'sess-1',
      hook_event_name: 'Notification',
      message: 'Claude needs your permission to use Bash',
    });
    expect(asked.map((request) => request.prompt.split('\n').slice(0, 2))).toEqual([
      ['The agent is waiting for the programmer.', 'Message: Claude needs your permission to use Bash'],
    ]);
  });
});
