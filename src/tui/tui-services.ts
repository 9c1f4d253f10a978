/**
 * Everything outside React that the pane runs, wired into the store: the species (sprite, live
 * reload), the pet (needs, mood, feed/pet), and — only in the instance holding the runner lock —
 * the plugin runner, the delegate resolver, the reactions log and the pet file. A viewer shows
 * the same sessions and re-reads the pet the runner saves.
 */
import type { Reaction } from '../protocol/reaction.js';
import { configFilePath, petFilePath } from '../config/paths.js';
// Type only: the delegate module (with the Anthropic SDK behind it) loads on the first delegate request.
import type { DelegateResolver } from '../delegate/index.js';
import { createPluginRunner, type PluginRunner } from '../plugins/plugin-runner.js';
import type { BuddyStore, TickExtras } from '../store.js';
import type { SessionEvents } from './session-watcher.js';
import { startLiveConfig } from './live-config.js';
import type { TuiLog } from './tui-log.js';
import { createReactionSink } from './services/reaction-sink.js';
import { createInteract } from './services/interactions.js';
import { createPetService } from './services/pet-service.js';
import { createSpeciesService } from './services/species-service.js';

export { petSnapshot } from './services/pet-service.js';

/** Events older than this when they arrive (a replaced journal read again) do not run plugins. */
export const FRESH_EVENT_MS = 60_000;
/** A viewer re-reads the pet file every this many ticks. */
const VIEWER_PET_TICKS = 10;

export interface TuiServicesOptions {
  root: string;
  store: BuddyStore;
  log: TuiLog;
  env?: NodeJS.ProcessEnv;
  clock?: () => number;
  /** Run configured plugins (the built-in quips run regardless). Default true. */
  plugins?: boolean;
  configFile?: string;
  speciesDir?: string;
  speciesId?: string;
  petFile?: string;
}

export interface TuiServices {
  /** New events from the watcher (already in the store). */
  handleEvents(batch: SessionEvents[]): void;
  /** The animation tick: pet decay, mood, viewer refresh; returns what the tick's store update carries. */
  tick(now: number): TickExtras;
  /** This instance just took the runner lock. */
  becomeRunner(): void;
  readonly runner: () => PluginRunner | undefined;
  readonly delegate: () => DelegateResolver | undefined;
  /** Resolves when config.json's folder is watched (changes from then on are reloaded). */
  readonly configReady: Promise<void>;
  close(): Promise<void>;
}

export function startTuiServices(options: TuiServicesOptions): TuiServices {
  const { root, store, log } = options;
  const env = options.env ?? process.env;
  const clock = options.clock ?? Date.now;
  const petFile = options.petFile ?? petFilePath(env);
  let runner: PluginRunner | undefined;
  let delegate: DelegateResolver | undefined;
  let delegateModule: typeof import('../delegate/index.js') | undefined;
  let delegateLoading: Promise<DelegateResolver> | undefined;
  let ticks = 0;
  let closed = false;
  const configFile = options.configFile ?? configFilePath(env);

  // config.json, reloaded live: plugin rules and limits apply at once (see live-config.ts).
  const liveConfig = startLiveConfig({
    configFile, env, log, store, clock,
    onReload: (setup) => {
      runner?.setHandlers(options.plugins !== false ? setup.handlers : []);
      runner?.setLimits(setup.config.limits);
    },
  });
  // The config's species section, read at start (the command-line flags win over it).
  const speciesService = createSpeciesService({
    env, store, log, config: liveConfig.current().config.species,
    speciesDir: options.speciesDir, speciesId: options.speciesId, pet: () => pets.current(),
  });
  const species = speciesService.current;
  const updateSprite = speciesService.updateSprite;
  const quipFor = speciesService.quipFor;

  // --- pet and mood: recomputed on the tick, so events cost one store update, not three
  const pets = createPetService({ petFile, store, log, clock, speciesIds: speciesService.ids });

  // --- reactions
  const sink = createReactionSink({ root, store, log, clock });
  const onReaction = (reaction: Reaction) => sink.push(reaction);

  const interact = createInteract({ store, clock, pets, species: speciesService, sink });

  // --- the runner's part
  const startRunner = () => {
    if (runner || closed) return;
    const setup = liveConfig.current();
    // The delegate settings are the ones in use when the runner starts.
    const config = setup.config;
    const handlers = options.plugins !== false ? setup.handlers : [];
    const loadDelegate = (): Promise<DelegateResolver> =>
      (delegateLoading ??= import('../delegate/index.js').then((module) => {
        delegateModule = module;
        const { isBuddyAddressed } = module;
        delegate = module.createDelegateResolver({
          onReaction,
          config: config.delegate,
          // A prompt that names the buddy may bypass a plugin's delegate cooldown once.
          isAddressed: (event) => isBuddyAddressed(event, [pets.current()?.identity.name, species()?.name, 'buddy']),
          quipsFor: (kind) => species()?.quips?.[kind],
          speciesSystemPromptFor: () => species()?.systemPrompt ?? species()?.personality,
          usageDir: root,
          env,
          now: clock,
          onLog: (entry) => log.info(`delegate: ${JSON.stringify(entry)}`),
        });
        if (closed) delegate.close();
        return delegate;
      }));
    runner = createPluginRunner({
      handlers,
      limits: config.limits,
      env,
      quipFor,
      onReaction,
      onDelegate: (request, meta) => {
        loadDelegate()
          .then((resolver) => resolver.resolve(request, meta))
          .catch((error) => log.error('delegate', error));
      },
      onWarning: (warning) => sink.warn(warning),
      now: clock,
    });
    store.getState().setInteract(interact);
  };

  const updateDelegateStats = (now: number) => {
    if (!delegate || !delegateModule) return;
    try {
      const rows = delegateModule.usageStatRows(delegate.usage(), now);
      if (Object.keys(rows).length) store.getState().setDelegateStats(rows);
    } catch (error) {
      log.error('delegate stats', error);
    }
  };

  pets.load();
  updateSprite();
  if (store.getState().role === 'runner') startRunner();
  store.setState(pets.view(clock()));

  return {
    runner: () => runner,
    delegate: () => delegate,
    configReady: liveConfig.ready,
    handleEvents(batch) {
      if (closed) return;
      const now = clock();
      for (const { events } of batch) {
        pets.applyEvents(events, now);
        if (!runner) continue;
        for (const event of events) {
          // handleEvent never rejects.
          if (now - (typeof event.ts === 'number' ? event.ts : now) <= FRESH_EVENT_MS) void runner.handleEvent(event);
        }
      }
    },
    tick(now) {
      if (closed) return {};
      ticks += 1;
      if ((store.getState().role === 'viewer' || pets.problem()) && ticks % VIEWER_PET_TICKS === 0) {
        const previous = pets.current()?.identity.speciesId;
        pets.load();
        if (pets.current()?.identity.speciesId !== previous) updateSprite();
      }
      if (ticks % 20 === 0) updateDelegateStats(now);
      return pets.view(now);
    },
    becomeRunner() {
      store.getState().setRole('runner');
      pets.load();
      updateSprite();
      startRunner();
      store.getState().setNotice('this pane now runs the plugins', clock());
    },
    async close() {
      if (closed) return;
      closed = true;
      sink.close();
      pets.close();
      store.getState().setInteract(undefined);
      delegate?.close();
      await Promise.allSettled([runner?.close(), speciesService.close(), liveConfig.close()]);
    },
  };
}
