/**
 * The pet the runner holds beside pet.json, and its saves: merged onto another process's write
 * (`buddy-tui feed`, a viewer's f) when the file changed since, routine saves without an fsync
 * and the last good copy durable at least once a minute (pet-file.ts savePet).
 */
import { fileSignature } from '../../files/file-signature.js';
import { savePet } from '../../pet/pet-file.js';
import { readPetLite } from '../../pet/pet-lite.js';
import type { Pet } from '../../pet/pet.js';
import { mergePetWrites } from '../pet-merge.js';
import type { TuiLog } from '../tui-log.js';

/** The pane's pet as it stands, and pet.json as this pane last loaded or saved it. */
export interface HeldPet {
  pet?: Pet;
  /** Events or actions not saved yet (the runner's). */
  dirty: boolean;
  /** pet.json's signature when this pane last loaded or saved it (file-signature.ts). */
  signature?: string;
  /** The pet as this pane last loaded or saved it: the base of a merge with someone else's write. */
  base?: Pet;
  /** Why there is no pet (pet.json unreadable, no good copy). */
  problem?: string;
  /** When this pane last saved durably, with the last good copy (savePet). */
  durableAt?: number;
  /** A routine save since: the last good copy is behind pet.json, so the next durable save must write. */
  copyBehind?: boolean;
}

/** At most this long between durable saves (with the last good copy) while events come. */
const DURABLE_SAVE_MS = 60_000;

/**
 * The runner saves what is not saved yet. `buddy-tui feed` from another terminal, or a viewer's
 * f, may have written the file since this pane's last load or save (its signature differs): what
 * this pane added is merged onto that file instead of overwriting it.
 */
export function saveHeld(held: HeldPet, petFile: string, clock: () => number, log: TuiLog, routine: boolean): void {
  if (!held.pet || !held.dirty) return;
  held.dirty = false;
  try {
    const now = clock();
    const fresh = fileSignature(petFile) === held.signature ? undefined : readPetLite(petFile);
    const pet = fresh && held.base ? mergePetWrites(held.base, held.pet, fresh, now) : held.pet;
    const durable = !routine || held.durableAt === undefined || now - held.durableAt >= DURABLE_SAVE_MS;
    Object.assign(held, { pet, signature: savePet(petFile, pet, !durable), base: pet });
    if (durable) held.durableAt = now;
    held.copyBehind = !durable;
  } catch (error) {
    log.report({ level: 'error', where: 'pet save', error });
  }
}

/**
 * Another process saved pet.json: the runner takes it, with what it did since its last load or
 * save on top (saved on its next save). A broken file is left to that save. True when it changed.
 */
export function mergeNewerSave(held: HeldPet, petFile: string, now: number): boolean {
  const signature = fileSignature(petFile);
  const fresh = readPetLite(petFile);
  if (!fresh || !held.pet || !held.base) return false;
  Object.assign(held, { pet: mergePetWrites(held.base, held.pet, fresh, now), base: fresh, signature });
  return true;
}
