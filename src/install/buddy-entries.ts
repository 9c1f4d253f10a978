/**
 * What buddy-tui puts into a Claude Code settings file: one tagged hook group per event and
 * the statusLine command. The tag (`_tag`, the field ccstatusline uses for the same purpose)
 * is how install and uninstall find exactly their own entries again.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSmallFile, SMALL_FILE_LIMITS } from '../files/read-small-file.js';
import { spoolShellHandler } from '../ingest/spool-command.js';
import { BUDDY_TAG } from '../protocol/buddy-tag.js';
import { fastStatuslineCommand, isFastStatuslineCommand } from '../statusline/fast-command.js';
import { shellQuote, shellUnquote } from '../text/shell-words.js';

/**
 * The events buddy-tui may register: all the reducer uses, plus those plugins may react to.
 * Never registered: events that fire very often or whose stdout Claude Code reads as context
 * (InstructionsLoaded, FileChanged, UserPromptExpansion, MessageDisplay, ...), since every
 * registered event costs a process start. The Claude Code plugin's static hooks.json has them all;
 * install leaves out the ON_DEMAND_EVENTS no buddy plugin listens to (claudeHookEvents).
 */
export const BUDDY_HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'PermissionRequest',
  'PermissionDenied',
  'Notification',
  'SubagentStart',
  'SubagentStop',
  'TaskCreated',
  'TaskCompleted',
  'Stop',
  'StopFailure',
  'PreCompact',
  'PostCompact',
  'SessionEnd',
] as const;

/**
 * Registered only while a buddy plugin listens to them: PostToolBatch fires after every batch of
 * tool calls (a third of a Bash-heavy session's events) and Claude Code's carries nothing the
 * reducer uses, so without a listener it would cost Claude Code a process start per batch for nothing.
 */
export const ON_DEMAND_EVENTS: ReadonlySet<string> = new Set(['PostToolBatch']);

/** The events install registers in Claude Code's settings: all but the on-demand ones not `wanted`. */
export function claudeHookEvents(wanted: ReadonlySet<string> = new Set()): string[] {
  return BUDDY_HOOK_EVENTS.filter((event) => !ON_DEMAND_EVENTS.has(event) || wanted.has(event));
}

/** Seconds Claude Code waits for the hook; the hook itself answers in milliseconds. */
export const HOOK_TIMEOUT_SECONDS = 5;

/** The folder holding buddy-tui's package.json, found from this module's own location. */
export function packageRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if (
          (
            JSON.parse(readSmallFile(manifest, { maxBytes: SMALL_FILE_LIMITS.config, followSymlinks: true })) as {
              name?: string;
            }
          ).name === 'buddy-tui'
        )
          return dir;
      } catch {
        // An unreadable package.json on the way up is not ours; keep looking.
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find buddy-tui's package.json above ${from}`);
    dir = parent;
  }
}

export interface BuddyCommands {
  /** The node binary and dist/hook.js, absolute: the Node hook, and the spool's fallback. */
  node: string;
  hookScript: string;
  /** The hook command for Claude Code's shell form: `<node> <dist/hook.js>`. */
  hook: string;
  /** The same for the exec form (no shell): the program and its arguments. */
  hookExec: { command: string; args: string[] };
  /** The statusLine command without a chain: `<node> <dist/cli.js> statusline`. */
  statusline: string;
  /**
   * What install writes when nothing is chained: the sh fast path that falls back to `statusline`
   * (src/statusline/fast-command.ts). Undefined where there is no /bin/sh (Windows).
   */
  statuslineFast?: string;
}

export function buddyCommands(opts: { nodePath?: string; distDir?: string } = {}): BuddyCommands {
  const nodePath = resolve(opts.nodePath ?? process.execPath);
  const node = shellQuote(nodePath);
  const dist = resolve(opts.distDir ?? join(packageRoot(), 'dist'));
  return {
    node: nodePath,
    hookScript: join(dist, 'hook.js'),
    hook: `${node} ${shellQuote(join(dist, 'hook.js'))}`,
    hookExec: { command: nodePath, args: [join(dist, 'hook.js')] },
    statusline: `${node} ${shellQuote(join(dist, 'cli.js'))} statusline`,
    statuslineFast:
      process.platform === 'win32'
        ? undefined
        : fastStatuslineCommand({ node: nodePath, cliScript: join(dist, 'cli.js') }),
  };
}

