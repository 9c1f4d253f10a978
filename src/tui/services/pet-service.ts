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
import { existsSync } from 'node:fs';
import { fileSignature } from '../../files/file-signature.js';
import { hatchPet } from '../../pet/hatch.js';
import { loadPetForUpdate, PetUnreadableError, savePet, type LoadedPet } from '../../pet/pet-file.js';
import { readPetLite } from '../../pet/pet-lite.js';
import { levelForXp, xpForLevel, type Pet } from '../../pet/pet.js';
import { sanitizeText } from '../../text/sanitize.js';
import {
  NOTICE_MS,
  selectSelectedSession,
  type BuddyStore,
  type Interaction,
  type PetSnapshot,
  type TickExtras,
} from '../store/index.js';
import { lifetimeWithin, onAbort } from '../../process/lifetime.js';
import { sessionMood } from '../../display/mood.js';
import type { TuiLog } from '../tui-log.js';
import { createUpdateThrottle } from '../watch/update-throttle.js';
import { mergeNewerSave, saveHeld, type HeldPet } from './held-pet.js';
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
  /** The species the pane draws (--species, config.json's species.id, else the pet's own): its introduction names it. */
  drawnSpeciesId?: () => string | undefined;
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

/** The service's state: the pet held, and what it needs to load, save and announce it. */
interface PetState {
  readonly options: PetServiceOptions;
  readonly held: HeldPet;
  readonly announce: ReturnType<typeof createAnnouncer>;
}

const isRunner = (state: PetState) => state.options.store.getState().role === 'runner';

/** `routine`: a save of what events did (pet-file.ts savePet), durable once a minute; a user's act and the last save are durable. */
function saveNow(state: PetState, routine = false): void {
  const { petFile, clock, log } = state.options;
  if (!isRunner(state)) return;
  if (!routine && state.held.copyBehind) state.held.dirty = true;
  saveHeld(state.held, petFile, clock, log, routine);
}

function showProblem({ held, options }: PetState): void {
  if (held.problem)
    options.store.getState().setNotice(toSafeText(held.problem, { maxLength: 300 }), options.clock(), 'warning');
}

/** pet.json cannot be read: no pet, and the problem in the footer (never a new pet over the file). */
function unreadable(state: PetState, error: unknown): undefined {
  const { held, options } = state;
  if (!(error instanceof PetUnreadableError))
    return void options.log.report({ level: 'error', where: 'pet load', error });
  if (error.message !== held.problem) options.log.report({ level: 'error', where: 'pet load', error });
  held.pet = undefined;
  held.problem = error.message;
  showProblem(state);
}

function loadPet(state: PetState): void {
  const { held, options } = state;
  const { petFile } = options;
  try {
    if (!isRunner(state)) {
      held.signature = fileSignature(petFile);
      // No pet.json yet: the pet the runner will hatch from the same seed, drawn and never saved
      // here, so the viewer shows the face the statusLine and the mod show (statusline/buddy.ts).
      const drawn = existsSync(petFile) ? undefined : drawnPet(options, options.clock());
      held.pet = readPetLite(petFile) ?? drawn ?? held.pet;
      state.announce(held.pet);
      return;
    }
    // Taken before the read: a write in between makes the next save merge, which is harmless.
    const signature = fileSignature(petFile);
    const loaded = loadPetFile(petFile, options, options.clock());
    Object.assign(held, { pet: loaded.pet, base: loaded.pet, signature, problem: undefined });
    state.announce(loaded.pet, loaded);
  } catch (error) {
    unreadable(state, error);
  }
}

/** A viewer's f/p: the file is stepped and saved as `buddy-tui feed` does; the runner merges it in. */
function actOnFile(state: PetState, what: Interaction, now: number): Pet | undefined {
  const { petFile } = state.options;
  try {
    const pet = stepPet(loadPetFile(petFile, state.options, now).pet, { type: 'action', action: what }, now);
    Object.assign(state.held, { pet, signature: savePet(petFile, pet), problem: undefined });
    return pet;
  } catch (error) {
    return unreadable(state, error);
  }
}

