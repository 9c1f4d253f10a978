/**
 * One statusline run: payload in, text out. Reads the config, the session state, the buddy and
 * the latest reaction; lays the rows out; runs the chained command alongside. Any failure
 * falls back to the session's last good output, else a dim `?`. Saving the caches is left to
 * the caller, after the output is printed.
 */
import { configFilePath } from '../config/paths.js';
import { readLatestReaction } from '../state/reactions-log.js';
import { prepareWidths } from '../display/text-width.js';
import { chainRows, runChain, type ChainOutcome } from './chain.js';
import { fitRow } from './layout.js';
import {
  chainCacheText,
  lastOutputFile,
  readCacheFile,
  readChainCache,
  writeCacheFile,
  CHAIN_CACHE_FILE,
} from './output-cache.js';
import { USAGE, resolveNow, resolveOptions, type StatuslineOptions } from './options.js';
import { parsePayload, type PayloadView } from './payload.js';
import { rowsFor } from './segments.js';
import { locateSession, readSessionSource } from './session-source.js';
import { statuslineConfigOf } from './statusline-config-reader.js';
import { readConfigObject } from '../config/config-lite.js';
import type { ConfigObject } from '../config/config-migrations.js';
import { voiceSpentOf } from './voice-budget.js';
import { lookBuddy } from './buddy.js';
import { buildView } from './view.js';
import { modDrawsFor } from '../mod/mod-views.js';
import { reactionsMuted } from './mute-setting.js';
import { RESET } from './style.js';
import type { SessionState } from '../state/session-state.js';

export interface StatuslineResult {
  output: string;
  /** Writes the caches; call after printing. Never throws. */
  save(): void;
}

const nothingToSave = (): void => undefined;

function variantOf(options: StatuslineOptions): string {
  return `${options.segment ? 'segment' : `lines${options.lines}`}-${options.color ? 'color' : 'plain'}`;
}

function unknownMark(options: StatuslineOptions): string {
  return options.color ? `\u001b[2m?${RESET}` : '?';
}

/** Our rows joined for printing: a segment has no newline, rows each end with one. */
function joinRows(rows: string[], options: StatuslineOptions): string {
  if (options.segment) return rows.join(' ');
  return rows.map((row) => `${row}\n`).join('');
}

/** Lays out the statusline proper (without any chained rows). */
export async function renderOwnRows(
  payload: PayloadView,
  options: StatuslineOptions,
  env: NodeJS.ProcessEnv,
  now: number,
  /** config.json as runStatusline read it (the voice's budget is in it). */
  config?: ConfigObject,
  held?: SessionState,
): Promise<{ rows: string[]; source: ReturnType<typeof readSessionSource> }> {
  const source = readSessionSource(payload.sessionId, env, now, held);
  // {} for no config.json: read once above, not again for its species.id.
  const buddy = lookBuddy(source.state, now, env, config ?? {});
  const reaction = source.dir && source.dirReady ? readLatestReaction(source.dir) : undefined;
  const view = buildView({
    payload,
    state: source.state,
    face: buddy.face,
    name: buddy.name,
    reaction,
    reactionMaxAgeMs: options.reactionMaxAgeMs,
    now,
    intro: buddy.intro,
    // Claude Code's own statusLine only: a tmux segment is outside the mod's screen.
    modDraws: !options.segment && modDrawsFor(source.root, payload.sessionId),
    muted: reactionsMuted(env),
    voiceSpent: voiceSpentOf(config, source.root, now),
  });
  const rows = rowsFor(view, options.lines, options.segment);
  await prepareWidths(rows.flatMap((row) => row.flatMap((segment) => segment.parts.map((part) => part.text))));
  const width = options.segment ? Math.min(options.width, options.segmentWidth) : options.width;
  const separator = options.segment ? ' ' : undefined;
  return { rows: rows.map((row) => fitRow(row, width, options.color, separator)), source };
}

/** The chained command's rows: fresh, else its cached output, else none. */
async function chainedRows(
  chain: Promise<ChainOutcome>,
  command: string,
  options: StatuslineOptions,
  cacheDir: string | undefined,
): Promise<{ rows: string[]; save?: (root: string, sessionId: string) => void }> {
  const outcome = await chain;
  const cached = readChainCache(cacheDir, command);
  let output: string | undefined;
  let save: ((root: string, sessionId: string) => void) | undefined;
  if (outcome.status === 'ok') {
    output = outcome.output;
    const text = chainCacheText(command, output);
    save = (root, sessionId) => writeCacheFile(root, sessionId, CHAIN_CACHE_FILE, text, cached.raw);
  } else {
    output = cached.output;
  }
  if (output === undefined) return { rows: [], save };
  await prepareWidths([output]);
  return { rows: chainRows(output, options.width, options.color), save };
}

/** A session as a resident caller holds it, folded to the journal's current end (resident-lines.ts). */
export interface HeldSession {
  sessionId: string;
  state: SessionState;
}

/** `held`: used for the payload's session when it is that one; else the journal is read. */
export async function runStatusline(
  input: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  held?: HeldSession,
): Promise<StatuslineResult> {
  // Read once: the statusline's options and the voice's budget are both in it.
  const config = readConfigObject(configFilePath(env));
  const options = resolveOptions(args, statuslineConfigOf(config?.statusline), env);
  if (options.help) return { output: USAGE, save: nothingToSave };
  const now = resolveNow(env);
  const payload = parsePayload(input);
  if (!payload) return { output: joinRows([unknownMark(options)], options), save: nothingToSave };

  const sessionId = payload.sessionId;
  const located = locateSession(sessionId, env);
  const cacheDir = located.dirReady ? located.dir : undefined;
  const chain = options.chain ? runChain(options.chain, input, options.chainTimeoutMs, env) : undefined;

  let own: string;
  let ownOk = true;
  try {
    const heldState = held && held.sessionId === sessionId ? held.state : undefined;
    own = joinRows((await renderOwnRows(payload, options, env, now, config, heldState)).rows, options);
  } catch {
    ownOk = false;
    own = readCacheFile(cacheDir, lastOutputFile(variantOf(options))) ?? joinRows([unknownMark(options)], options);
  }

  let above: string[] = [];
  let saveChain: ((root: string, sessionId: string) => void) | undefined;
  if (chain && options.chain) {
    try {
      const chained = await chainedRows(chain, options.chain, options, cacheDir);
      above = chained.rows;
      saveChain = chained.save;
    } catch {
      // The chained command's trouble never hides ours.
    }
  }

  const output = above.map((row) => `${row}\n`).join('') + own;
  const save = (): void => {
    if (!sessionId || !located.dir) return;
    try {
      if (ownOk) {
        const file = lastOutputFile(variantOf(options));
        writeCacheFile(located.root, sessionId, file, own, readCacheFile(cacheDir, file));
      }
      saveChain?.(located.root, sessionId);
    } catch {
      // Caches are best effort.
    }
  };
  return { output, save };
}
