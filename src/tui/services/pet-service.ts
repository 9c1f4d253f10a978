/**
 * The pane's pet: loaded from pet.json (a broken file goes on from its last good copy; with
 * none the problem is shown and retried, and nothing is ever hatched or saved over the user's
 * file), stepped by events and by f/p, and saved by the runner at most every PET_SAVE_MS,
 * merged onto what `buddy-tui feed` in another terminal wrote meanwhile. Each pane follows the
 * file: a viewer reads what was saved, the runner merges another process's write into its pet.
 * A viewer's f/p step the file itself, as `buddy-tui feed` does; the runner merges that too.
 */
import type { JournalEvent } from '../../protocol/hook-event.js';
import { defaultSeedFor, introduction } from '../../pet/introduction.js';
import { deriveMood } from '../../pet/mood.js';
import { decayPet, stepPet, stepPetEvents } from '../../pet/pet-engine.js';
import { fileSignature } from '../../files/file-signature.js';
import { loadPetForUpdate, PetUnreadableError, savePet, type LoadedPet } from '../../pet/pet-file.js';
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
import { createUpdateThrottle } from '../watch/update-throttle.js';
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
  /** The seed a first pet hatches from; defaultSeedFor(process.env), the CLI's rule, when unset. */
  seed?: string;
  /** The owner's lifetime: this service closes when it ends. */
  signal?: AbortSignal;
}

