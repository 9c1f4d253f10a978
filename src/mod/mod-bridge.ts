/**
 * The bridge between buddy-tui and its Claude Code mod, in the private state root:
 *
 *   <root>/mod-bridge/mods/<session>.json      heartbeat: a loaded, interactive mod (its Claude Code pid)
 *   <root>/mod-bridge/requests/<id>.json       a delegate call for that mod to make ($.model.complete)
 *   <root>/mod-bridge/claimed/<id>.json        the same, taken by the mod (a rename: only one taker)
 *   <root>/mod-bridge/responses/<id>.json      the mod's answer
 *   <root>/mod-bridge/toasts/<id>.json         a notification for the mod to show with $.ui.toast
 *   <root>/mod-bridge/views/<session>.json     what the mod draws, kept current by the runner (mod-views.ts)
 *
 * The mod runs in a worker with no Node and its `$.fs.write` is judged like the Write tool, so it
 * writes nothing itself: `buddy-tui mod-state` (which it runs on its events) writes the heartbeat,
 * claims the requests and toasts meant for its session and hands them over in its answer, and
 * `buddy-tui mod-answer` writes the answer. Every file is written atomically; every read is a
 * small-file read that refuses anything but a small regular file.
 */
import { readdirSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { readSmallFile } from '../files/read-small-file.js';
import { isPidAlive } from '../process/pid-alive.js';
import { atomicWriteFileSync, atomicWriteJsonSync } from '../state/atomic-write.js';
import { ensurePrivateDir, presentPrivateDir, sessionDirName } from '../state/state-root.js';

export const MOD_BRIDGE_DIR = 'mod-bridge';
/** A heartbeat is rewritten at most this often (mod-state runs on every event and poll), well within MOD_AWAKE_MS. */
const HEARTBEAT_REFRESH_MS = 2_000;
/** Another session's mod is asked only if it looked this recently: it still polls then (ACTIVE_MS in the mod's turn-polling.js). */
export const MOD_AWAKE_MS = 6_000;
/** Bridge files older than this are leftovers (a crash, a late answer): removed when seen. */
const LEFTOVER_MS = 10 * 60_000;
const MAX_BRIDGE_FILE = 256 * 1024;
/** For findLiveMod: any mod whose Claude Code still runs. */
export const ANY_SESSION = '*';
const ID_PATTERN = /^[A-Za-z0-9_-]{1,80}$/;

export const BRIDGE_FOLDERS = ['mods', 'requests', 'claimed', 'responses', 'toasts', 'views'] as const;
export type BridgeFolder = (typeof BRIDGE_FOLDERS)[number];

export interface ModHeartbeat {
  v: 1;
  sessionId: string;
  /** Claude Code's pid (the parent of mod-state): alive means the mod may still be loaded. */
  pid: number;
  at: number;
}

export interface BridgeRequest {
  v: 1;
  id: string;
  /** The session whose mod makes the call. */
  forSession: string;
  createdAt: number;
  /** The asker gives up at this time; a request found later is dropped. */
  deadline: number;
  model: string;
  system: string;
  prompt: string;
  maxTokens: number;
  plugin: string;
}

export interface BridgeResponse {
  v: 1;
  id: string;
  isAnswered: boolean;
  text?: string;
  reason?: string;
  inputTokens?: number;
  outputTokens?: number;
  model?: string;
}

export interface BridgeToast {
  v: 1;
  id: string;
  /** A session id, or '*' for whichever mod looks first. */
  forSession: string;
  text: string;
  createdAt: number;
  deadline: number;
}

export const bridgeDir = (root: string, folder: BridgeFolder): string => join(root, MOD_BRIDGE_DIR, folder);
export const isBridgeId = (id: unknown): id is string => typeof id === 'string' && ID_PATTERN.test(id);

/** The folder, created private (with the bridge and the root) when missing. */
export function ensureBridgeDir(root: string, folder: BridgeFolder): string {
  ensurePrivateDir(root);
  ensurePrivateDir(join(root, MOD_BRIDGE_DIR));
  const dir = bridgeDir(root, folder);
  ensurePrivateDir(dir);
  return dir;
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readSmallFile(path, { maxBytes: MAX_BRIDGE_FILE }));
  } catch {
    return undefined;
  }
}