/** The runner's pet takes a batch of events: one pet copy per batch, not per event (a burst is tens of thousands). */
function applyPetEvents(state: PetState, saver: { schedule(): void }, events: readonly JournalEvent[], now: number) {
  const { held } = state;
  if (!held.pet || !isRunner(state)) return;
  const before = levelForXp(held.pet.xp);
  held.pet = stepPetEvents(held.pet, events, now);
  held.dirty = true;
  const after = levelForXp(held.pet.xp);
  const name = sanitizeText(held.pet.identity.name, { maxLength: 30 });
  if (after > before) state.options.store.getState().setNotice(toSafeText(`${name} reached level ${after}!`), now);
  saver.schedule();
}

function actOnPet(state: PetState, what: Interaction, now: number): Pet | undefined {
  const { held } = state;
  if (!isRunner(state)) return actOnFile(state, what, now);
  if (!held.pet) return undefined;
  held.pet = stepPet(held.pet, { type: 'action', action: what }, now);
  held.dirty = true;
  saveNow(state);
  return held.pet;
}

function refreshPet(state: PetState, now: number): boolean {
  const { held, options } = state;
  if (fileSignature(options.petFile) === held.signature) return false;
  if (isRunner(state) && held.pet && held.base) return mergeNewerSave(held, options.petFile, now);
  loadPet(state);
  return true;
}

function petView({ held, options }: PetState, now: number): TickExtras {
  const { pet } = held;
  const session = selectSelectedSession(options.store.getState());
  return pet
    ? { pet: petSnapshot(pet, now), mood: deriveMood(pet, session, now) }
    : { mood: sessionMood(session, now) };
}

export function createPetService(options: PetServiceOptions): PetService {
  const state: PetState = {
    options,
    held: { dirty: false },
    announce: createAnnouncer(options),
  };
  const saver = createUpdateThrottle(() => saveNow(state, true), PET_SAVE_MS, options.clock);
  // The last save on the way out.
  const life = lifetimeWithin(options.signal);
  onAbort(life.signal, () => {
    saver.cancel();
    saveNow(state);
  });
  return {
    current: () => state.held.pet,
    problem: () => state.held.problem,
    load: () => loadPet(state),
    showProblem: () => showProblem(state),
    applyEvents: (events, now) => applyPetEvents(state, saver, events, now),
    act: (what, now) => actOnPet(state, what, now),
    refresh: (now) => refreshPet(state, now),
    view: (now) => petView(state, now),
    close: () => void life.end(),
  };
}

/**
 * What a load says in the footer: a pet in its first minute is introduced, once per pane;
 * otherwise what the load had to say (recovered, values brought into range).
 */
function createAnnouncer({ store, clock, drawnSpeciesId }: PetServiceOptions) {
  let introduced = false;
  return (pet: Pet | undefined, loaded?: LoadedPet): void => {
    const now = clock();
    // A warning in the footer (a broken config.json at start) is not cut short by a greeting or
    // the hatch's news: the pet is introduced at a later load, or by the statusLine and the mod.
    const { notice } = store.getState();
    const warned = notice?.tone === 'warning' && now - notice.at < NOTICE_MS;
    const intro =
      pet && !introduced && !warned
        ? introduction(pet, now, 'f feeds it, p pets it.', drawnSpeciesId?.() ?? pet.identity.speciesId)
        : undefined;
    introduced ||= intro !== undefined;
    const text = intro ?? loaded?.message;
    const tone = intro || loaded?.hatched ? 'info' : 'warning';
    if (text && !(warned && tone === 'info'))
      store.getState().setNotice(toSafeText(text, { maxLength: 300 }), now, tone);
  };
}

/** The first pet the seed hatches, as the runner and the CLI hatch it. */
function drawnPet(options: Pick<PetServiceOptions, 'seed' | 'speciesIds'>, now: number): Pet {
  return hatchPet({ seed: options.seed ?? defaultSeedFor(process.env), speciesIds: options.speciesIds(), now });
}

/** pet.json for a change (hatched on first use, as `buddy-tui feed` does); throws PetUnreadableError. */
function loadPetFile(petFile: string, options: Pick<PetServiceOptions, 'seed' | 'speciesIds'>, now: number) {
  const seed = options.seed ?? defaultSeedFor(process.env);
  return loadPetForUpdate(petFile, { seed, speciesIds: options.speciesIds(), now });
}
