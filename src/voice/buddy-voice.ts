/**
 * The buddy's own voice: at the moments voice-moment.ts names, its reaction is asked of the
 * model through the delegate path (admission, budget, cooldown, redaction, the adapters) as the
 * built-in plugin `buddy`. The quip is on screen at once; the answer upgrades that bubble in
 * place while it is fresh (DelegateUpgrade); refused, failed, stale or breaking the rules, the
 * quip stands. A user's plugin that answers the event is heard instead, and the voice is not asked.
 */
import { BUDDY_ASKED } from '../protocol/buddy-asked.js';
import type { Chattiness } from '../plugins/chattiness.js';
import type { BuiltinMoment } from '../plugins/runner-types.js';
import type { JournalEvent } from '../protocol/hook-event.js';
import type { DelegateMeta, DelegateRequest } from '../protocol/plugin-answer.js';
import { DEFAULT_REACTION_TTL_MS, type Reaction } from '../protocol/reaction.js';
import { voiceMomentOf, voiceSpeaksAt, type VoiceMoment } from './voice-moment.js';
import {
  NAMING_PROMPT,
  parseNaming,
  shapeVoiceLine,
  type ModelNaming,
  VOICE_MAX_TOKENS,
  VOICE_MEMORY,
  voicePrompt,
  voiceSystemPrompt,
  type VoiceCharacter,
} from './voice-prompt.js';
import { VOICE_PLUGIN_NAME, type VoiceMode } from './voice-settings.js';
import { markOf, petMomentBetween, type MarkedPet, type PetMark } from './pet-moments.js';

/** Transcript messages sent with each request (native: the last 12, at most 5,000 characters). */
export const VOICE_TRANSCRIPT_MESSAGES = 12;

/** What the plugin runner hands over for each event (PluginRunnerOptions.onBuiltinMoment). */
export type VoiceCue = BuiltinMoment;

export interface BuddyVoiceOptions {
  mode(): VoiceMode;
  chattiness(): Chattiness;
  /** The pet and its species now; undefined: no pet yet, nothing to say. */
  character(): VoiceCharacter | undefined;
  /** The delegate path (loaded on first use). */
  resolve(request: DelegateRequest, meta: DelegateMeta): Promise<unknown>;
  /** True when a loaded buddy mod's session answers for this session now (mode "session"). */
  sessionAnswers(sessionId: string): boolean;
  /** The session's transcript, from buddy-tui's own record of it. */
  transcriptPathFor(sessionId: string): string | undefined;
  /** A prompt that names the buddy. */
  isAddressed(event: JournalEvent): boolean;
  now(): number;
  newId(): string;
  /**
   * At hatch: may the model name this pet (the voice is on, its name is the drawn one)? When it
   * does, `onNamed` keeps the name and personality (pet.json).
   */
  mayName?(pet: MarkedPet): boolean;
  onNamed?(pet: MarkedPet, naming: ModelNaming): void;
  /** Its last lines from before (a runner started again), oldest first. */
  remembered?: readonly string[];
  /** Its last lines changed: kept for the next runner. */
  onRemember?(lines: readonly string[]): void;
  /** A bug in the voice, said (the quip is on screen whatever happens). */
  onError?(error: unknown): void;
}

/** The model names the pet it hatched: its answer carries the name and personality too. */
interface Naming {
  onNamed(named: ModelNaming): void;
}

export interface BuddyVoice {
  /** Asks the model for the buddy's line at a voice moment; settles when it is said or not. Never rejects. */
  hear(cue: VoiceCue): Promise<void>;
  /** The lines it said, oldest first (at most VOICE_MEMORY). */
  recentLines(): readonly string[];
  /**
   * The runner's pet after a tick (src/voice/pet-moments.ts): a new hatch or more pats since the
   * last look is a moment, said to `sessionId`'s bubble. `patQuip`: the quip this pane showed for
   * its last pat, which the answer to a pat upgrades in place while it is fresh. Never rejects.
   */
  notePet(pet: MarkedPet | undefined, sessionId: string | undefined, patQuip?: Reaction): Promise<void>;
}

/** The moment a journal event is, if any. */
function eventMoment(options: BuddyVoiceOptions, cue: VoiceCue): VoiceMoment | undefined {
  // A prompt that names the buddy, or a question asked with /buddy in the mod.
  const addressed =
    cue.event.hook_event_name === BUDDY_ASKED || (cue.kinds.includes('prompt') && options.isAddressed(cue.event));
  return voiceMomentOf(cue.event, cue.kinds, { recovery: cue.recovery, addressed });
}

/** Why the voice stays quiet for a cue, or the moment it speaks to. */
function momentFor(options: BuddyVoiceOptions, cue: VoiceCue, given?: VoiceMoment): VoiceMoment | undefined {
  const mode = options.mode();
  if (mode === 'off') return undefined;
  const moment = given ?? eventMoment(options, cue);
  if (!moment || !voiceSpeaksAt(options.chattiness(), moment.kind)) return undefined;
  // By default only a loaded mod answers: no key, no extra process.
  if (mode === 'session' && !options.sessionAnswers(cue.event.session_id)) return undefined;
  return moment;
}

