/** The voice's prompt and its rules for an answer, and the moments it speaks at per chattiness. */
import { describe, expect, it } from 'vitest';
import { errorLineOf, voiceMomentOf, voiceSpeaksAt } from '../../src/voice/voice-moment.js';
import {
  parseNaming,
  shapeVoiceLine,
  voicePrompt,
  voiceSystemPrompt,
  VOICE_MEMORY,
} from '../../src/voice/voice-prompt.js';
import { createBuddyVoice, type BuddyVoiceOptions } from '../../src/voice/buddy-voice.js';
import type { DelegateMeta } from '../../src/protocol/plugin-answer.js';
import type { Reaction } from '../../src/protocol/reaction.js';
import { bashEvent } from '../plugins/plugin-fixtures.js';

describe('shapeVoiceLine', () => {
  it('takes the first line, without quotes or markdown marks', () => {
    expect(shapeVoiceLine('"**Green** again."\nSecond line', [])).toBe('Green again.');
  });
  it('refuses an empty line, an over-long one and a repeat of a recent line', () => {
    expect(shapeVoiceLine('   ', [])).toBeUndefined();
    expect(shapeVoiceLine(Array.from({ length: 30 }, () => 'word').join(' '), [])).toBeUndefined();
    expect(shapeVoiceLine('Green again!', ['green  again'])).toBeUndefined();
  });
  it('strips escape sequences', () => {
    expect(shapeVoiceLine('\u001b[31mRed\u001b[0m line', [])).toBe('Red line');
  });
});

describe('parseNaming', () => {
  it('reads "Name | personality | first line" and refuses anything else', () => {
    expect(parseNaming('Quill | Files bugs under seafood. | Fresh out of the shell.')).toEqual({
      name: 'Quill',
      personality: 'Files bugs under seafood.',
      line: 'Fresh out of the shell.',
    });
    expect(parseNaming('Quill the Magnificent | Grand. | Hi.')).toBeUndefined();
    expect(parseNaming('Just a line.')).toBeUndefined();
  });
});

describe('the prompt', () => {
  it('names the pet, the species, its personality and stats, with the rules and examples', () => {
    const system = voiceSystemPrompt({
      speciesName: 'crab',
      personality: 'Dry.',
      petName: 'Pip',
      stats: { snark: 80.4 },
    });
    expect(system).toContain('You are Pip, a crab. Personality: Dry.');
    expect(system).toContain('snark 80');
    expect(system).toContain('Snap! Bad tool.');
    expect(system).toContain('at most 20 words');
  });
  it('bounds each detail of the event and lists its last lines to avoid', () => {
    const prompt = voicePrompt({ kind: 'failure', command: 'x'.repeat(5_000), errorLine: 'boom' }, ['old line']);
    expect(prompt).toContain('A command the agent ran just failed.');
    expect(prompt).toContain('Error: boom');
    expect(prompt).toContain('- old line');
    expect(prompt.length).toBeLessThan(600);
  });
});

describe('voice moments', () => {
  it('reads the command and the error line of a failed Bash call', () => {
    const event = bashEvent('make', {
      hook_event_name: 'PostToolUseFailure',
      error: 'Exit code 2\nwarning\nerror: bad',
    });
    expect(voiceMomentOf(event, ['tool_failure'], { recovery: false, addressed: false })).toEqual({
      kind: 'failure',
      tool: 'Bash',
      command: 'make',
      errorLine: 'error: bad',
    });
    expect(errorLineOf('Exit code 1')).toBeUndefined();
  });
  it('a large edit is a large diff; quiet keeps failures, waiting and being addressed only', () => {
    const edit = {
      ...bashEvent('x'),
      tool_name: 'Write',
      tool_input: { file_path: '/a.ts', content: 'l\n'.repeat(100) },
    };
    expect(voiceMomentOf(edit, ['file_written', 'tool_success'], { recovery: false, addressed: false })).toMatchObject({
      kind: 'large_diff',
      file: '/a.ts',
    });
    expect(['failure', 'recovery', 'waiting', 'addressed'].every((k) => voiceSpeaksAt('quiet', k as never))).toBe(true);
    expect(voiceSpeaksAt('quiet', 'turn_end')).toBe(false);
    expect(voiceSpeaksAt('normal', 'large_diff')).toBe(false);
    expect(voiceSpeaksAt('chatty', 'turn_end')).toBe(true);
  });
});

describe('createBuddyVoice', () => {
  const options = (metas: DelegateMeta[], over: Partial<BuddyVoiceOptions> = {}): BuddyVoiceOptions => ({
    mode: () => 'session',
    chattiness: () => 'quiet',
    character: () => ({ speciesName: 'crab', personality: 'Dry.', petName: 'Pip' }),
    resolve: async (_request, meta) => metas.push(meta),
    sessionAnswers: () => true,
    transcriptPathFor: () => '/t.jsonl',
    isAddressed: () => true,
    now: () => 5_000,
    newId: () => 'new',
    ...over,
  });
  const cue = (kinds: Parameters<typeof voiceMomentOf>[1]) => ({
    event: bashEvent('make', { hook_event_name: 'PostToolUseFailure' }),
    kinds: [...kinds],
    eventId: 'e1',
    recovery: false,
    userAnswered: async () => false,
  });

  it("by default asks only the mod's session, and not at all when none answers", async () => {
    const metas: DelegateMeta[] = [];
    await createBuddyVoice(options(metas)).hear(cue(['tool_failure']));
    expect(metas[0]!.upgrade).toMatchObject({ reactionId: 'new', sessionOnly: true, freshUntil: 15_000 });
    expect(metas[0]!.event.transcript_path).toBe('/t.jsonl');
    const none: DelegateMeta[] = [];
    await createBuddyVoice(options(none, { sessionAnswers: () => false })).hear(cue(['tool_failure']));
    expect(none).toHaveLength(0);
  });
  it('stays quiet on a turn end when quiet, and remembers at most its last lines', async () => {
    const metas: DelegateMeta[] = [];
    const voice = createBuddyVoice(options(metas));
    await voice.hear(cue(['turn_end']));
    expect(metas).toHaveLength(0);
    for (let i = 0; i < VOICE_MEMORY + 3; i += 1) {
      await voice.hear(cue(['tool_failure']));
      metas.at(-1)!.upgrade!.shape(`line ${i}`);
    }
    expect(voice.recentLines()).toHaveLength(VOICE_MEMORY);
    expect(voice.recentLines()[0]).toBe('line 3');
  });
  it("a pat's answer upgrades the pane's quip for it while fresh, else takes a bubble of its own", async () => {
    const metas: DelegateMeta[] = [];
    const voice = createBuddyVoice(options(metas, { chattiness: () => 'normal' }));
    const pet = (petted: number) => ({ hatchedAt: 1, counters: { petted } });
    const quip = { id: 'pet-1', sessionId: 's1', kind: 'reaction', text: 'Purr.', source: 'buddy', priority: 0 };
    await voice.notePet(pet(0), 's1');
    await voice.notePet(pet(1), 's1', { ...quip, ttlMs: 10_000, ts: 1_000 } as Reaction);
    await voice.notePet(pet(2), 's1', { ...quip, ttlMs: 10_000, ts: -6_000 } as Reaction);
    await voice.notePet(pet(3), 's1', { ...quip, sessionId: 's2', ttlMs: 10_000, ts: 1_000 } as Reaction);
    expect(metas.map((meta) => [meta.upgrade!.reactionId, meta.upgrade!.freshUntil])).toEqual([
      ['pet-1', 11_000],
      ['new', 15_000],
      ['new', 15_000],
    ]);
  });
});
