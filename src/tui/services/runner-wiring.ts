/**
 * The runner's part of the pane: the plugin runner on config.json's rules and limits (applied
 * again on each live reload), and the delegate resolver behind it, loaded on the first delegate
 * request (few panes ever need it). Reactions and warnings go to the sink; the
 * species and the pet are read at the moment they are needed.
 */
import { randomUUID } from 'node:crypto';
import type { DelegateMeta, DelegateRequest } from '../../protocol/plugin-answer.js';
import type { Reaction } from '../../protocol/reaction.js';
import { VOICE_PLUGIN_NAME, voiceCallsToday, voiceDailyBudgetOf, withVoicePolicy } from '../../voice/voice-settings.js';
import { createVoiceWiring } from './voice-wiring.js';
import type { BuddyVoice } from '../../voice/buddy-voice.js';
// Type only: the delegate module loads on the first delegate request.
import type { DelegateResolver } from '../../delegate/index.js';
import { createPluginRunner, type PluginRunner } from '../../plugins/plugin-runner.js';
import type { PluginSetup } from '../../config/plugin-setup.js';
import { lifetimeWithin } from '../../process/lifetime.js';
import { VOICE_USAGE_ROW, type BuddyStore } from '../store/index.js';
import type { LiveConfig } from '../live-config.js';
import type { TuiLog } from '../tui-log.js';
import type { PetService } from './pet-service.js';
import type { ReactionSink } from './reaction-sink.js';
import type { SpeciesService } from './species-service.js';
import { toShownReaction } from '../store/bubble-queue.js';
import type { SessionEvents, SessionEventsFeed } from '../watch/session-events-feed.js';

/** Events older than this when they arrive (a replaced journal read again) do not run plugins. */
export const FRESH_EVENT_MS = 60_000;

export interface RunnerWiringOptions {
  root: string;
  env: NodeJS.ProcessEnv;
  clock: () => number;
  log: TuiLog;
  store: BuddyStore;
  /** The pane's one config load, live. */
  config: Pick<LiveConfig, 'current'>;
  /** Run configured plugins (the built-in quips run regardless). */
  plugins: boolean;
  species: Pick<SpeciesService, 'current' | 'staged' | 'quipFor'>;
  pets: Pick<PetService, 'current'>;
  sink: Pick<ReactionSink, 'push' | 'warn'>;
  /** The watcher's batches: fresh events run the plugins they match (never rejects, never waits). */
  events?: Pick<SessionEventsFeed, 'subscribe'>;
  /** The owner's lifetime: this service closes when it ends. */
  signal?: AbortSignal;
}

export interface RunnerWiring {
  /** Starts the runner; false when it runs already or the wiring is closed. */
  start(): boolean;
  runner(): PluginRunner | undefined;
  delegate(): DelegateResolver | undefined;
  /** config.json reloaded: its plugin rules and limits apply at once. */
  reconfigure(setup: PluginSetup): void;
  /** After a tick: a pat or a hatch since the last look is a moment for the buddy's voice (`patQuip`: this pane's last pat's quip). */
  notePet(patQuip?: Reaction): void;
  /** Puts the delegate's usage (calls, budget) into the store once it has any. */
  updateStats(now: number): void;
  close(): Promise<void>;
}

type DelegateModule = typeof import('../../delegate/index.js');
type Config = ReturnType<LiveConfig['current']>['config'];

/** What the wiring holds: the runner once started, and the delegate once a request loaded it. */
interface WiringState {
  readonly options: RunnerWiringOptions;
  readonly signal: AbortSignal;
  runner?: PluginRunner;
  voice?: BuddyVoice;
  delegate?: DelegateResolver;
  delegateModule?: DelegateModule;
  delegateLoading?: Promise<DelegateResolver>;
  /** The voice's calls per UTC day, as the delegate admits them (0: no limit). */
  voiceBudget?: number;
}

const handlersOf = (state: WiringState, setup: PluginSetup) => (state.options.plugins ? setup.handlers : []);

