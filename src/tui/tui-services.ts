/**
 * Everything outside React that the pane runs, wired into the store. Each job is a service of
 * its own (src/tui/services/): the species, the pet, the reaction sink and follower, feed and
 * pet, the shared prefs (c, m), and — only in the instance holding the runner lock — the plugin
 * runner with its delegate and the Claude Code mods' view files. This module loads config.json
 * once (live, see live-config.ts), hands it to them, and keeps every pane a full one: a viewer
 * shows what the runner said (reaction-follower.ts), follows the pet the runner saves, and its
 * f/p/c/m act on the one pet.json and prefs file the runner follows.
 */
import { configFilePath, petFilePath } from '../config/paths.js';
import { DEFAULT_REACTION_TTL_MS, REACTION_PRIORITY, type Reaction } from '../protocol/reaction.js';
import { startLiveConfig, type LiveConfig } from './live-config.js';
import { lifetimeWithin, onAbort } from '../process/lifetime.js';
import { createInteract } from './services/interactions.js';
import { createPetService, type PetService } from './services/pet-service.js';
import { resolve } from 'node:path';
import type { PluginSetup } from '../config/plugin-setup.js';
import { recordPluginsInUse } from '../state/plugins-in-use.js';
import { defaultSeedFor } from '../pet/introduction.js';
import { createReactionFollower } from './services/reaction-follower.js';
import { createReactionSink, type ReactionSink } from './services/reaction-sink.js';
import { createRunnerWiring } from './services/runner-wiring.js';
import { startModViewWriter } from '../mod/mod-view-writer.js';
import { startSpeciesService } from './services/species-service.js';
import type { TuiServices, TuiServicesOptions } from './tui-services-types.js';
import { panePrefsPath, startPanePrefs } from './chattiness-prefs.js';
import { toReactionText, toSafeText } from '../text/safe-text.js';

export { petSnapshot } from './services/pet-service.js';
export { FRESH_EVENT_MS } from './services/runner-wiring.js';
export type { TuiServices, TuiServicesOptions } from './tui-services-types.js';