/**
 * The statusLine command install writes: with a chain, the Node statusline runs the chained
 * command beside it (`--chain`); without one, the sh fast path where there is one.
 */
export function installedStatuslineCommand(
  commands: Pick<BuddyCommands, 'statusline' | 'statuslineFast'>,
  chain?: string,
): string {
  return chain || !commands.statuslineFast ? statuslineCommand(commands.statusline, chain) : commands.statuslineFast;
}

export function statuslineCommand(base: string, chain?: string): string {
  return chain ? `${base} --chain ${shellQuote(chain)}` : base;
}

/**
 * How Claude Code starts the hook: `shell` runs `command` through `sh -c`; `exec` (checked with
 * Claude Code 2.1.332) runs `command` with `args` directly, one process fewer per event.
 */
export type HookForm = 'exec' | 'shell';

/** The first Claude Code version the exec form was checked with; older ones get the shell form. */
export const EXEC_FORM_MIN_VERSION = '2.1.332';

export function supportsExecForm(version: string | undefined): boolean {
  if (!version) return false;
  const parts = (v: string) => v.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const [a, b] = [parts(version), parts(EXEC_FORM_MIN_VERSION)];
  for (let i = 0; i < 3; i += 1) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

/**
 * What the hook runs: `spool` is the sh script that writes the event into `<root>/inbox` (about
 * the cost of a no-op hook; see src/ingest/spool-command.ts), `node` is `buddy-tui hook` itself
 * (Node's start-up on every event: the path for Windows and systems without /bin/sh).
 */
export type HookPath = 'spool' | 'node';

/** The hook group for one event; no matcher, so it sees every tool. */
export function hookGroup(
  commands: BuddyCommands,
  form: HookForm = 'shell',
  path: HookPath = 'node',
): Record<string, unknown> {
  let handler: Record<string, unknown>;
  if (path === 'spool') {
    const spool = { node: commands.node, hookScript: commands.hookScript };
    // Always the shell form: Claude Code runs it as one /bin/sh, and measured, that costs it less
    // than the exec form (see spoolInlineCommand).
    handler = spoolShellHandler('claude', spool, HOOK_TIMEOUT_SECONDS);
  } else {
    handler =
      form === 'exec'
        ? {
            type: 'command',
            command: commands.hookExec.command,
            args: commands.hookExec.args,
            timeout: HOOK_TIMEOUT_SECONDS,
          }
        : { type: 'command', command: commands.hook, timeout: HOOK_TIMEOUT_SECONDS };
  }
  return { _tag: BUDDY_TAG, hooks: [handler] };
}

export function isBuddyGroup(group: unknown): boolean {
  return typeof group === 'object' && group !== null && (group as { _tag?: unknown })._tag === BUDDY_TAG;
}

/**
 * True for a statusLine object that buddy-tui wrote: its command is our statusline command
 * (with or without a chain), the sh fast path, or any `buddy-tui statusline` / `.../dist/cli.js statusline`.
 * The statusLine carries no tag field: Claude Code's schema for it is not ours to extend.
 */
export function isBuddyStatusLine(statusLine: unknown, base?: string): boolean {
  if (typeof statusLine !== 'object' || statusLine === null) return false;
  const { command } = statusLine as { command?: unknown };
  if (typeof command !== 'string') return false;
  if (isFastStatuslineCommand(command)) return true;
  if (base && (command === base || command.startsWith(`${base} --chain `))) return true;
  return /(\bbuddy-tui\s+statusline|[/\\]dist[/\\]cli\.js'?\s+statusline)(\s|$)/.test(command);
}

/** The command a buddy-tui statusLine chains to, recovered from its `--chain` argument. */
export function chainedCommandOf(command: string): string | undefined {
  const at = command.indexOf(' statusline --chain ');
  if (at < 0) return undefined;
  return shellUnquote(command.slice(at + ' statusline --chain '.length).trim());
}
