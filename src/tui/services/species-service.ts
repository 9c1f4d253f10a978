/**
 * The pane's species: which one is drawn (the command-line flag, else config.json's species
 * section, else the pet's own, else the first one there is), its sprite in the store, redrawn
 * when a species file changes on disk, at the evolution stage the pet has reached (growing into
 * the next one is said in a bubble, stage-growth.ts), and its quips, rotating through each kind's lines.
 */
import { expandPath, userSpeciesDir } from '../../config/paths.js';
import type { BuddyConfig } from '../../config/config-file.js';
import type { Pet } from '../../pet/pet.js';
import { codexPetsDir } from '../../species/codex-pets.js';
import { lifetimeWithin } from '../../process/lifetime.js';
import { createSpeciesRegistry, type SpeciesRegistry } from '../../species/species-registry.js';
import type { Species } from '../../species/species-schema.js';
import type { EventKind } from '../../protocol/event-kind.js';
import type { BuddyStore } from '../store/index.js';
import { DEFAULT_SPRITE } from '../store/default-sprite.js';
import { createPictureService } from './picture-service.js';
import { spriteViewOf } from '../species-view.js';
import { createStageFollower } from '../stage-growth.js';
import { createSpeciesIssueReporter } from './species-issues.js';
import type { TuiLog } from '../tui-log.js';

export interface SpeciesServiceOptions {
  env: NodeJS.ProcessEnv;
  store: BuddyStore;
  log: TuiLog;
  /** config.json's species section, as loaded at start; the two flags below win over it. */
  config?: BuddyConfig['species'];
  speciesDir?: string;
  speciesId?: string;
  /** The pet whose species and looks (eyes, hat) are drawn; undefined while there is none. */
  pet: () => Pet | undefined;
  /** Only the runner says a growth in a bubble (a viewer just redraws). */
  isRunner?: () => boolean;
  /** Says the growth line ("Miso grew into an elder cat!"). */
  say?: (line: string, now: number) => void;
  /** The state root: picture pets' frames are cached there. */
  stateRoot?: string;
  clock?: () => number;
  /** Where kitty images are sent (default stdout). */
  write?: (text: string) => void;
  /** The owner's lifetime: this service closes when it ends. */
  signal?: AbortSignal;
}

export interface SpeciesService {
  /** The species drawn now. */
  current(): Species | undefined;
  /** The species as it looks at the stage the pet has reached (art, faces, quips). */
  staged(): Species | undefined;
  /** Redraws when the pet reached another stage; says so when it grew. */
  follow(now: number): void;
  /** Every loaded species id (a new pet hatches as one of them). */
  ids(): string[];
  /** A quip of the species for a kind, the next of its lines each time. */
  quipFor(kind: EventKind): string | undefined;
  /** Puts the sprite of the current species and pet into the store. */
  updateSprite(): void;
  /** Resolves when a picture being decoded is drawn (or failed). */
  picturesSettled(): Promise<void>;
  close(): Promise<void>;
}

export function startSpeciesService(options: SpeciesServiceOptions): SpeciesService {
  const { env, store, log, pet } = options;
  const config = options.config ?? {};
  const speciesId = options.speciesId ?? config.id;
  const quipTurns = new Map<string, number>();
  const life = lifetimeWithin(options.signal);

  // The registry reports its first load from inside the constructor: skip that one.
  let registryReady = false;
  const reportIssues = createSpeciesIssueReporter(store, log, options.clock ?? Date.now);
  const registry: SpeciesRegistry = createSpeciesRegistry({
    userDir: userSpeciesDir(env),
    codexPetsDir: codexPetsDir(env),
    extraDir: options.speciesDir ?? (config.dir ? expandPath(config.dir, env) : undefined),
    onChange: (changed) => {
      if (!registryReady) return;
      reportIssues(changed);
      updateSprite();
    },
    signal: life.signal,
  });
  registryReady = true;
  reportIssues(registry);
  registry.watch().catch((error) => log.report({ level: 'error', where: 'species watch', error }));

  const current = (): Species | undefined => {
    const wanted = speciesId ?? pet()?.identity.speciesId;
    return (wanted ? registry.get(wanted)?.species : undefined) ?? registry.list()[0]?.species;
  };

  const pictures = createPictureService({
    env,
    store,
    log,
    stateRoot: options.stateRoot,
    clock: options.clock,
    write: options.write,
    signal: life.signal,
  });
  const stages = createStageFollower({
    species: current,
    pet,
    isRunner: options.isRunner ?? (() => false),
    say: options.say ?? (() => undefined),
    draw: (staged, stageName) => {
      const identity = pet()?.identity;
      try {
        if (!staged) store.getState().setSprite(DEFAULT_SPRITE);
        else {
          const view = spriteViewOf(staged, { eyes: identity?.eyes, hat: identity?.hat, stageName });
          pictures.show(view, staged, registry.get(staged.id)?.file ?? '');
        }
      } catch (error) {
        log.report({ level: 'error', where: 'sprite', error });
        store.getState().setSprite(DEFAULT_SPRITE);
      }
    },
  });
  function updateSprite(): void {
    stages.draw();
  }

  return {
    current,
    staged: stages.staged,
    follow: stages.follow,
    ids: () => registry.list().map((entry) => entry.species.id),
    quipFor(kind) {
      const lines = stages.staged()?.quips?.[kind];
      if (!lines?.length) return undefined;
      const turn = quipTurns.get(kind) ?? 0;
      quipTurns.set(kind, turn + 1);
      return lines[turn % lines.length];
    },
    updateSprite,
    picturesSettled: () => pictures.settled(),
    close: life.end,
  };
}