export interface PetService {
  current(): Pet | undefined;
  /** Why the runner has no pet (pet.json unreadable, no good copy); retried until fixed. */
  problem(): string | undefined;
  /** Reads pet.json again: for update as the runner, read-only as a viewer. */
  load(): void;
  /** pet.json written by another process since: a viewer reads it, the runner merges it in. True when the pet changed. */
  refresh(now: number): boolean;
  /** Puts the problem (if any) into the footer. */
  showProblem(): void;
  /** The runner's pet takes a batch of events; the save follows on the throttle. */
  applyEvents(events: readonly JournalEvent[], now: number): void;
  /** The pet is fed or petted and saved at once (a viewer's straight in pet.json); returns the pet after it. */
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

/** The pane's pet as it stands, and pet.json as this pane last loaded or saved it. */
interface HeldPet {
  pet?: Pet;
  /** Events or actions not saved yet (the runner's). */
  dirty: boolean;
  /** pet.json's signature when this pane last loaded or saved it (file-signature.ts). */
  signature?: string;
  /** The pet as this pane last loaded or saved it: the base of a merge with someone else's write. */
  base?: Pet;
  /** Why there is no pet (pet.json unreadable, no good copy). */
  problem?: string;
}

export function createPetService(options: PetServiceOptions): PetService {
  const { petFile, store, log, clock } = options;
  const held: HeldPet = { dirty: false };
  const isRunner = () => store.getState().role === 'runner';

  const saveNow = () => {
    if (isRunner()) saveHeld(held, petFile, clock, log);
  };
  const saver = createUpdateThrottle(saveNow, PET_SAVE_MS, clock);
  // The last save on the way out.
  const life = lifetimeWithin(options.signal);
  onAbort(life.signal, () => {
    saver.cancel();
    saveNow();
  });

  const announce = createAnnouncer(store, clock);

  const showProblem = () => {
    if (held.problem) store.getState().setNotice(toSafeText(held.problem, { maxLength: 300 }), clock(), 'warning');
  };

  /** pet.json cannot be read: no pet, and the problem in the footer (never a new pet over the file). */
  const unreadable = (error: unknown): undefined => {
    if (!(error instanceof PetUnreadableError)) return void log.report({ level: 'error', where: 'pet load', error });
    if (error.message !== held.problem) log.report({ level: 'error', where: 'pet load', error });
    held.pet = undefined;
    held.problem = error.message;
    showProblem();
  };

  const load = () => {
    try {
      if (!isRunner()) {
        held.signature = fileSignature(petFile);
        held.pet = readPetLite(petFile) ?? held.pet;
        announce(held.pet);
        return;
      }
      // Taken before the read: a write in between makes the next save merge, which is harmless.
      const signature = fileSignature(petFile);
      const loaded = loadPetFile(petFile, options, clock());
      Object.assign(held, { pet: loaded.pet, base: loaded.pet, signature, problem: undefined });
      announce(loaded.pet, loaded);
    } catch (error) {
      unreadable(error);
    }
  };

  /** A viewer's f/p: the file is stepped and saved as `buddy-tui feed` does; the runner merges it in. */
  const actOnFile = (what: Interaction, now: number): Pet | undefined => {
    try {
      const pet = stepPet(loadPetFile(petFile, options, now).pet, { type: 'action', action: what }, now);
      Object.assign(held, { pet, signature: savePet(petFile, pet), problem: undefined });
      return pet;
    } catch (error) {
      return unreadable(error);
    }
  };

  return {
    current: () => held.pet,
    problem: () => held.problem,
    load,
    showProblem,
    applyEvents(events, now) {
      if (!held.pet || !isRunner()) return;
      // One pet copy per batch, not per event: a burst is tens of thousands of events.
      const before = levelForXp(held.pet.xp);
      held.pet = stepPetEvents(held.pet, events, now);
      held.dirty = true;
      const after = levelForXp(held.pet.xp);
      const name = sanitizeText(held.pet.identity.name, { maxLength: 30 });
      if (after > before) store.getState().setNotice(toSafeText(`${name} reached level ${after}!`), now);
      saver.schedule();
    },
    act(what, now) {
      if (!isRunner()) return actOnFile(what, now);
      if (!held.pet) return undefined;
      held.pet = stepPet(held.pet, { type: 'action', action: what }, now);
      held.dirty = true;
      saveNow();
      return held.pet;
    },
    refresh(now) {
      if (fileSignature(petFile) === held.signature) return false;
      if (isRunner() && held.pet && held.base) return mergeNewerSave(held, petFile, now);
      load();
      return true;
    },
    view(now) {
      const { pet } = held;
      const session = selectSelectedSession(store.getState());
      return pet
        ? { pet: petSnapshot(pet, now), mood: deriveMood(pet, session, now) }
        : { mood: sessionMood(session, now) };
    },
    close: () => void life.end(),
  };
}

/**
 * What a load says in the footer: a pet in its first minute is introduced, once per pane;
 * otherwise what the load had to say (recovered, values brought into range).
 */
function createAnnouncer(store: BuddyStore, clock: () => number) {
  let introduced = false;
  return (pet: Pet | undefined, loaded?: LoadedPet): void => {
    const intro = pet && !introduced ? introduction(pet, clock(), 'f feeds it, p pets it.') : undefined;
    introduced ||= intro !== undefined;
    const text = intro ?? loaded?.message;
    const tone = intro || loaded?.hatched ? 'info' : 'warning';
    if (text) store.getState().setNotice(toSafeText(text, { maxLength: 300 }), clock(), tone);
  };
}

/**
 * The runner saves what is not saved yet. `buddy-tui feed` from another terminal, or a viewer's
 * f, may have written the file since this pane's last load or save (its signature differs): what
 * this pane added is merged onto that file instead of overwriting it.
 */
function saveHeld(held: HeldPet, petFile: string, clock: () => number, log: TuiLog): void {
  if (!held.pet || !held.dirty) return;
  held.dirty = false;
  try {
    const fresh = fileSignature(petFile) === held.signature ? undefined : readPetLite(petFile);
    const pet = fresh && held.base ? mergePetWrites(held.base, held.pet, fresh, clock()) : held.pet;
    Object.assign(held, { pet, signature: savePet(petFile, pet), base: pet });
  } catch (error) {
    log.report({ level: 'error', where: 'pet save', error });
  }
}

/**
 * Another process saved pet.json: the runner takes it, with what it did since its last load or
 * save on top (saved on its next save). A broken file is left to that save. True when it changed.
 */
function mergeNewerSave(held: HeldPet, petFile: string, now: number): boolean {
  const signature = fileSignature(petFile);
  const fresh = readPetLite(petFile);
  if (!fresh || !held.pet || !held.base) return false;
  Object.assign(held, { pet: mergePetWrites(held.base, held.pet, fresh, now), base: fresh, signature });
  return true;
}

/** pet.json for a change (hatched on first use, as `buddy-tui feed` does); throws PetUnreadableError. */
function loadPetFile(petFile: string, options: Pick<PetServiceOptions, 'seed' | 'speciesIds'>, now: number) {
  const seed = options.seed ?? defaultSeedFor(process.env);
  return loadPetForUpdate(petFile, { seed, speciesIds: options.speciesIds(), now });
}
