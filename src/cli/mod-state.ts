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
import type { PetAction } from '../pet/pet-engine.js';
import { resolveNow } from '../statusline/options.js';
import { term, termJson } from '../text/terminal-text.js';
import { processIo, type CliIo } from './cli-io.js';
import { journalAnswers } from '../mod/mod-answered.js';
import { journalQuestion } from '../mod/mod-ask.js';
import { setVoice } from '../voice/voice-config-file.js';
import { voiceCardLine } from './voice.js';
import { configFilePath } from '../config/paths.js';
import { computeModState } from '../mod/mod-look.js';
import { setMuted } from './mod-mute.js';
import { spawnDetachedRunner } from './runner.js';
import { bridgeLook } from '../mod/bridge-look.js';
import { PET_ACTIONS, petAct } from '../mod/pet-act.js';

/** True when a live buddy-tui runner (a pane or a headless runner) holds `<root>/runner.lock`. */
function runnerAlive(env: NodeJS.ProcessEnv): boolean {
  try {
    return runnerLockHolder(stateRootPath(env)) !== undefined;
  } catch {
    return false;
  }
}

/** /buddy mute and unmute: the one mute every view honours (pane-prefs.json). */
const MUTES = ['mute', 'unmute'] as const;

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
    if (!PET_ACTIONS.includes(values.act as PetAction) && !MUTES.includes(values.act as 'mute')) {
      io.stderr(term`buddy-tui mod-state: --act must be one of ${[...PET_ACTIONS, ...MUTES].join(', ')}\n`);
      return 2;
    }
    try {
      said = MUTES.includes(values.act as 'mute')
        ? setMuted(values.act === 'mute', io.env)
        : petAct(values.act as PetAction, io.env, now);
    } catch (error) {
      said = `cannot ${values.act}: ${(error as Error).message}`;
    }
  }
  said ??= voiceWords(values, io.env, now);
  const voice = voiceCardLine(io.env, now);
  const look = {
    ...computeModState(values.session, io.env, now, said),
    ...bridgeLook(values.session, io.env, now, process.ppid),
  };
  io.stdout(term`${termJson({ ...look, ...(voice ? { voice } : {}) })}\n`);
  return 0;
}
