/**
 * `buddy-tui mod-state --session ID [--act pet|feed]`: exactly what the Claude Code mod
 * (claude-plugin/hooks/register.js) draws, as one JSON line. The mod runs in a worker with no
 * Node, so it asks this command instead of reading buddy-tui's files itself: the face, mood,
 * reaction and waiting state come from the statusline's own rules (readSessionSource, lookBuddy,
 * buildView), so the mod, the statusline and the pane cannot disagree. `watch` lists the files
 * whose change means "ask again"; the mod only stats them between events.
 * Prints `{"v":1,...}` and exits 0 whatever it finds (a missing pet or session is a state, not an error).
 */
import { readSmallFile } from '../files/read-small-file.js';
import { join } from 'node:path';
import { isPidAlive } from '../process/pid-alive.js';
import { stateRootPath } from '../state/state-root.js';
import { RUNNER_LOCK_FILE } from '../tui/runner-lock.js';
import { parseArgs } from 'node:util';
import { petFilePath } from '../config/paths.js';
import { drainBeforeRead } from '../ingest/drain-inbox.js';
import { decayPet, stepPet, type PetAction } from '../pet/pet-engine.js';
import { savePet } from '../pet/pet-file.js';
import { levelForXp } from '../pet/pet.js';
import { quipFor } from '../species/quips.js';
import { renderSprite } from '../species/render.js';
import { stageIndexAt } from '../species/stages.js';
import type { Mood } from '../species/sprite-state.js';
import { REACTIONS_FILE, JOURNAL_FILE } from '../state/state-root.js';
import { readLatestReaction } from '../state/reactions-log.js';
import { reactionLifetimeMs } from '../display/reaction-expiry.js';
import type { Reaction } from '../protocol/reaction.js';
import { lookBuddy } from '../statusline/buddy.js';
import { readSessionSource } from '../statusline/session-source.js';
import { buildView, type StatuslineView } from '../statusline/view.js';
import { resolveNow } from '../statusline/options.js';
import { sanitizeText } from '../text/sanitize.js';
import { term, termJson } from '../text/terminal-text.js';
import { processIo, type CliIo } from './cli-io.js';
import { loadBuddy, readBuddy, type Buddy } from './load-buddy.js';
import { spawnDetachedRunner } from './runner.js';
import { bridgeDir, claimBridgeRequests, claimBridgeToasts, writeModHeartbeat } from '../state/mod-bridge.js';

/** True when a live process holds `<root>/runner.lock` (a pane or a headless runner). */
function runnerAlive(env: NodeJS.ProcessEnv): boolean {
  try {
    const path = join(stateRootPath(env), RUNNER_LOCK_FILE);
    // A FIFO, a directory or a huge file in its place is no lock: never read one.
    const { pid } = JSON.parse(readSmallFile(path, { maxBytes: 4096 })) as { pid?: unknown };
    return typeof pid === 'number' && isPidAlive(pid);
  } catch {
    return false;
  }
}

/** How long the statusline shows a reaction at most (its default `reactionMaxAgeMs`). */
const REACTION_MAX_AGE_MS = 5 * 60_000;
const ACTIONS: readonly PetAction[] = ['pet', 'feed', 'play'];

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
  working: boolean;
  /** What an `--act` said (the quip), when one was asked. */
  said?: string;
  /** Files whose change (mtime or size) means the drawing may have changed. */
  watch: string[];
  /** The session's reactions.jsonl: the mod shows a line appended to it at once (see buddy-view.js). */
  reactions?: string;
  /** Delegate calls this mod now owns: it makes each with $.model.complete and answers with `buddy-tui mod-answer`. */
  asks?: ModAsk[];
  /** Notifications for the mod to show with $.ui.toast. */
  toasts?: string[];
}

/** A claimed bridge request, as the mod needs it (src/state/mod-bridge.ts). */
export interface ModAsk {
  id: string;
  model: string;
  system: string;
  prompt: string;
  maxTokens: number;
  /** Time left before the asker gives up (the mod passes it to $.model.complete). */
  timeoutMs: number;
}

/**
 * The bridge part of a look: this session's mod is loaded and interactive (it asks), so its
 * heartbeat is written (Claude Code is this command's parent) and what waits for it is claimed.
 */
function bridgeLook(
  sessionId: string | undefined,
  env: NodeJS.ProcessEnv,
  now: number,
): Pick<ModState, 'asks' | 'toasts'> {
  if (!sessionId) return {};
  try {
    const root = stateRootPath(env);
    writeModHeartbeat(root, sessionId, process.ppid, now);
    const asks = claimBridgeRequests(root, sessionId, now).map((r) => ({
      id: r.id,
      model: r.model,
      system: r.system,
      prompt: r.prompt,
      maxTokens: r.maxTokens,
      timeoutMs: Math.max(1000, r.deadline - now),
    }));
    const toasts = claimBridgeToasts(root, sessionId, now).map((t) => sanitizeText(t.text, { maxLength: 200 }));
    return { ...(asks.length ? { asks } : {}), ...(toasts.length ? { toasts } : {}) };
  } catch {
    // An unsafe or unwritable root: the drawing still goes out, the bridge waits.
    return {};
  }
}

