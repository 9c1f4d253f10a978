/**
 * Everything outside React that the pane runs, wired into the store: the species (sprite, live
 * reload), the pet (needs, mood, feed/pet), and — only in the instance holding the runner lock —
 * the plugin runner, the delegate resolver, the reactions log and the pet file. A viewer shows
 * the same sessions and re-reads the pet the runner saves.
 */
import { hostname, userInfo } from 'node:os';
import type { Reaction } from '../protocol/reaction.js';
import { DEFAULT_REACTION_TTL_MS, REACTION_PRIORITY } from '../protocol/reaction.js';
import { statSync } from 'node:fs';
import { configFilePath, expandPath, petFilePath, userSpeciesDir } from '../config/paths.js';
// Type only: the delegate module (with the Anthropic SDK behind it) loads on the first delegate request.
import type { DelegateResolver } from '../delegate/index.js';
import { defaultSeed } from '../pet/hatch.js';
import { deriveMood } from '../pet/mood.js';
import { decayPet, stepPet, stepPetEvents, type PetInput } from '../pet/pet-engine.js';
import { loadPetForUpdate, PetUnreadableError, savePet } from '../pet/pet-file.js';
import { readPetLite } from '../pet/pet-lite.js';
import { levelForXp, xpForLevel, type Pet } from '../pet/pet.js';
import { appendReaction } from '../state/reactions-log.js';
import { createPluginRunner, type PluginRunner } from '../plugins/plugin-runner.js';
import { createSpeciesRegistry, type SpeciesRegistry } from '../species/species-registry.js';
import type { Species } from '../species/species-schema.js';
import type { EventKind } from '../protocol/event-kind.js';
import { sanitizeText } from '../text/sanitize.js';
import { toSafeText } from '../text/safe-text.js';
import { selectSelectedSession, type BuddyStore, type Interaction, type PetSnapshot, type TickExtras } from '../store.js';
import { toShownReaction, type ShownReaction } from './bubble-queue.js';
import { DEFAULT_SPRITE } from './default-sprite.js';
import { mergePetWrites } from './pet-merge.js';
import type { SessionEvents } from './session-watcher.js';
import { sessionMood } from './session-mood.js';
import { spriteViewOf } from './species-view.js';
import { createStageFollower } from './stage-growth.js';
import { startLiveConfig } from './live-config.js';
import type { TuiLog } from './tui-log.js';
import { createUpdateThrottle } from './update-throttle.js';

/** Events older than this when they arrive (a replaced journal read again) do not run plugins. */
export const FRESH_EVENT_MS = 60_000;
/** The pet file is saved at most this often while events stream in (and on quit). */
const PET_SAVE_MS = 2_000;
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

export function petSnapshot(pet: Pet, now: number): PetSnapshot {
  const current = decayPet(pet, now);
  const level = levelForXp(current.xp);
  const base = xpForLevel(level);
  return {
    name: toSafeText(current.identity.name, { maxLength: 40 }),
    level,
    rarity: toSafeText(current.identity.shiny ? `${current.identity.rarity} ✦` : current.identity.rarity, { maxLength: 40 }),
    // Whole numbers: the bars cannot show more, and equal snapshots let the needs skip a redraw.
    hunger: Math.round(current.needs.hunger),
    energy: Math.round(current.needs.energy),
    happiness: Math.round(current.needs.happiness),
    xp: current.xp - base,
    xpToNext: xpForLevel(level + 1) - current.xp,
    mood: 'idle',
  };
}

const ACTION_KIND: Record<Interaction, EventKind> = { feed: 'fed', pet: 'petted' };

