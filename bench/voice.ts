/**
 * `npm run bench -- voice`: what the buddy's voice would be asked (issue 46). Real moments from the
 * recorded sessions (Claude Code 2.1.332 first, then the other hosts' recordings, each through its
 * own translator) go through the voice's prompt builder and the delegate path's (caps, redaction),
 * at chatty, and each request is printed as the model would see it, with its size. A report for a
 * reviewer: no goal. The recorded transcripts are not on this machine, so no excerpt is added;
 * the excerpt's cap (5,000 characters, ~1,250 tokens) is printed beside the figures.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDelegatePrompt } from '../src/delegate/delegate-prompt.js';
import { resolveDelegateSettings } from '../src/delegate/delegate-config.js';
import { isBuddyAddressed } from '../src/delegate/buddy-addressed.js';
import { normalizeHostEvent } from '../src/hosts/host-translator.js';
import type { FeedHost } from '../src/hosts/host-id.js';
import { eventKinds } from '../src/protocol/event-kind.js';
import type { JournalEvent } from '../src/protocol/hook-event.js';
import { MAX_TRANSCRIPT_CHARS } from '../src/delegate/transcript-tail.js';
import { voiceMomentOf, type VoiceMoment } from '../src/voice/voice-moment.js';
import { VOICE_MAX_TOKENS, voicePrompt, voiceSystemPrompt } from '../src/voice/voice-prompt.js';
import { VOICE_PLUGIN_NAME, withVoicePolicy } from '../src/voice/voice-settings.js';
import { REPO_ROOT, type BenchRow } from './measure.js';

const MOMENTS = 20;
const PET = 'Pip';
const RECORDINGS: Array<[FeedHost, string]> = [
  ['claude', 'test/fixtures/hook-events.jsonl'],
  ['claude', 'test/fixtures/waiting-session.jsonl'],
  ['codex', 'test/fixtures/codex/exec-basic.hooks.jsonl'],
  ['codex', 'test/fixtures/codex/exec-codemode.hooks.jsonl'],
  ['gemini', 'test/fixtures/gemini/hook-events.jsonl'],
  ['qwen', 'test/fixtures/qwen/hook-events.jsonl'],
  ['copilot', 'test/fixtures/copilot/hook-events.jsonl'],
];

/** The recorded events, as the journal holds them, in the order they happened per recording. */
function recordedEvents(): Array<{ source: string; event: JournalEvent }> {
  const events: Array<{ source: string; event: JournalEvent }> = [];
  for (const [host, file] of RECORDINGS) {
    const lines = readFileSync(join(REPO_ROOT, file), 'utf8').split('\n').filter(Boolean);
    for (const line of lines) {
      const raw = JSON.parse(line);
      // Some recordings wrap each payload with the run it came from.
      const payload = raw && typeof raw.payload === 'object' ? raw.payload : raw;
      const event = host === 'claude' ? payload : normalizeHostEvent(host, payload);
      if (event && typeof event.hook_event_name === 'string') events.push({ source: file, event });
    }
  }
  return events;
}

/** Up to MOMENTS voice moments at chatty: failures, waits, prompts naming the buddy, large diffs, turn ends. */
function realMoments(): Array<{ source: string; event: JournalEvent; moment: VoiceMoment }> {
  const found: Array<{ source: string; event: JournalEvent; moment: VoiceMoment }> = [];
  for (const { source, event } of recordedEvents()) {
    const addressed = isBuddyAddressed(event, [PET, 'buddy']);
    const moment = voiceMomentOf(event, eventKinds(event, 0), { recovery: false, addressed });
    if (moment) found.push({ source, event, moment });
    if (found.length === MOMENTS) break;
  }
  return found;
}

export async function bench(): Promise<BenchRow[]> {
  const crab = JSON.parse(readFileSync(join(REPO_ROOT, 'species/crab.json'), 'utf8'));
  const system = voiceSystemPrompt({
    speciesName: crab.name,
    personality: crab.systemPrompt ?? crab.personality,
    petName: PET,
    stats: { patience: 40, snark: 75, wisdom: 60 },
  });
  const settings = resolveDelegateSettings(withVoicePolicy(undefined, undefined));
  const policy = settings.policyFor(VOICE_PLUGIN_NAME);
  const sizes: number[] = [];
  const moments = realMoments();
  for (const [index, { source, event, moment }] of moments.entries()) {
    const request = {
      delegate: true as const,
      systemPrompt: system,
      prompt: voicePrompt(moment, []),
      maxTokens: VOICE_MAX_TOKENS,
    };
    const built = buildDelegatePrompt(request, policy, settings.model, { transcriptAllowed: false });
    const chars = built.systemPrompt.length + built.prompt.length;
    sizes.push(chars);
    process.stdout.write(
      `\n── moment ${index + 1} of ${moments.length}: ${moment.kind} (${event.hook_event_name}, ${source}) · ` +
        `${chars} characters, ~${Math.ceil(chars / 4)} tokens in, maxTokens ${built.maxTokens}\n` +
        (index === 0 ? `[system]\n${built.systemPrompt}\n` : '[system: as in moment 1]\n') +
        `[user]\n${built.prompt}\n`,
    );
  }
  const tokens = sizes.map((chars) => Math.ceil(chars / 4));
  const mean = Math.round(tokens.reduce((a, b) => a + b, 0) / Math.max(1, tokens.length));
  const excerpt = Math.ceil(MAX_TRANSCRIPT_CHARS / 4);
  return [
    {
      area: 'voice',
      name: 'real moments replayed',
      value: `${moments.length} (${new Set(moments.map((m) => m.moment.kind)).size} kinds)`,
    },
    {
      area: 'voice',
      name: 'tokens in per call, no excerpt (chars/4)',
      value: `mean ${mean}, ${Math.min(...tokens)} to ${Math.max(...tokens)}`,
    },
    {
      area: 'voice',
      name: 'tokens in per call, with a full excerpt',
      value: `mean ${mean + excerpt} (excerpt cap ~${excerpt})`,
    },
    { area: 'voice', name: 'tokens out per call, at most', value: String(VOICE_MAX_TOKENS) },
  ];
}