function speciesLook(buddy: Buddy | undefined, mood: Mood) {
  if (!buddy) return { sprite: [] as string[] };
  const entry = buddy.registry.get(buddy.pet.identity.speciesId);
  const level = levelForXp(buddy.pet.xp);
  const stages = entry?.species.stages;
  const stage = stages?.[stageIndexAt(stages, level)]?.name;
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

/** Applies `--act` to pet.json (as `buddy-tui pet|feed` do) and returns its quip. */
function act(action: PetAction, env: NodeJS.ProcessEnv, now: number): string {
  const buddy = loadBuddy(env, now);
  const pet = stepPet(buddy.pet, { type: 'action', action }, now);
  savePet(buddy.path, pet);
  const name = sanitizeText(pet.identity.name, { maxLength: 24 });
  if (pet.last?.outcome === 'too_full') return `${name} is too full to eat another bite.`;
  if (pet.last?.outcome === 'too_tired') return `${name} is too tired to play.`;
  const kind = action === 'feed' ? 'fed' : action === 'pet' ? 'petted' : 'played';
  const counter = action === 'feed' ? pet.counters.fed : action === 'pet' ? pet.counters.petted : pet.counters.played;
  return `${name}: ${sanitizeText(quipFor(buddy.species, kind, counter - 1) ?? 'Thank you!', { maxLength: 120 })}`;
}

function readPet(env: NodeJS.ProcessEnv, now: number): Buddy | undefined {
  try {
    const read = readBuddy(env, now);
    return 'problem' in read ? undefined : read;
  } catch {
    return undefined;
  }
}

/** When a shown reaction goes: the statusline's rule (recentReaction): its lifetime, within the max age. */
function bubbleEnd(reaction: Reaction, now: number): number {
  return Math.min(reaction.ts + REACTION_MAX_AGE_MS, Math.min(reaction.ts, now) + reactionLifetimeMs(reaction));
}

/** The whole drawing for one session at `now`. */
export function computeModState(
  sessionId: string | undefined,
  env: NodeJS.ProcessEnv,
  now: number,
  said?: string,
): ModState {
  const source = readSessionSource(sessionId, env, now);
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
  });
  const buddy = readPet(env, now);
  const needs = buddy ? decayPet(buddy.pet, now).needs : undefined;
  const watch = [petFilePath(env)];
  if (source.dir) watch.push(join(source.dir, REACTIONS_FILE), join(source.dir, JOURNAL_FILE));
  watch.push(join(source.root, 'inbox'), bridgeDir(source.root, 'requests'), bridgeDir(source.root, 'toasts'));
  return {
    v: 1,
    face: view.face,
    name: view.name,
    mood: look.mood,
    ...speciesLook(buddy, look.mood as Mood),
    level: buddy ? levelForXp(buddy.pet.xp) : undefined,
    needs: needs && {
      hunger: Math.round(needs.hunger),
      energy: Math.round(needs.energy),
      happiness: Math.round(needs.happiness),
    },
    bubble: view.reaction,
    bubbleUntil: view.reaction && reaction ? bubbleEnd(reaction, now) : undefined,
    waiting: view.waiting?.what,
    working: view.turnOpen || view.runningTool !== undefined,
    said: said && sanitizeText(said, { maxLength: 160 }),
    watch,
    reactions: source.dir ? join(source.dir, REACTIONS_FILE) : undefined,
  };
}

export async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      session: { type: 'string' },
      act: { type: 'string' },
      'ensure-runner': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(
      term`usage: buddy-tui mod-state --session ID [--act pet|feed|play] [--ensure-runner]\nPrints what the Claude Code mod draws, as JSON.\n`,
    );
    return 0;
  }
  // BUDDY_TUI_NOW pins the clock for tests, as for the statusline.
  const now = io.env.BUDDY_TUI_NOW ? resolveNow(io.env) : io.now();
  drainBeforeRead(io.env, now);
  // No pane and no runner: start the headless one, so plugins run and their reactions reach the mod.
  if (values['ensure-runner'] && !runnerAlive(io.env)) spawnDetachedRunner(io.env);
  let said: string | undefined;
  if (values.act !== undefined) {
    if (!ACTIONS.includes(values.act as PetAction)) {
      io.stderr(term`buddy-tui mod-state: --act must be one of ${ACTIONS.join(', ')}\n`);
      return 2;
    }
    try {
      said = act(values.act as PetAction, io.env, now);
    } catch (error) {
      said = `cannot ${values.act}: ${(error as Error).message}`;
    }
  }
  io.stdout(
    term`${termJson({ ...computeModState(values.session, io.env, now, said), ...bridgeLook(values.session, io.env, now) })}\n`,
  );
  return 0;
}
