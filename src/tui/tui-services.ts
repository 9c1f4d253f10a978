/**
 * Everything outside React that the pane runs, wired into the store. Each job is a service of
 * its own (src/tui/services/): the species, the pet, the reaction sink, feed and pet, and — only
 * in the instance holding the runner lock — the plugin runner with its delegate and the Claude
 * Code mods' view files. This module
 * loads config.json once (live, see live-config.ts), hands it to them, and does the viewer's
 * refresh: a viewer shows the same sessions and re-reads the pet the runner saves.
 */
import { configFilePath, petFilePath } from '../config/paths.js';
import { DEFAULT_REACTION_TTL_MS, REACTION_PRIORITY, type Reaction } from '../protocol/reaction.js';
import { startLiveConfig } from './live-config.js';
import { lifetimeWithin, onAbort } from '../process/lifetime.js';
import { createInteract } from './services/interactions.js';
import { createPetService } from './services/pet-service.js';
import { createReactionSink } from './services/reaction-sink.js';
import { createRunnerWiring } from './services/runner-wiring.js';
import { startModViewWriter } from './services/mod-view-writer.js';
import { startSpeciesService } from './services/species-service.js';
import type { TuiServices, TuiServicesOptions } from './tui-services-types.js';
import { panePrefsPath, startChattiness } from './chattiness-prefs.js';
import { toReactionText, toSafeText } from '../text/safe-text.js';

export { petSnapshot } from './services/pet-service.js';
export { FRESH_EVENT_MS } from './services/runner-wiring.js';
export type { TuiServices, TuiServicesOptions } from './tui-services-types.js';

/** A viewer (or a runner without a readable pet.json) re-reads the pet file every this many ticks. */
const VIEWER_PET_TICKS = 10;
/** The delegate's usage goes to the store every this many ticks. */
const STATS_TICKS = 20;

export function startTuiServices(options: TuiServicesOptions): TuiServices {
  const { store } = options;
  const env = options.env ?? process.env;
  const clock = options.clock ?? Date.now;
  let ticks = 0;
  // Each service registers its own teardown on this lifetime, so closing is ending it.
  const life = lifetimeWithin(options.signal);
  const { signal } = life;
  const { config, species, pets, interact, wiring } = wireServices(options, env, clock, signal);
  onAbort(signal, () => store.getState().setInteract(undefined));
  const startRunner = () => {
    if (!wiring.start()) return;
    store.getState().setInteract(interact);
    // The runner keeps the views of loaded Claude Code mods current (their reactions come from here).
    startModViewWriter({ root: options.root, env, clock, store, report: options.log.report, signal });
  };

  pets.load();
  species.updateSprite();
  if (store.getState().role === 'runner') startRunner();
  store.setState(pets.view(clock()));

  return {
    runner: wiring.runner,
    delegate: wiring.delegate,
    config: () => config.current().config,
    configReady: config.ready,
    handleEvents(batch) {
      if (signal.aborted) return;
      const now = clock();
      for (const { events } of batch) {
        pets.applyEvents(events, now);
        wiring.handleEvents(events, now);
      }
      species.follow(now);
    },
    tick(now) {
      if (signal.aborted) return {};
      ticks += 1;
      if ((store.getState().role === 'viewer' || pets.problem()) && ticks % VIEWER_PET_TICKS === 0) {
        const previous = pets.current()?.identity.speciesId;
        pets.load();
        if (pets.current()?.identity.speciesId !== previous) species.updateSprite();
      }
      if (ticks % STATS_TICKS === 0) wiring.updateStats(now);
      species.follow(now);
      return pets.view(now);
    },
    becomeRunner() {
      store.getState().setRole('runner');
      pets.load();
      species.updateSprite();
      startRunner();
      store.getState().setNotice(toSafeText('this pane now runs the plugins'), clock());
    },
    close: life.end,
  };
}

/**
 * Makes the services, each closing with `signal`. They refer to one another (a config reload
 * reaches the runner, the species asks for the pet), but only once running, so each may name
 * one made after it.
 */
function wireServices(options: TuiServicesOptions, env: NodeJS.ProcessEnv, clock: () => number, signal: AbortSignal) {
  const { root, store, log } = options;
  // The one config load; a reload re-applies the plugin rules and limits (the runner is made below).
  const config = startLiveConfig({
    configFile: options.configFile ?? configFilePath(env),
    env,
    log,
    store,
    clock,
    signal,
    onReload: (setup) => {
      wiring.reconfigure(setup);
      chattiness.configChanged(setup.config.reactions?.chattiness);
    },
  });
  const species = startSpeciesService({
    env,
    store,
    log,
    config: config.current().config.species,
    speciesDir: options.speciesDir,
    speciesId: options.speciesId,
    pet: () => pets.current(),
    isRunner: () => store.getState().role === 'runner',
    stateRoot: root,
    clock,
    signal,
    say: (text, now) => {
      const sessionId = store.getState().selectedId;
      options.onStageReached?.(text, now);
      if (sessionId) sink.push(stageReaction(sessionId, text, now));
    },
  });
  // Pet and mood are recomputed on the tick, so events cost one store update, not three.
  const pets = createPetService({
    petFile: options.petFile ?? petFilePath(env),
    store,
    log,
    clock,
    speciesIds: species.ids,
    signal,
  });
  const sink = createReactionSink({ root, store, log, clock, signal });
  const interact = createInteract({ store, clock, pets, species, sink });
  const wiring = createRunnerWiring({
    root,
    env,
    clock,
    log,
    store,
    config,
    plugins: options.plugins !== false,
    species,
    pets,
    sink,
    signal,
  });
  const chattiness = startChattiness({
    store,
    clock,
    prefsFile: options.prefsFile ?? panePrefsPath(env),
    configValue: config.current().config.reactions?.chattiness,
    apply: (level) => wiring.runner()?.setChattiness(level),
    onError: (error) => log.report({ level: 'error', where: 'pane prefs', error }),
    signal,
  });
  return { config, species, pets, interact, wiring };
}

/** A few times in a pet's life: the stage reached takes the screen from small talk (not from a failure). */
function stageReaction(sessionId: string, text: string, now: number): Reaction {
  return {
    id: `stage-${now}`,
    sessionId,
    kind: 'reaction',
    text: toReactionText(text),
    source: 'buddy',
    event: 'level_up',
    priority: REACTION_PRIORITY.warning,
    ttlMs: 2 * DEFAULT_REACTION_TTL_MS,
    ts: now,
  };
}
