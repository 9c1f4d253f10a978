/**
 * The runner's part of the pane: the plugin runner on config.json's rules and limits (applied
 * again on each live reload), and the delegate resolver behind it, loaded on the first delegate
 * request (few panes ever need it). Reactions and warnings go to the sink; the
 * species and the pet are read at the moment they are needed.
 */
import { randomUUID } from 'node:crypto';
import type { JournalEvent } from '../../protocol/hook-event.js';
import type { DelegateMeta, DelegateRequest } from '../../protocol/plugin-answer.js';
import { withVoicePolicy } from '../../voice/voice-settings.js';
import { createVoiceWiring } from './voice-wiring.js';
import type { BuddyVoice } from '../../voice/buddy-voice.js';
// Type only: the delegate module loads on the first delegate request.
import type { DelegateResolver } from '../../delegate/index.js';
import { createPluginRunner, type PluginRunner } from '../../plugins/plugin-runner.js';
import type { PluginSetup } from '../../plugins/plugin-setup.js';
import { lifetimeWithin, onAbort } from '../../process/lifetime.js';
import type { BuddyStore } from '../store/index.js';
import type { LiveConfig } from '../live-config.js';
import type { TuiLog } from '../tui-log.js';
import type { PetService } from './pet-service.js';
import type { ReactionSink } from './reaction-sink.js';
import type { SpeciesService } from './species-service.js';
import { toShownReaction } from '../store/bubble-queue.js';

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
  /** Fresh events run the plugins they match (never rejects, never waits). */
  handleEvents(events: readonly JournalEvent[], now: number): void;
  /** After a tick: a pat or a hatch since the last look is a moment for the buddy's voice. */
  notePet(): void;
  /** Puts the delegate's usage (calls, budget) into the store once it has any. */
  updateStats(now: number): void;
  close(): Promise<void>;
}

export function createRunnerWiring(options: RunnerWiringOptions): RunnerWiring {
  const { root, env, clock, log, store, species, pets, sink } = options;
  let runner: PluginRunner | undefined;
  let voice: BuddyVoice | undefined;
  let delegate: DelegateResolver | undefined;
  let delegateModule: typeof import('../../delegate/index.js') | undefined;
  let delegateLoading: Promise<DelegateResolver> | undefined;
  const life = lifetimeWithin(options.signal);
  const closed = () => life.signal.aborted;
  // The delegate's children end and the runner's plugin groups are killed.
  onAbort(life.signal, () => {
    delegate?.close();
    return runner?.close();
  });
  const handlersOf = (setup: PluginSetup) => (options.plugins ? setup.handlers : []);

  const start = (): boolean => {
    if (runner || closed()) return false;
    const setup = options.config.current();
    // The delegate settings are the ones in use when the runner starts.
    const config = setup.config;
    const loadDelegate = (): Promise<DelegateResolver> =>
      (delegateLoading ??= import('../../delegate/index.js').then((module) => {
        delegateModule = module;
        const { isBuddyAddressed } = module;
        delegate = module.createDelegateResolver({
          onReaction: sink.push,
          // The buddy's own voice is admitted and counted as the plugin "buddy", on its own budget.
          config: withVoicePolicy(config.delegate, config.reactions),
          // A prompt that names the buddy may bypass a plugin's delegate cooldown once.
          isAddressed: (event) =>
            isBuddyAddressed(event, [pets.current()?.identity.name, species.current()?.name, 'buddy']),
          quipsFor: (kind) => species.staged()?.quips?.[kind],
          speciesSystemPromptFor: () => species.current()?.systemPrompt ?? species.current()?.personality,
          usageDir: root,
          // A loaded buddy mod answers through its Claude Code session (src/state/mod-bridge.ts).
          bridgeRoot: root,
          env,
          now: clock,
          report: log.report,
        });
        if (closed()) delegate.close();
        return delegate;
      }));
    const resolve = (request: DelegateRequest, meta: DelegateMeta) =>
      loadDelegate()
        .then((resolver) => resolver.resolve(request, meta))
        .catch((error) => log.report({ level: 'error', where: 'delegate', error }));
    const own = createVoiceWiring({
      ...options,
      resolve,
      newId: randomUUID,
      onError: (error) => log.report({ level: 'error', where: 'voice', error }),
    });
    voice = own;
    runner = createPluginRunner({
      handlers: handlersOf(setup),
      limits: config.limits,
      env,
      quipFor: species.quipFor,
      chattiness: store.getState().chattiness,
      onReaction: sink.push,
      // A user's answer its plugin's cooldown kept off the bubble: in the pane's history, with why.
      onDropped: (raw, why) => store.getState().pushReaction(toShownReaction(raw), clock(), why),
      onDelegate: (request, meta) => void resolve(request, meta),
      onBuiltinMoment: (moment) => void own.hear(moment),
      report: sink.warn,
      now: clock,
    });
    return true;
  };

  return {
    start,
    runner: () => runner,
    delegate: () => delegate,
    reconfigure(setup) {
      runner?.setHandlers(handlersOf(setup));
      runner?.setLimits(setup.config.limits);
    },
    handleEvents(events, now) {
      if (!runner) return;
      for (const event of events) {
        // handleEvent never rejects.
        if (now - (typeof event.ts === 'number' ? event.ts : now) <= FRESH_EVENT_MS) void runner.handleEvent(event);
      }
    },
    notePet() {
      if (!closed()) void voice?.notePet(pets.current(), store.getState().selectedId);
    },
    updateStats(now) {
      if (!delegate || !delegateModule) return;
      try {
        const rows = delegateModule.usageStatRows(delegate.usage(), now);
        if (Object.keys(rows).length) store.getState().setDelegateStats(rows);
      } catch (error) {
        log.report({ level: 'error', where: 'delegate stats', error });
      }
    },
    close: life.end,
  };
}
