/**
 * What the Claude Code mod draws for one session (src/cli/mod-state.ts prints it; the runner writes
 * it to the session's view file, src/mod/mod-view-writer.ts). The face, mood, reaction
 * and waiting state come from the statusline's own rules (readSessionSource, lookBuddy,
 * buildView), so the mod, the statusline and the pane cannot disagree. `watch` lists the files
 * whose change means "look again".
 *
 * The mod's room, src/mod/: this look; the bridge in the state root (mod-bridge.ts) and the view
 * files (mod-views.ts, written by mod-view-writer.ts); the bridge part of a look (bridge-look.ts),
 * `/buddy pet|feed|play` (pet-act.ts), the journal records of an answered ask and of a question
 * (mod-answered.ts, mod-ask.ts), an answer from `$.model.complete` (complete-result.ts). Elsewhere,
 * where each host's part of that kind lives: the mod itself, which runs inside Claude Code
 * (claude-plugin/); its commands (src/cli/mod-state.ts, mod-answer.ts; mod-mute.ts, as /buddy
 * mute saves the pane's own setting, src/tui/chattiness-prefs.ts); its installer
 * (src/install/mod-install.ts, mod-version.ts; src/cli/install-mod.ts is the step of `install`);
 * doctor's check (src/doctor/doctor-mod.ts); the delegate adapter that asks through it
 * (src/delegate/adapters/session.ts); its tests (test/mod/).
 */
import { join } from 'node:path';
import { panePrefsPath, petFilePath } from '../config/paths.js';
import { decayPet } from '../pet/pet-engine.js';
import { levelForXp } from '../pet/pet.js';
import { renderSprite } from '../species/render.js';
import { stageIndexAt } from '../species/stages.js';
import type { Mood } from '../species/sprite-state.js';
import { REACTIONS_FILE, JOURNAL_FILE } from '../state/state-root.js';
import { readLatestReaction } from '../state/reactions-log.js';
import { reactionLifetimeMs } from '../display/reaction-expiry.js';
import type { SessionState } from '../state/session-state.js';
import type { Reaction } from '../protocol/reaction.js';
import { lookBuddy } from '../statusline/buddy.js';
import { readSessionSource } from '../statusline/session-source.js';
import { reactionsMuted } from '../statusline/mute-setting.js';
import { buildView, type StatuslineView } from '../statusline/view.js';
import { sanitizeText } from '../text/sanitize.js';
import { readBuddy, type Buddy } from '../pet/load-buddy.js';
import type { SpeciesRegistry } from '../species/species-registry.js';
import { bridgeDir } from './mod-bridge.js';
import { modViewPath } from './mod-views.js';

/** How long the statusline shows a reaction at most (its default `reactionMaxAgeMs`). */
const REACTION_MAX_AGE_MS = 5 * 60_000;

export interface ModState {
  v: 1;
  face: string;
  name?: string;
  mood: string;
  species?: string;
  stage?: string;
  level?: number;
  needs?: { hunger: number; energy: number; happiness: number };
  /** The species' sprite for the mood at its stage, one string per row (no colour). */
  sprite: string[];
  color?: string;
  bubble?: { text: string; kind: string };
  /** When the statusline drops that bubble (ms since the epoch): the mod asks again then, and not before. */
  bubbleUntil?: number;
  /** What Claude waits for ("approve Bash `ls`"), when it waits for the user. */
  waiting?: string;
  /** When that wait began (ms since the epoch): the mod drops an ask begun before the user's last answer. */
  waitingSince?: number;
  working: boolean;
  /** The buddy keeps its bubbles to itself (`m` in a pane, /buddy mute): no bubble is drawn. */
  muted?: true;
  /** What an `--act` said (the quip), when one was asked. */
  said?: string;
  /** Files whose change (mtime or size) means the drawing may have changed. */
  watch: string[];
  /** The session's reactions.jsonl: the mod shows a line appended to it at once (see buddy-view.js). */
  reactions?: string;
  /** The session's view file, which the runner keeps current (src/mod/mod-views.ts): the mod reads it during a turn. */
  view?: string;
  /** In a view file only: how many delegate calls and toasts wait for this mod (it asks mod-state to claim them). */
  pending?: number;
  /** Delegate calls this mod now owns: it makes each with $.model.complete and answers with `buddy-tui mod-answer`. */
  asks?: ModAsk[];
  /** Notifications for the mod to show with $.ui.toast. */
  toasts?: string[];
}