/** A pane without a readable pet.json tries it again every this many ticks. */
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
  const { config, species, pets, interact, wiring, prefs, follower, lastPatQuip, stageListeners } = wireServices(
    options,
    env,
    clock,
    signal,
  );
  // f and p work in every pane: a viewer's go to pet.json, which the runner merges.
  store.getState().setInteract(interact);
  onAbort(signal, () => store.getState().setInteract(undefined));
  const startRunner = () => {
    if (!wiring.start()) return;
    recordPlugins(options, config.current(), clock);
    // The runner keeps the views of loaded Claude Code mods current (their reactions come from here).
    startModViewWriter({
      root: options.root,
      env,
      clock,
      store,
      events: options.events,
      report: options.log.report,
      signal,
    });
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
    tick(now) {
      if (signal.aborted) return {};
      ticks += 1;
      const previous = pets.current()?.identity.speciesId;
      // Another process's save (the runner, a viewer's f, `buddy-tui feed`) shows at the next draw.
      let petChanged = false;
      if (pets.problem() === undefined) petChanged = pets.refresh(now);
      else if (ticks % VIEWER_PET_TICKS === 0) {
        pets.load();
        petChanged = true;
      }
      if (petChanged && pets.current()?.identity.speciesId !== previous) species.updateSprite();
      // A pat or a hatch (here, in a viewer, from the CLI or the mod) is a moment for the voice.
      wiring.notePet(lastPatQuip());
      prefs.refresh();
      follower.tick();
      if (ticks % STATS_TICKS === 0) wiring.updateStats(now);
      species.follow(now);
      return pets.view(now);
    },
    reactionsChanged: (sessionId) => follower.changed(sessionId),
    onStageReached(listener) {
      stageListeners.add(listener);
      return () => void stageListeners.delete(listener);
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

/** The runner says which config its plugins run on (src/state/plugins-in-use.ts), for `buddy-tui plugins`. */
function recordPlugins(options: TuiServicesOptions, setup: PluginSetup, clock: () => number): void {
  if (options.store.getState().role !== 'runner' || !setup.fileOk) return;
  try {
    const configFile = resolve(setup.configFile);
    recordPluginsInUse(options.root, {
      pid: process.pid,
      configFile,
      handlers: setup.handlers.length,
      loadedAt: clock(),
    });
  } catch (error) {
    options.log.report({ level: 'warning', where: 'plugins-in-use', error });
  }
}

/** The one config load, live; a reload goes to each of `reloads` (filled by the services made after it). */
function startConfig(options: TuiServicesOptions, env: NodeJS.ProcessEnv, clock: () => number, signal: AbortSignal) {
  const reloads: ((setup: PluginSetup) => void)[] = [];
  const config = startLiveConfig({
    configFile: options.configFile ?? configFilePath(env),
    env,
    log: options.log,
    store: options.store,
    clock,
    signal,
    onReload: (setup) => {
      for (const reload of reloads) reload(setup);
    },
  });
  return { config, reloads };
}

/**
 * The species and the pet, which need each other: a pet hatches as a loaded species, and the
 * species drawn is the pet's. The species reads the pet through `petOf`, set once the pet
 * service is made. A stage reached is said in the bubble and told to `stageReached`.
 */
function startSpeciesAndPet(
  options: TuiServicesOptions,
  env: NodeJS.ProcessEnv,
  clock: () => number,
  signal: AbortSignal,
  parts: { config: LiveConfig; sink: ReactionSink; stageReached: (line: string, now: number) => void },
) {
  const { root, store, log } = options;
  const petOf: { service?: PetService } = {};
  const species = startSpeciesService({
    env,
    store,
    log,
    config: parts.config.current().config.species,
    speciesDir: options.speciesDir,
    speciesId: options.speciesId,
    pet: () => petOf.service?.current(),
    isRunner: () => store.getState().role === 'runner',
    stateRoot: root,
    clock,
    signal,
    say: (text, now) => {
      const sessionId = store.getState().selectedId;
      parts.stageReached(text, now);
      if (sessionId) parts.sink.push(stageReaction(sessionId, text, now));
    },
  });
  // Pet and mood are recomputed on the tick, so events cost one store update, not three.
  const pets = createPetService({
    petFile: options.petFile ?? petFilePath(env),
    store,
    log,
    clock,
    speciesIds: species.ids,
    drawnSpeciesId: () => species.current()?.id,
    seed: defaultSeedFor(env),
    signal,
  });
  petOf.service = pets;
  // New events feed the pet first: the runner's quips for them come from the stage they reach.
  options.events?.subscribe((batch) => {
    const now = clock();
    for (const { events } of batch) pets.applyEvents(events, now);
  }, signal);
  return { species, pets };
}

/**
 * Makes the services in dependency order, each closing with `signal`: each takes only those
 * made before it. The two needs that point back are named handles, not names declared further
 * down: the pet the species reads (startSpeciesAndPet) and the config's reloads, which reach the
 * runner and the prefs once they are made.
 */
function wireServices(options: TuiServicesOptions, env: NodeJS.ProcessEnv, clock: () => number, signal: AbortSignal) {
  const { root, store, log } = options;
  const { config, reloads } = startConfig(options, env, clock, signal);
  const sink = createReactionSink({ root, store, log, clock, signal });
  // Who hears of a stage reached (the pane's notifier, which joins once it is made).
  const stageListeners = new Set<(line: string, now: number) => void>();
  const stageReached = (line: string, now: number) => {
    for (const listener of stageListeners) listener(line, now);
  };
  const { species, pets } = startSpeciesAndPet(options, env, clock, signal, { config, sink, stageReached });
  // This pane's last pat's quip: the buddy's voice answers the pat in its bubble.
  let patQuip: Reaction | undefined;
  const interact = createInteract({
    store,
    clock,
    pets,
    species,
    sink,
    onQuip: (what, quip) => {
      if (what === 'pet') patQuip = quip;
    },
  });
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
    events: options.events,
    signal,
  });
  // A stage the batch's events reached is drawn and said after the runner heard them (its quip first).
  options.events?.subscribe(() => species.follow(clock()), signal);
  const prefs = startPanePrefs({
    store,
    clock,
    prefsFile: options.prefsFile ?? panePrefsPath(env),
    configValue: config.current().config.reactions?.chattiness,
    apply: (level) => wiring.runner()?.setChattiness(level),
    onError: (error) => log.report({ level: 'error', where: 'pane prefs', error }),
    signal,
  });
  const follower = createReactionFollower({ root, store, clock, isOwn: sink.isOwn, report: log.report });
  // A reload re-applies the plugin rules and limits, and the config's chattiness.
  reloads.push((setup) => {
    recordPlugins(options, setup, clock);
    wiring.reconfigure(setup);
    prefs.configChanged(setup.config.reactions?.chattiness);
  });
  return { config, species, pets, interact, wiring, prefs, follower, lastPatQuip: () => patQuip, stageListeners };
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