/** What the voice keeps between moments: its last lines, and the pet as it last looked. */
interface VoiceState {
  readonly options: BuddyVoiceOptions;
  readonly said: string[];
  petSeen?: PetMark;
  looked: boolean;
}

function remember(state: VoiceState, line: string): void {
  state.said.push(line);
  if (state.said.length > VOICE_MEMORY) state.said.shift();
  state.options.onRemember?.(state.said.slice());
}

/** The request for a moment: the buddy's line, or at hatch its name, personality and first line. */
function voiceRequest(state: VoiceState, moment: VoiceMoment, character: VoiceCharacter, naming?: Naming) {
  return {
    delegate: true,
    systemPrompt: voiceSystemPrompt(character),
    prompt: naming ? NAMING_PROMPT : voicePrompt(moment, state.said),
    maxTokens: VOICE_MAX_TOKENS,
    context: { transcriptMessages: VOICE_TRANSCRIPT_MESSAGES },
  } satisfies DelegateRequest;
}

async function ask(
  state: VoiceState,
  cue: VoiceCue,
  moment: VoiceMoment,
  character: VoiceCharacter,
  naming?: Naming,
): Promise<void> {
  const { options, said } = state;
  // A user's plugin answering the event is heard instead: no call is made.
  if (await cue.userAnswered()) return;
  const { event, quip } = cue;
  const shownAt = quip?.ts ?? options.now();
  const transcript = options.transcriptPathFor(event.session_id) ?? event.transcript_path;
  await options.resolve(voiceRequest(state, moment, character, naming), {
    plugin: VOICE_PLUGIN_NAME,
    sessionId: event.session_id,
    event: { ...event, ...(transcript ? { transcript_path: transcript } : {}) },
    kinds: cue.kinds,
    receivedAt: shownAt,
    eventId: cue.eventId,
    upgrade: {
      reactionId: quip?.id ?? options.newId(),
      freshUntil: shownAt + (quip?.ttlMs ?? DEFAULT_REACTION_TTL_MS),
      sessionOnly: options.mode() === 'session',
      shape(text) {
        const named = naming && parseNaming(text);
        if (named) naming.onNamed(named);
        const line = shapeVoiceLine(named ? named.line : text, said);
        if (line) remember(state, line);
        return line;
      },
    },
  });
}

/** The pane's quip for its last pat, when it is this session's and still on its bubble's time. */
function freshQuip(quip: Reaction | undefined, sessionId: string, now: number): Reaction | undefined {
  return quip && quip.sessionId === sessionId && now - quip.ts < quip.ttlMs ? quip : undefined;
}

/** The pet after a tick: a new hatch or more pats since the last look is a moment for its bubble. */
async function notePet(
  state: VoiceState,
  pet: MarkedPet | undefined,
  sessionId: string | undefined,
  patQuip?: Reaction,
): Promise<void> {
  const { options } = state;
  const mark = pet && markOf(pet);
  // A first pet appearing after a look that found none was just hatched.
  const kind = mark && (state.looked && !state.petSeen ? 'hatched' : petMomentBetween(state.petSeen, mark));
  state.looked = true;
  if (mark) state.petSeen = mark;
  if (!kind || !sessionId) return;
  const now = options.now();
  const event: JournalEvent = { session_id: sessionId, hook_event_name: `buddy-tui.${kind}`, ts: now };
  // A pat's answer takes its quip's bubble (in place, or after what came since), never a new one.
  const quip = kind === 'petted' ? freshQuip(patQuip, sessionId, now) : undefined;
  const cue: VoiceCue = {
    event,
    kinds: [],
    eventId: `${kind}-${now}`,
    recovery: false,
    ...(quip ? { quip } : {}),
    userAnswered: async () => false,
  };
  const moment = momentFor(options, cue, { kind });
  const character = moment && options.character();
  if (!moment || !character) return;
  const { mayName, onNamed } = options;
  const naming =
    kind === 'hatched' && pet && onNamed && mayName?.(pet)
      ? { onNamed: (named: ModelNaming) => onNamed(pet, named) }
      : undefined;
  await ask(state, cue, moment, character, naming);
}

export function createBuddyVoice(options: BuddyVoiceOptions): BuddyVoice {
  const state: VoiceState = { options, said: (options.remembered ?? []).slice(-VOICE_MEMORY), looked: false };
  return {
    notePet: (pet, sessionId, patQuip) =>
      notePet(state, pet, sessionId, patQuip).catch((error) => options.onError?.(error)),
    async hear(cue) {
      try {
        const moment = momentFor(options, cue);
        const character = moment && options.character();
        if (moment && character) await ask(state, cue, moment, character);
      } catch (error) {
        // The voice is a nicety: the quip is on screen whatever happens here.
        options.onError?.(error);
      }
    },
    recentLines: () => state.said.slice(),
  };
}
