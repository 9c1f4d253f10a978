/**
 * The pane's pet: loaded from pet.json (a broken file goes on from its last good copy; with
 * none the problem is shown and retried, and nothing is ever hatched or saved over the user's
 * file), stepped by events and by f/p, and saved by the runner at most every PET_SAVE_MS,
 * merged onto what `buddy-tui feed` in another terminal wrote meanwhile. A viewer only reads.
 */
import { hostname, userInfo } from 'node:os';
import type { JournalEvent } from '../../protocol/hook-event.js';
import { defaultSeed } from '../../pet/hatch.js';
import { deriveMood } from '../../pet/mood.js';
import { decayPet, stepPet, stepPetEvents } from '../../pet/pet-engine.js';
import { fileSignature } from '../../files/file-signature.js';
import { loadPetForUpdate, PetUnreadableError, savePet } from '../../pet/pet-file.js';
import { readPetLite } from '../../pet/pet-lite.js';
import { levelForXp, xpForLevel, type Pet } from '../../pet/pet.js';
import { sanitizeText } from '../../text/sanitize.js';
import {
  selectSelectedSession,
  type BuddyStore,
  type Interaction,
  type PetSnapshot,
  type TickExtras,
} from '../store/index.js';
import { mergePetWrites } from '../pet-merge.js';
import { lifetimeWithin, onAbort } from '../../process/lifetime.js';
import { sessionMood } from '../../display/mood.js';
import type { TuiLog } from '../tui-log.js';
import { createUpdateThrottle } from '../update-throttle.js';
import { toSafeText } from '../../text/safe-text.js';

/** The pet file is saved at most this often while events stream in (and on quit). */
const PET_SAVE_MS = 2_000;

export interface PetServiceOptions {
  petFile: string;
  store: BuddyStore;
  log: TuiLog;
  clock: () => number;
  /** The species a new pet may hatch as. */
  speciesIds: () => string[];
  /** The owner's lifetime: this service closes when it ends. */
  signal?: AbortSignal;
}

export interface PetService {
  current(): Pet | undefined;
  /** Why the runner has no pet (pet.json unreadable, no good copy); retried until fixed. */
  problem(): string | undefined;
  /** Reads pet.json again: for update as the runner, read-only as a viewer. */
  load(): void;
  /** Puts the problem (if any) into the footer. */
  showProblem(): void;
  /** The runner's pet takes a batch of events; the save follows on the throttle. */
  applyEvents(events: readonly JournalEvent[], now: number): void;
  /** The runner's pet is fed or petted and saved at once; returns the pet after it. */
  act(what: Interaction, now: number): Pet | undefined;
  /** What the tick's store update carries: the pet's numbers and the mood. */
  view(now: number): TickExtras;
  /** Saves what is not saved yet and stops the throttle. */
  close(): void;
}

export function petSnapshot(pet: Pet, now: number): PetSnapshot {
  const current = decayPet(pet, now);
  const level = levelForXp(current.xp);
  const base = xpForLevel(level);
  return {
    name: toSafeText(current.identity.name, { maxLength: 40 }),
    level,
    rarity: toSafeText(current.identity.shiny ? `${current.identity.rarity} ✦` : current.identity.rarity, {
      maxLength: 40,
    }),
    // Whole numbers: the bars cannot show more, and equal snapshots let the needs skip a redraw.
    hunger: Math.round(current.needs.hunger),
    energy: Math.round(current.needs.energy),
    happiness: Math.round(current.needs.happiness),
    xp: current.xp - base,
    xpToNext: xpForLevel(level + 1) - current.xp,
    mood: 'idle',
  };
}

export function createPetService(options: PetServiceOptions): PetService {
  const { petFile, store, log, clock } = options;
  let pet: Pet | undefined;
  let dirty = false;
  /** pet.json's signature when this pane last loaded or saved it (file-signature.ts). */
  let signature: string | undefined;
  /** The pet as this pane last loaded or saved it: the base of a merge with someone else's write. */
  let base: Pet | undefined;
  let problem: string | undefined;
  const isRunner = () => store.getState().role === 'runner';

  const saveNow = () => {
    if (!pet || !dirty || !isRunner()) return;
    dirty = false;
    try {
      pet = mergeOntoNewerFile(petFile, pet, base, signature, clock);
      signature = savePet(petFile, pet);
      base = pet;
    } catch (error) {
      log.report({ level: 'error', where: 'pet save', error });
    }
  };
  const saver = createUpdateThrottle(saveNow, PET_SAVE_MS, clock);
  // The last save on the way out.
  const life = lifetimeWithin(options.signal);
  onAbort(life.signal, () => {
    saver.cancel();
    saveNow();
  });

  const showProblem = () => {
    if (problem) store.getState().setNotice(toSafeText(problem, { maxLength: 300 }), clock(), 'warning');
  };

  const load = () => {
    const problemBefore = problem;
    try {
      if (isRunner()) {
        problem = undefined;
        // Taken before the read: a write in between makes the next save merge, which is harmless.
        const before = fileSignature(petFile);
        const loaded = loadPetForUpdate(petFile, {
          seed: defaultSeed(safeUser(), hostname()),
          speciesIds: options.speciesIds(),
          now: clock(),
        });
        pet = loaded.pet;
        base = pet;
        signature = before;
        if (loaded.message)
          store
            .getState()
            .setNotice(toSafeText(loaded.message, { maxLength: 300 }), clock(), loaded.hatched ? 'info' : 'warning');
      } else pet = readPetLite(petFile) ?? pet;
    } catch (error) {
      if (!(error instanceof PetUnreadableError)) return log.report({ level: 'error', where: 'pet load', error });
      if (error.message !== problemBefore) log.report({ level: 'error', where: 'pet load', error });
      // Never start over on top of the user's file, nor save a pet read earlier over it.
      pet = undefined;
      problem = error.message;
      showProblem();
    }
  };

  return {
    current: () => pet,
    problem: () => problem,
    load,
    showProblem,
    applyEvents(events, now) {
      if (!pet || !isRunner()) return;
      // One pet copy per batch, not per event: a burst is tens of thousands of events.
      const before = levelForXp(pet.xp);
      pet = stepPetEvents(pet, events, now);
      dirty = true;
      const after = levelForXp(pet.xp);
      if (after > before)
        store
          .getState()
          .setNotice(toSafeText(`${sanitizeText(pet.identity.name, { maxLength: 30 })} reached level ${after}!`), now);
      saver.schedule();
    },
    act(what, now) {
      if (!pet || !isRunner()) return undefined;
      pet = stepPet(pet, { type: 'action', action: what }, now);
      dirty = true;
      saveNow();
      return pet;
    },
    view(now) {
      const session = selectSelectedSession(store.getState());
      return pet
        ? { pet: petSnapshot(pet, now), mood: deriveMood(pet, session, now) }
        : { mood: sessionMood(session, now) };
    },
    close: () => void life.end(),
  };
}

/**
 * `buddy-tui feed` from another terminal may have written the file since this pane's last load
 * or save (its signature differs): what this pane added is merged onto that file instead of
 * overwriting it.
 */
function mergeOntoNewerFile(
  petFile: string,
  pet: Pet,
  base: Pet | undefined,
  signature: string | undefined,
  clock: () => number,
): Pet {
  if (fileSignature(petFile) === signature) return pet;
  const fresh = readPetLite(petFile);
  return fresh && base ? mergePetWrites(base, pet, fresh, clock()) : pet;
}

function safeUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'user';
  }
}