export function startTuiServices(options: TuiServicesOptions): TuiServices {
  const { root, store, log } = options;
  const env = options.env ?? process.env;
  const clock = options.clock ?? Date.now;
  const petFile = options.petFile ?? petFilePath(env);
  let runner: PluginRunner | undefined;
  let delegate: DelegateResolver | undefined;
  let delegateModule: typeof import('../delegate/index.js') | undefined;
  let delegateLoading: Promise<DelegateResolver> | undefined;
  let pet: Pet | undefined;
  let petDirty = false;
  /** pet.json's mtime when this pane last loaded or saved it. */
  let petMtime: number | undefined;
  /** The pet as this pane last loaded or saved it: the base of a merge with someone else's write. */
  let petBase: Pet | undefined;
  let ticks = 0;
  let closed = false;
  const quipTurns = new Map<string, number>();
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
  const speciesConfig = liveConfig.current().config.species ?? {};
  const speciesDir = options.speciesDir ?? (speciesConfig.dir ? expandPath(speciesConfig.dir, env) : undefined);
  const speciesId = options.speciesId ?? speciesConfig.id;

  // --- species (the registry reports its first load from inside the constructor: skip that one)
  let registryReady = false;
  const registry: SpeciesRegistry = createSpeciesRegistry({
    userDir: userSpeciesDir(env),
    extraDir: speciesDir,
    onChange: () => {
      if (registryReady) updateSprite();
    },
  });
  registryReady = true;
  for (const issue of registry.issues()) log.info(`species: ${JSON.stringify(issue)}`);
  registry.watch().catch((error) => log.error('species watch', error));

  const species = (): Species | undefined => {
    const wanted = speciesId ?? pet?.identity.speciesId;
    return (wanted ? registry.get(wanted)?.species : undefined) ?? registry.list()[0]?.species;
  };
  // The sprite is drawn at the pet's evolution stage; growing into the next one gets a bubble.
  const stages = createStageFollower({
    species, pet: () => pet, isRunner: () => store.getState().role === 'runner',
    draw: (current, stageName) => {
      try {
        store.getState().setSprite(current ? spriteViewOf(current, { eyes: pet?.identity.eyes, hat: pet?.identity.hat, stageName }) : DEFAULT_SPRITE);
      } catch (error) {
        log.error('sprite', error);
        store.getState().setSprite(DEFAULT_SPRITE);
      }
    },
    say: (text, now) => {
      const sessionId = store.getState().selectedId;
      // A few times in a pet's life: it takes the screen from small talk (not from a failure),
      // and may wait longer than small talk for its turn.
      if (sessionId) onReaction({ id: `stage-${now}`, sessionId, kind: 'reaction', text, source: 'buddy', event: 'level_up', priority: REACTION_PRIORITY.warning, ttlMs: 2 * DEFAULT_REACTION_TTL_MS, ts: now });
    },
  });
  const staged = stages.staged;
  function updateSprite(): void {
    stages.draw();
  }

  /** A quip of the species for a kind, rotating through its lines. */
  const quipFor = (kind: EventKind): string | undefined => {
    const lines = staged()?.quips?.[kind];
    if (!lines?.length) return undefined;
    const turn = quipTurns.get(kind) ?? 0;
    quipTurns.set(kind, turn + 1);
    return lines[turn % lines.length];
  };

  // --- pet and mood: recomputed on the tick, so events cost one store update, not three
  const petView = (now: number): TickExtras => {
    const session = selectSelectedSession(store.getState());
    return pet ? { pet: petSnapshot(pet, now), mood: deriveMood(pet, session, now) } : { mood: sessionMood(session, now) };
  };
  const refreshPet = (now: number) => {
    const view = petView(now);
    store.setState(view);
  };
  const savePetNow = () => {
    if (!pet || !petDirty || store.getState().role !== 'runner') return;
    petDirty = false;
    try {
      // `buddy-tui feed` from another terminal may have written the file since: merge what this
      // pane added onto that file instead of overwriting it.
      if (fileMtime(petFile) !== petMtime) {
        const fresh = readPetLite(petFile);
        if (fresh && petBase) pet = mergePetWrites(petBase, pet, fresh, clock());
      }
      savePet(petFile, pet);
      petBase = pet;
      petMtime = fileMtime(petFile);
    } catch (error) {
      log.error('pet save', error);
    }
  };
  const petSaver = createUpdateThrottle(savePetNow, PET_SAVE_MS, clock);

  const stepOwnPet = (input: PetInput, at: number) => {
    if (!pet) return;
    pet = stepPet(pet, input, at);
    petDirty = true;
  };

  /** Why the runner has no pet: pet.json cannot be read and has no good copy. Shown, and retried, until fixed. */
  let petProblem: string | undefined;
  const showPetProblem = () => {
    if (petProblem) store.getState().setNotice(toSafeText(petProblem, { maxLength: 300 }), clock(), 'warning');
  };
  const loadPet = () => {
    const problemBefore = petProblem;
    try {
      if (store.getState().role === 'runner') {
        petProblem = undefined;
        const loaded = loadPetForUpdate(petFile, {
          seed: defaultSeed(safeUser(), hostname()),
          speciesIds: registry.list().map((entry) => entry.species.id),
          now: clock(),
        });
        pet = loaded.pet;
        petBase = pet;
        petMtime = fileMtime(petFile);
        if (loaded.message) store.getState().setNotice(toSafeText(loaded.message, { maxLength: 300 }), clock(), loaded.hatched ? 'info' : 'warning');
      } else pet = readPetLite(petFile) ?? pet;
    } catch (error) {
      if (!(error instanceof PetUnreadableError)) return log.error('pet load', error);
      if (error.message !== problemBefore) log.error('pet load', error);
      // Never start over on top of the user's file, nor save a pet read earlier over it.
      pet = undefined;
      petProblem = error.message;
      showPetProblem();
    }
  };

  // --- reactions
  const pending: ShownReaction[] = [];
  const flushReactions = () => {
    const now = clock();
    const state = store.getState();
    for (const reaction of pending.splice(0)) state.pushReaction(reaction, now);
  };
  const reactionThrottle = createUpdateThrottle(flushReactions, 33, clock);
  const onReaction = (raw: Reaction) => {
    if (closed) return;
    const reaction: Reaction = { ...raw, text: sanitizeText(raw.text, { keepNewlines: true, maxLength: 600 }), source: sanitizeText(raw.source, { maxLength: 60 }) };
    pending.push(toShownReaction(reaction));
    reactionThrottle.schedule();
    try {
      appendReaction(root, reaction);
    } catch (error) {
      log.error('reactions log', error);
    }
  };

  const interact = (what: Interaction) => {
    if (!pet) showPetProblem();
    if (!pet || store.getState().role !== 'runner') return;
    const now = clock();
    stepOwnPet({ type: 'action', action: what }, now);
    savePetNow();
    if (!pet) return;
    const name = pet.identity.name;
    const outcome = pet.last?.outcome;
    const text = outcome === 'too_full' ? `${name} is full` : outcome === 'too_tired' ? `${name} is too tired` : what === 'feed' ? `you fed ${name}` : `you petted ${name}`;
    store.getState().setNotice(toSafeText(text, { maxLength: 80 }), now);
    const quip = outcome === 'ok' || outcome === undefined ? quipFor(ACTION_KIND[what]) : undefined;
    const sessionId = store.getState().selectedId;
    if (quip && sessionId) {
      onReaction({
        id: `${what}-${now}`, sessionId, kind: 'reaction', text: quip, source: 'buddy', event: what,
        priority: REACTION_PRIORITY.chat, ttlMs: DEFAULT_REACTION_TTL_MS, ts: now,
      });
    }
    refreshPet(now);
  };

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
          isAddressed: (event) => isBuddyAddressed(event, [pet?.identity.name, species()?.name, 'buddy']),
          quipsFor: (kind) => staged()?.quips?.[kind],
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
      onWarning: (warning) => {
        log.info(`plugin warning: ${JSON.stringify(warning)}`);
        store.getState().setNotice(toSafeText(`${warning.plugin}: ${warning.message}`, { maxLength: 300 }), clock(), 'warning');
        // Every warning is in reactions.jsonl too, for scripts on top; the statusline skips notices.
        try {
          appendReaction(root, {
            id: `notice-${warning.ts}-${Math.random().toString(36).slice(2, 8)}`,
            sessionId: warning.sessionId,
            kind: 'notice',
            text: sanitizeText(warning.message, { maxLength: 600 }),
            source: sanitizeText(warning.plugin, { maxLength: 60 }),
            event: warning.event,
            priority: 0,
            ttlMs: 0,
            ts: warning.ts,
          });
        } catch (error) {
          log.error('reactions log', error);
        }
      },
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

  loadPet();
  updateSprite();
  if (store.getState().role === 'runner') startRunner();
  refreshPet(clock());

  return {
    runner: () => runner,
    delegate: () => delegate,
    configReady: liveConfig.ready,
    handleEvents(batch) {
      if (closed) return;
      const now = clock();
      const isRunner = store.getState().role === 'runner';
      for (const { events } of batch) {
        if (isRunner && pet) {
          // One pet copy per batch, not per event: a burst is tens of thousands of events.
          const before = levelForXp(pet.xp);
          pet = stepPetEvents(pet, events, now);
          petDirty = true;
          const after = levelForXp(pet.xp);
          if (after > before) store.getState().setNotice(toSafeText(`${sanitizeText(pet.identity.name, { maxLength: 30 })} reached level ${after}!`), now);
        }
        if (!runner) continue;
        for (const event of events) {
          // handleEvent never rejects.
          if (now - (typeof event.ts === 'number' ? event.ts : now) <= FRESH_EVENT_MS) void runner.handleEvent(event);
        }
      }
      if (petDirty) petSaver.schedule();
      stages.follow(now);
    },
    tick(now) {
      if (closed) return {};
      ticks += 1;
      if ((store.getState().role === 'viewer' || petProblem) && ticks % VIEWER_PET_TICKS === 0) {
        const previous = pet?.identity.speciesId;
        loadPet();
        if (pet?.identity.speciesId !== previous) updateSprite();
      }
      if (ticks % 20 === 0) updateDelegateStats(now);
      stages.follow(now);
      return petView(now);
    },
    becomeRunner() {
      store.getState().setRole('runner');
      loadPet();
      updateSprite();
      startRunner();
      store.getState().setNotice(toSafeText('this pane now runs the plugins'), clock());
    },
    async close() {
      if (closed) return;
      closed = true;
      reactionThrottle.cancel();
      petSaver.cancel();
      savePetNow();
      store.getState().setInteract(undefined);
      delegate?.close();
      await Promise.allSettled([runner?.close(), registry.close(), liveConfig.close()]);
    },
  };
}

function fileMtime(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

function safeUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'user';
  }
}