/** The delegate resolver, loaded once on the first request, with the settings the runner started with. */
function loadDelegate(state: WiringState, config: Config): Promise<DelegateResolver> {
  const { root, env, clock, log, species, pets, sink } = state.options;
  state.delegateLoading ??= import('../../delegate/index.js').then((module) => {
    state.delegateModule = module;
    state.voiceBudget = voiceDailyBudgetOf(
      config.reactions,
      config.delegate?.plugins?.[VOICE_PLUGIN_NAME]?.dailyBudget,
    );
    const delegate = module.createDelegateResolver({
      onReaction: sink.push,
      // The buddy's own voice is admitted and counted as the plugin "buddy", on its own budget.
      config: withVoicePolicy(config.delegate, config.reactions),
      // A prompt that names the buddy may bypass a plugin's delegate cooldown once.
      isAddressed: (event) =>
        module.isBuddyAddressed(event, [pets.current()?.identity.name, species.current()?.name, 'buddy']),
      quipsFor: (kind) => species.staged()?.quips?.[kind],
      speciesSystemPromptFor: () => species.current()?.systemPrompt ?? species.current()?.personality,
      usageDir: root,
      // A loaded buddy mod answers through its Claude Code session (src/mod/mod-bridge.ts).
      bridgeRoot: root,
      env,
      now: clock,
      report: log.report,
      // Its calls are aborted when the wiring's lifetime ends (at once, if it has).
      signal: state.signal,
    });
    state.delegate = delegate;
    return delegate;
  });
  return state.delegateLoading;
}

/** Starts the plugin runner and the buddy's voice on the config in use now; false when it runs already or the wiring is closed. */
function startRunner(state: WiringState): boolean {
  const { options } = state;
  if (state.runner || state.signal.aborted) return false;
  const { env, clock, log, store, species, sink } = options;
  const setup = options.config.current();
  // The delegate settings are the ones in use when the runner starts.
  const config = setup.config;
  const resolve = (request: DelegateRequest, meta: DelegateMeta) =>
    loadDelegate(state, config)
      .then((resolver) => resolver.resolve(request, meta))
      .catch((error) => log.report({ level: 'error', where: 'delegate', error }));
  const voice = createVoiceWiring({
    ...options,
    resolve,
    newId: randomUUID,
    onError: (error) => log.report({ level: 'error', where: 'voice', error }),
  });
  state.voice = voice;
  // Its first look is now, not at the next tick: a hatch in the seconds before it would be missed.
  void voice.notePet(options.pets.current(), undefined);
  state.runner = createPluginRunner({
    handlers: handlersOf(state, setup),
    limits: config.limits,
    env,
    quipFor: species.quipFor,
    chattiness: store.getState().chattiness,
    onReaction: sink.push,
    // A user's answer its plugin's cooldown kept off the bubble: in the pane's history, with why.
    onDropped: (raw, why) => store.getState().pushReaction(toShownReaction(raw), clock(), why),
    onDelegate: (request, meta) => void resolve(request, meta),
    onBuiltinMoment: (moment) => void voice.hear(moment),
    report: sink.warn,
    now: clock,
    // Its plugin groups are killed when the wiring's lifetime ends, and the end waits for them.
    signal: state.signal,
  });
  return true;
}

/** A batch's fresh events run the plugins they match; an old one (a replaced journal read again) does not. */
function handleFreshEvents(state: WiringState, batch: readonly SessionEvents[]): void {
  if (!state.runner) return;
  const now = state.options.clock();
  for (const { events } of batch) {
    for (const event of events) {
      // handleEvent never rejects.
      if (now - (typeof event.ts === 'number' ? event.ts : now) <= FRESH_EVENT_MS) void state.runner.handleEvent(event);
    }
  }
}

function updateDelegateStats(state: WiringState, now: number): void {
  const { delegate, delegateModule, options } = state;
  if (!delegate || !delegateModule) return;
  try {
    const usage = delegate.usage();
    const rows = delegateModule.usageStatRows(usage, now);
    // The voice's day against its budget: the help's rows and the reactions history show it.
    const today = voiceCallsToday(usage, now);
    if (today > 0) rows[VOICE_USAGE_ROW] = `${today} of ${state.voiceBudget || 'no limit'} today`;
    if (Object.keys(rows).length) options.store.getState().setDelegateStats(rows);
  } catch (error) {
    options.log.report({ level: 'error', where: 'delegate stats', error });
  }
}

export function createRunnerWiring(options: RunnerWiringOptions): RunnerWiring {
  const life = lifetimeWithin(options.signal);
  const state: WiringState = { options, signal: life.signal };
  options.events?.subscribe((batch) => handleFreshEvents(state, batch), life.signal);
  return {
    start: () => startRunner(state),
    runner: () => state.runner,
    delegate: () => state.delegate,
    reconfigure(setup) {
      state.runner?.setHandlers(handlersOf(state, setup));
      state.runner?.setLimits(setup.config.limits);
    },
    notePet(patQuip) {
      if (!life.signal.aborted)
        void state.voice?.notePet(options.pets.current(), options.store.getState().selectedId, patQuip);
    },
    updateStats: (now) => updateDelegateStats(state, now),
    close: life.end,
  };
}
