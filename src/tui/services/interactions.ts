/**
 * `f` and `p` in the pane: the runner's pet is fed or petted and saved at once, the footer says
 * how it went, and an accepted action gets the species' quip in the bubble (the next action's quip
 * takes its place at once). Without a pet
 * (pet.json unreadable) the footer repeats why.
 */
import { DEFAULT_REACTION_TTL_MS, REACTION_PRIORITY, type Reaction } from '../../protocol/reaction.js';
import type { EventKind } from '../../protocol/event-kind.js';
import type { BuddyStore, Interaction } from '../store/index.js';
import type { PetService } from './pet-service.js';
import type { ReactionSink } from './reaction-sink.js';
import type { SpeciesService } from './species-service.js';
import { toReactionText, toSafeText } from '../../text/safe-text.js';
import { quipAllowed } from '../../plugins/chattiness.js';

const ACTION_KIND: Record<Interaction, EventKind> = { feed: 'fed', pet: 'petted' };

export interface InteractionsOptions {
  store: BuddyStore;
  clock: () => number;
  pets: PetService;
  species: Pick<SpeciesService, 'quipFor'>;
  sink: Pick<ReactionSink, 'push'>;
  /** The quip an action put in the bubble (the buddy's voice upgrades a pat's in place). */
  onQuip?(what: Interaction, quip: Reaction): void;
}

export function createInteract(options: InteractionsOptions): (what: Interaction) => void {
  const { store, clock, pets, species, sink } = options;
  // The last action's bubble: the next action within its lifetime, or while that bubble is on
  // screen (the voice's answer to a pat holds it longer), takes its place at once (the same id
  // replaces it in the queue) instead of waiting ~10 s behind it.
  let last: { id: string; at: number } | undefined;
  const onScreen = (id: string) => store.getState().bubbles.current?.reaction.id === id;
  return (what) => {
    if (!pets.current()) pets.showProblem();
    const now = clock();
    const pet = pets.act(what, now);
    if (!pet) return;
    const name = pet.identity.name;
    const outcome = pet.last?.outcome;
    const text =
      outcome === 'too_full'
        ? `${name} is full`
        : outcome === 'too_tired'
          ? `${name} is too tired`
          : what === 'feed'
            ? `you fed ${name}`
            : `you petted ${name}`;
    store.getState().setNotice(toSafeText(text, { maxLength: 80 }), now);
    const kind = ACTION_KIND[what];
    const quip =
      (outcome === 'ok' || outcome === undefined) && quipAllowed(store.getState().chattiness, kind)
        ? species.quipFor(kind)
        : undefined;
    const sessionId = store.getState().selectedId;
    if (quip && sessionId) {
      const id = last && (now - last.at < DEFAULT_REACTION_TTL_MS || onScreen(last.id)) ? last.id : `${what}-${now}`;
      last = { id, at: now };
      const reaction: Reaction = {
        id,
        sessionId,
        kind: 'reaction',
        text: toReactionText(quip),
        source: 'buddy',
        event: what,
        priority: REACTION_PRIORITY.chat,
        ttlMs: DEFAULT_REACTION_TTL_MS,
        ts: now,
      };
      sink.push(reaction);
      options.onQuip?.(what, reaction);
    }
    store.setState(pets.view(now));
  };
}
