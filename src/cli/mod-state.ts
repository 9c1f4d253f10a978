/**
 * `buddy-tui mod-state --session ID [--act pet|feed|play|mute|unmute] [--answered ID/TOOL]...`: exactly what the Claude Code mod
 * (claude-plugin/hooks/register.js) draws, as one JSON line (computed in src/mod/mod-look.ts). The mod
 * runs in a worker with no Node, so it asks this command instead of reading buddy-tui's files
 * itself. `watch` lists the files whose change means "ask again"; the mod only stats them between events.
 * Prints `{"v":1,...}` and exits 0 whatever it finds (a missing pet or session is a state, not an error).
 */
import { stateRootPath } from '../state/state-root.js';
import { runnerLockHolder } from '../tui/runner-lock.js';
import { parseArgs } from 'node:util';
import { drainBeforeRead } from '../ingest/drain-inbox.js';
import { stepPet, type PetAction } from '../pet/pet-engine.js';
import { savePet } from '../pet/pet-file.js';
import { quipFor } from '../species/quips.js';
import { resolveNow } from '../statusline/options.js';
import { sanitizeText } from '../text/sanitize.js';
import { term, termJson } from '../text/terminal-text.js';
import { processIo, type CliIo } from './cli-io.js';
import { loadBuddy } from '../pet/load-buddy.js';
import { journalAnswers } from '../mod/mod-answered.js';
import { journalQuestion } from '../mod/mod-ask.js';
import { setVoice, voiceCardLine } from './voice.js';
import { configFilePath } from '../config/paths.js';
import { computeModState, type ModState } from '../mod/mod-look.js';
import { setMuted } from './mod-mute.js';
import { spawnDetachedRunner } from './runner.js';
import { claimBridgeRequests, claimBridgeToasts, writeModHeartbeat } from '../mod/mod-bridge.js';

export { computeModState, type ModAsk, type ModState } from '../mod/mod-look.js';

/** True when a live buddy-tui runner (a pane or a headless runner) holds `<root>/runner.lock`. */
function runnerAlive(env: NodeJS.ProcessEnv): boolean {
  try {
    return runnerLockHolder(stateRootPath(env)) !== undefined;
  } catch {
    return false;
  }
}

const ACTIONS: readonly PetAction[] = ['pet', 'feed', 'play'];
/** /buddy mute and unmute: the one mute every view honours (pane-prefs.json). */
const MUTES = ['mute', 'unmute'] as const;

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

/** `--voice on|off` (/buddy voice on|off) and `--ask` (/buddy <question>): what /buddy says back. */
function voiceWords(values: { session?: string; ask?: string; voice?: string }, env: NodeJS.ProcessEnv, now: number) {
  if (values.voice === 'on' || values.voice === 'off') {
    const set = setVoice(configFilePath(env), values.voice === 'on');
    return 'error' in set ? set.error : set.notice.replaceAll('buddy-tui voice', '/buddy voice');
  }
  if (values.ask === undefined) return undefined;
  try {
    if (!journalQuestion(values.session, values.ask, env, now)) return 'Ask it something: /buddy <question>.';
  } catch (error) {
    return `cannot ask: ${(error as Error).message}`;
  }
  return 'It heard you: its answer shows in its bubble.';
}

export async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      session: { type: 'string' },
      act: { type: 'string' },
      'ensure-runner': { type: 'boolean' },
      answered: { type: 'string', multiple: true },
      ask: { type: 'string' },
      voice: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(
      term`usage: buddy-tui mod-state --session ID [--act pet|feed|play|mute|unmute] [--ensure-runner] [--answered TOOL_USE_ID/TOOL]...\nPrints what the Claude Code mod draws, as JSON. --answered: the user answered that call's permission ask.\n`,
    );
    return 0;
  }
  // BUDDY_TUI_NOW pins the clock for tests, as for the statusline.
  const now = io.env.BUDDY_TUI_NOW ? resolveNow(io.env) : io.now();
  drainBeforeRead(io.env, now);
  // After the drain: the ask it answers is in the journal first.
  if (values.answered) {
    try {
      journalAnswers(values.session, values.answered, io.env, now);
    } catch (error) {
      io.stderr(term`buddy-tui mod-state: cannot journal the answer: ${(error as Error).message}\n`);
    }
  }
  // No pane and no runner: start the headless one, so plugins run and their reactions reach the mod.
  if (values['ensure-runner'] && !runnerAlive(io.env)) spawnDetachedRunner(io.env);
  let said: string | undefined;
  if (values.act !== undefined) {
    if (!ACTIONS.includes(values.act as PetAction) && !MUTES.includes(values.act as 'mute')) {
      io.stderr(term`buddy-tui mod-state: --act must be one of ${[...ACTIONS, ...MUTES].join(', ')}\n`);
      return 2;
    }
    try {
      said = MUTES.includes(values.act as 'mute')
        ? setMuted(values.act === 'mute', io.env)
        : act(values.act as PetAction, io.env, now);
    } catch (error) {
      said = `cannot ${values.act}: ${(error as Error).message}`;
    }
  }
  said ??= voiceWords(values, io.env, now);
  const voice = voiceCardLine(io.env, now);
  const look = { ...computeModState(values.session, io.env, now, said), ...bridgeLook(values.session, io.env, now) };
  io.stdout(term`${termJson({ ...look, ...(voice ? { voice } : {}) })}\n`);
  return 0;
}
