/**
 * The inbox writer of an in-process host plugin (OpenCode, Kilo, Pi): the host loads buddy-tui's
 * plugin file into its own long-lived process, and the plugin appends each event to the same
 * inbox the sh spool writes (spool-command.ts), claimed the same way (spool-event.ts: a dot
 * `.part` file written whole, then link(2)ed under its name), so the drain and every reader are
 * unchanged. The inbox is used only when it is there and sound as the spool checks it (a real
 * folder of ours, not a symlink, no `.root-refused`); else the event goes to the Node hook
 * (`<node> dist/hook.js --host <id>`, payload on stdin), which creates the inbox or says why not.
 *
 * Synchronous, bounded and never throwing: the hosts await their tool hooks and fail closed (a
 * throw in OpenCode's `tool.execute.before` blocks the tool). Bundled into the plugin file
 * (scripts/build.mjs): node built-ins and zod-free modules only.
 *
 * Names: one host process writes many events under one pid, and the drain runs only while a
 * buddy-tui process reads, so hundreds may wait. The spool's 8 names per pid (`<host>.<pid>`,
 * `.1`..`.7`) would then be full after 8 events, and the Node hook for every later event would
 * cost ~0.1 s inside the host's awaited tool hooks. So this writer numbers its files with a
 * per-process sequence, `<host>.<pid>.<n>`, and the drain's grammar takes n up to 9 digits
 * (inbox-order.ts): ordered by claim time, then pid, then n, as before. A name taken (a reused
 * pid's file still waiting) is passed over, as the spool passes it.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, constants, existsSync, linkSync, lstatSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { stateRootPath } from '../../state/state-root.js';
import { INBOX_DIR } from '../inbox-order.js';
import { isOwnRealDir, ROOT_REFUSED_FILE } from '../root-refusal.js';

/** The largest event a plugin writes (its fields are trimmed long before this). */
export const MAX_HOST_EVENT_BYTES = 1024 * 1024;
/** The highest sequence number the drain's grammar takes (9 digits). */
const MAX_SEQUENCE = 999_999_999;
/** Names tried past taken ones before the event goes to the Node hook. */
const NAME_TRIES = 64;
/** The Node hook fallback's limit: the hook itself answers in milliseconds (HOOK_TIMEOUT_SECONDS). */
const NODE_HOOK_TIMEOUT_MS = 5_000;

/** Where the Node hook is, as install wrote it into the plugin file's header. */
export interface NodeHook {
  node: string;
  hookScript: string;
}

export interface AppendOptions {
  env?: NodeJS.ProcessEnv;
  /** The fallback; without it (or with its files gone: buddy-tui moved or removed) the event is dropped. */
  nodeHook?: NodeHook;
  pid?: number;
}

export type AppendOutcome = 'spooled' | 'node-hook' | 'skipped' | 'dropped';

let sequence = 0;

/** The inbox when the spool would write into it; undefined when the Node hook must take the event. */
export function soundInboxOf(env: NodeJS.ProcessEnv): string | undefined {
  const root = stateRootPath(env);
  const inbox = join(root, INBOX_DIR);
  if (!isOwnRealDir(root) || !isOwnRealDir(inbox)) return undefined;
  try {
    lstatSync(join(inbox, ROOT_REFUSED_FILE));
    return undefined;
  } catch {
    return inbox;
  }
}

/** `.t<pane>.<tmux server pid>` from TMUX_PANE and TMUX, as the spool adds it; '' outside tmux. */
export function tmuxPlaceSuffix(env: NodeJS.ProcessEnv): string {
  const pane = /^%(\d{1,9})$/.exec(env.TMUX_PANE ?? '')?.[1];
  const server = env.TMUX?.split(',')[1];
  return pane && server && /^\d{1,9}$/.test(server) ? `.t${pane}.${server}` : '';
}

/** Writes `bytes` to a new dot file; throws when it cannot. A stale one (a reused pid's) is replaced. */
function writePart(part: string, bytes: Buffer): void {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  let fd: number;
  try {
    fd = openSync(part, flags, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    unlinkSync(part);
    fd = openSync(part, flags, 0o600);
  }
  try {
    for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
  } finally {
    closeSync(fd);
  }
}

/** Publishes the written part under the next free name; its name, or undefined when all tried were taken. */
function linkNext(inbox: string, part: string, stem: string, place: string): string | undefined {
  for (let tries = 0; tries < NAME_TRIES; tries += 1) {
    sequence = sequence >= MAX_SEQUENCE ? 1 : sequence + 1;
    const name = `${stem}.${sequence}${place}`;
    try {
      linkSync(part, join(inbox, name));
      return name;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return undefined;
}

/** The event into the inbox; false when no name was free. Throws on a file system error. */
function spool(inbox: string, host: string, bytes: Buffer, pid: number, env: NodeJS.ProcessEnv): boolean {
  const part = join(inbox, `.${host}.${pid}.part`);
  writePart(part, bytes);
  try {
    return linkNext(inbox, part, `${host}.${pid}`, tmuxPlaceSuffix(env)) !== undefined;
  } finally {
    unlinkSync(part);
  }
}

/** The Node hook with the payload on stdin, waited for (bounded): it journals in order with what is spooled. */
function runNodeHook(host: string, bytes: Buffer, hook: NodeHook | undefined, env: NodeJS.ProcessEnv): AppendOutcome {
  if (!hook || !existsSync(hook.node) || !existsSync(hook.hookScript)) return 'dropped';
  const run = spawnSync(hook.node, [hook.hookScript, '--host', host], {
    input: bytes,
    env,
    stdio: ['pipe', 'ignore', 'ignore'],
    timeout: NODE_HOOK_TIMEOUT_MS,
  });
  return run.error ? 'dropped' : 'node-hook';
}

/**
 * Appends one host event (a JSON object with `session_id` and `hook_event_name` after the host's
 * translator) to the inbox, else hands it to the Node hook. Never throws; never waits longer
 * than the Node hook's time-out. buddy-tui's own model calls (BUDDY_TUI_CHILD=1) never feed the buddy.
 */
export function appendHostEvent(host: string, payload: unknown, options: AppendOptions = {}): AppendOutcome {
  try {
    const env = options.env ?? process.env;
    if (env.BUDDY_TUI_CHILD === '1') return 'skipped';
    const text = JSON.stringify(payload);
    if (typeof text !== 'string' || !/^[a-z][a-z0-9-]{0,15}$/.test(host)) return 'dropped';
    const bytes = Buffer.from(`${text}\n`);
    if (bytes.length > MAX_HOST_EVENT_BYTES) return 'dropped';
    const inbox = soundInboxOf(env);
    try {
      if (inbox && spool(inbox, host, bytes, options.pid ?? process.pid, env)) return 'spooled';
    } catch {
      // A full disk, an unwritable inbox: the Node hook journals it or logs why not.
    }
    return runNodeHook(host, bytes, options.nodeHook, env);
  } catch {
    return 'dropped';
  }
}