/** A claimed bridge request, as the mod needs it (src/mod/mod-bridge.ts). */
export interface ModAsk {
  id: string;
  model: string;
  system: string;
  prompt: string;
  maxTokens: number;
  /** Time left before the asker gives up (the mod passes it to $.model.complete). */
  timeoutMs: number;
}

function speciesLook(buddy: Buddy | undefined, mood: Mood) {
  if (!buddy) return { sprite: [] as string[] };
  const entry = buddy.registry.get(buddy.species.id);
  const level = levelForXp(buddy.pet.xp);
  const stages = entry?.species.stages;
  // The species check refuses control characters, not what the pane's sanitiser also takes out.
  const stage = sanitizeText(stages?.[stageIndexAt(stages, level)]?.name, { maxLength: 40 }).trim() || undefined;
  const sprite = renderSprite(buddy.species, mood, 0, {
    eyes: buddy.pet.identity.eyes,
    hat: buddy.pet.identity.hat,
  }).map((row) => sanitizeText(row.trimEnd(), { maxLength: 40 }));
  while (sprite.length > 0 && sprite[0].trim() === '') sprite.shift();
  while (sprite.length > 0 && sprite[sprite.length - 1].trim() === '') sprite.pop();
  return {
    sprite,
    stage,
    species: sanitizeText(buddy.species.name, { maxLength: 40 }),
    color: buddy.species.colors.body,
  };
}

function readPet(env: NodeJS.ProcessEnv, now: number, registry?: SpeciesRegistry): Buddy | undefined {
  try {
    const read = readBuddy(env, now, undefined, false, registry);
    return 'problem' in read ? undefined : read;
  } catch {
    return undefined;
  }
}

/** When a shown reaction goes: the statusline's rule (recentReaction): its lifetime, within the max age. */
function bubbleEnd(reaction: Reaction, now: number): number {
  return Math.min(reaction.ts + REACTION_MAX_AGE_MS, Math.min(reaction.ts, now) + reactionLifetimeMs(reaction));
}

/**
 * The whole drawing for one session at `now`; `registry`: the species a resident caller keeps,
 * `held`: its folded state of the session, at the journal's current end (mod-view-writer.ts).
 */
export function computeModState(
  sessionId: string | undefined,
  env: NodeJS.ProcessEnv,
  now: number,
  said?: string,
  registry?: SpeciesRegistry,
  held?: SessionState,
): ModState {
  const source = readSessionSource(sessionId, env, now, held);
  const muted = reactionsMuted(env);
  const look = lookBuddy(source.state, now, env);
  const reaction = source.dir && source.dirReady ? readLatestReaction(source.dir) : undefined;
  const view: StatuslineView = buildView({
    payload: { sessionId },
    state: source.state,
    face: look.face,
    name: look.name,
    reaction,
    reactionMaxAgeMs: REACTION_MAX_AGE_MS,
    now,
    muted,
    intro: look.intro,
  });
  const buddy = readPet(env, now, registry);
  const needs = buddy ? decayPet(buddy.pet, now).needs : undefined;
  const watch = [petFilePath(env), panePrefsPath(env)];
  if (source.dir) watch.push(join(source.dir, REACTIONS_FILE), join(source.dir, JOURNAL_FILE));
  watch.push(join(source.root, 'inbox'), bridgeDir(source.root, 'requests'), bridgeDir(source.root, 'toasts'));
  return {
    v: 1,
    face: view.face,
    name: view.name,
    mood: sanitizeText(look.mood, { maxLength: 24 }),
    ...speciesLook(buddy, look.mood as Mood),
    level: buddy ? levelForXp(buddy.pet.xp) : undefined,
    needs: needs && {
      hunger: Math.round(needs.hunger),
      energy: Math.round(needs.energy),
      happiness: Math.round(needs.happiness),
    },
    bubble: view.reaction,
    bubbleUntil: !view.reaction
      ? undefined
      : view.reaction.text === look.intro
        ? look.introUntil
        : reaction && bubbleEnd(reaction, now),
    waiting: view.waiting?.what,
    waitingSince: view.waiting && now - view.waiting.elapsedMs,
    working: view.turnOpen || view.runningTool !== undefined,
    ...(muted ? { muted: true as const } : {}),
    said: said && sanitizeText(said, { maxLength: 160 }),
    watch,
    reactions: source.dir ? join(source.dir, REACTIONS_FILE) : undefined,
    view: modViewPath(source.root, sessionId),
  };
}