/** The folder when it is there and ours all the way from the root (never through a symlink), else undefined. */
function presentBridgeDir(root: string, folder: BridgeFolder): string | undefined {
  try {
    return presentPrivateDir(root, MOD_BRIDGE_DIR, folder);
  } catch {
    return undefined;
  }
}

/** For a file of a folder just listed by namesIn (so checked). */
function removeQuietly(path: string): boolean {
  try {
    unlinkSync(path);
    return true;
  } catch {
    return false; // gone already
  }
}

/** Removes `<folder>/<name>`, only from a folder of ours. */
function removeBridgeFile(root: string, folder: BridgeFolder, name: string): boolean {
  const dir = presentBridgeDir(root, folder);
  return dir !== undefined && removeQuietly(join(dir, name));
}

/** The bridge files of `folder`; none when it is missing or not ours (a symlink to the user's project). */
function namesIn(root: string, folder: BridgeFolder): string[] {
  const dir = presentBridgeDir(root, folder);
  if (!dir) return [];
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.json') && isBridgeId(name.slice(0, -5)));
  } catch {
    return [];
  }
}

const asHeartbeat = (value: unknown): ModHeartbeat | undefined => {
  const beat = value as Partial<ModHeartbeat> | undefined;
  return beat &&
    beat.v === 1 &&
    typeof beat.sessionId === 'string' &&
    typeof beat.pid === 'number' &&
    typeof beat.at === 'number'
    ? (beat as ModHeartbeat)
    : undefined;
};

/** mod-state's heartbeat for its session; rewritten only when older than HEARTBEAT_REFRESH_MS or another pid's. */
export function writeModHeartbeat(root: string, sessionId: string, pid: number, now: number): void {
  const name = sessionDirName(sessionId);
  if (!name) return;
  const path = join(ensureBridgeDir(root, 'mods'), `${name}.json`);
  const old = asHeartbeat(readJson(path));
  if (old && old.pid === pid && now - old.at < HEARTBEAT_REFRESH_MS && now >= old.at) return;
  // No fsync: a heartbeat lost to a power cut is written again on the mod's next look.
  atomicWriteFileSync(path, JSON.stringify({ v: 1, sessionId, pid, at: now } satisfies ModHeartbeat), 0o600, {
    durable: false,
  });
}

/**
 * The mod that should make a call for `sessionId`: that session's own mod when its Claude Code
 * still runs (an event of that session led here, so it polls), else another session's mod that
 * looked within MOD_AWAKE_MS. Heartbeats of exited Claude Codes are removed on the way.
 */
export function findLiveMod(root: string, sessionId: string, now: number): ModHeartbeat | undefined {
  const dir = bridgeDir(root, 'mods');
  let awake: ModHeartbeat | undefined;
  for (const name of namesIn(root, 'mods')) {
    const beat = asHeartbeat(readJson(join(dir, name)));
    if (!beat || !isPidAlive(beat.pid)) {
      removeQuietly(join(dir, name));
      continue;
    }
    if (beat.sessionId === sessionId || sessionId === ANY_SESSION) return beat;
    if (now - beat.at <= MOD_AWAKE_MS && (!awake || beat.at > awake.at)) awake = beat;
  }
  return awake;
}

/** The heartbeats of mods whose Claude Code still runs (the runner keeps their views current). */
export function liveMods(root: string): ModHeartbeat[] {
  const dir = bridgeDir(root, 'mods');
  return namesIn(root, 'mods')
    .map((name) => asHeartbeat(readJson(join(dir, name))))
    .filter((beat): beat is ModHeartbeat => beat !== undefined && isPidAlive(beat.pid));
}

/** Forgets a mod that did not take a request in time (unloaded, or a reused pid); its next look writes it again. */
export function forgetMod(root: string, sessionId: string): void {
  const name = sessionDirName(sessionId);
  if (name) removeBridgeFile(root, 'mods', `${name}.json`);
}

export function writeBridgeRequest(root: string, request: BridgeRequest): void {
  atomicWriteJsonSync(join(ensureBridgeDir(root, 'requests'), `${request.id}.json`), request);
}

/** Takes back a request nobody claimed; true when it was still unclaimed (so no mod took it). */
export function withdrawBridgeRequest(root: string, id: string): boolean {
  return removeBridgeFile(root, 'requests', `${id}.json`);
}

/** The answer to `id`, once the mod wrote it (read and removed), else undefined. */
export function takeBridgeResponse(root: string, id: string): BridgeResponse | undefined {
  const dir = presentBridgeDir(root, 'responses');
  if (!dir) return undefined;
  const path = join(dir, `${id}.json`);
  const value = readJson(path) as Partial<BridgeResponse> | undefined;
  if (!value || value.v !== 1 || value.id !== id || typeof value.isAnswered !== 'boolean') return undefined;
  removeQuietly(path);
  return value as BridgeResponse;
}

/** Claims (renames into `claimed/`) the files of `folder` meant for `sessionId`; expired ones are removed. */
function claim<T extends { id: string; forSession: string; deadline: number }>(
  root: string,
  folder: 'requests' | 'toasts',
  sessionId: string,
  now: number,
): T[] {
  const dir = bridgeDir(root, folder);
  const taken: T[] = [];
  for (const name of namesIn(root, folder)) {
    const path = join(dir, name);
    const item = readJson(path) as T | undefined;
    // Written atomically, so a file that does not parse is damage, not a write under way.
    if (!item || typeof item.deadline !== 'number' || item.id !== name.slice(0, -5) || now > item.deadline) {
      removeQuietly(path);
      continue;
    }
    if (item.forSession !== sessionId && item.forSession !== '*') continue;
    const target = folder === 'requests' ? join(ensureBridgeDir(root, 'claimed'), name) : undefined;
    try {
      if (target) renameSync(path, target);
      else unlinkSync(path);
      taken.push(item);
    } catch {
      // Another mod took it first.
    }
  }
  return taken;
}

/** How many requests and toasts wait for `sessionId`'s mod (read, not claimed: the view says so). */
export function pendingFor(root: string, sessionId: string, now: number): number {
  let pending = 0;
  for (const folder of ['requests', 'toasts'] as const) {
    const dir = bridgeDir(root, folder);
    for (const name of namesIn(root, folder)) {
      const item = readJson(join(dir, name)) as Partial<BridgeToast> | undefined;
      if (typeof item?.deadline !== 'number' || now > item.deadline) continue;
      if (item.forSession === sessionId || item.forSession === ANY_SESSION) pending += 1;
    }
  }
  return pending;
}

export const claimBridgeRequests = (root: string, sessionId: string, now: number): BridgeRequest[] =>
  claim<BridgeRequest>(root, 'requests', sessionId, now).filter(
    (r) => typeof r.prompt === 'string' && typeof r.system === 'string',
  );

export const claimBridgeToasts = (root: string, sessionId: string, now: number): BridgeToast[] =>
  claim<BridgeToast>(root, 'toasts', sessionId, now).filter((t) => typeof t.text === 'string');

/** mod-answer: the answer for a claimed request (false when the asker gave up and withdrew it). */
export function writeBridgeResponse(root: string, response: BridgeResponse): boolean {
  const claimed = join(bridgeDir(root, 'claimed'), `${response.id}.json`);
  try {
    statSync(claimed);
  } catch {
    return false;
  }
  atomicWriteJsonSync(join(ensureBridgeDir(root, 'responses'), `${response.id}.json`), response);
  removeBridgeFile(root, 'claimed', `${response.id}.json`);
  return true;
}

export function writeBridgeToast(root: string, toast: BridgeToast): void {
  atomicWriteJsonSync(join(ensureBridgeDir(root, 'toasts'), `${toast.id}.json`), toast);
}

/** Removes leftovers (a crash, an answer nobody waited for) older than LEFTOVER_MS. */
export function pruneBridge(root: string, now: number): void {
  for (const folder of ['requests', 'claimed', 'responses', 'toasts'] as const) {
    const dir = bridgeDir(root, folder);
    for (const name of namesIn(root, folder)) {
      try {
        if (now - statSync(join(dir, name)).mtimeMs > LEFTOVER_MS) removeQuietly(join(dir, name));
      } catch {
        /* gone */
      }
    }
  }
}
