/**
 * The hook command that spools: a POSIX sh script that writes the event's stdin, as ONE new
 * file, into `<root>/inbox` and starts nothing but `cat` (one fork and execve more than a
 * no-op `true` hook). buddy-tui processes drain the inbox into the journals later
 * (drain-inbox.ts). Where the inbox is not there or not sound (missing, a symlink, another
 * user's), or no `cat` can run, the script runs the Node hook instead, which creates the inbox
 * and journals directly.
 *
 * Positional parameters: $0 = buddy-tui-ingest (a name for ps), $1 = host, $2 = uid (for the
 * tmpdir root; may be empty), $3 = node, $4 = dist/hook.js (or the plugin's launcher).
 *
 * The Claude Code plugin (claude-plugin/hooks/buddy-spool.sh, written by spoolScriptFile) runs
 * this same text from a file, with an empty uid: a static hooks.json cannot know it.
 */
import type { FeedHost } from '../hosts/host-id.js';
import { HOOK_HOST_SCRIPT } from '../hosts/hook-env.js';
import { shellQuote } from '../text/shell-words.js';

/** `$0` of the script: what `ps` shows for a hook that is still writing. */
export const SPOOL_ARGV0 = 'buddy-tui-ingest';

/**
 * Sets `r` to the state root exactly as stateRootPath (src/state/state-root.ts) finds it:
 * $BUDDY_TUI_STATE_DIR, else $XDG_RUNTIME_DIR/buddy-tui, else <tmpdir>/buddy-tui-<uid>, where
 * tmpdir is Node's os.tmpdir() on POSIX: $TMPDIR, $TMP, $TEMP, else /tmp, one trailing slash cut.
 * With no uid ($2 empty: the plugin) the tmpdir root is unknown and `r` stays empty, so the
 * script takes the Node fallback, which knows its uid. Not `id -u`: that forks a process on
 * every event, as much again as the `cat` the spool exists to be limited to; and not `$UID`:
 * dash does not set it, so an inherited variable of that name could point at another root.
 * (Exported so a test can run this very text and compare it with stateRootPath.)
 */
export const ROOT_SCRIPT = [
  'r=${BUDDY_TUI_STATE_DIR:-${XDG_RUNTIME_DIR:+$XDG_RUNTIME_DIR/buddy-tui}}',
  'if [ -z "$r" ] && [ -n "$2" ]; then t=${TMPDIR:-${TMP:-${TEMP:-/tmp}}}; r=${t%/}/buddy-tui-$2; fi',
].join('\n');

/**
 * The spool's last step: the payload into the claimed file (the bench times the script without it).
 * `LC_ALL=C`: GNU cat calls setlocale, and under a UTF-8 locale that opens a dozen locale files
 * (198 system calls for the shell and cat against 124); cat copies bytes, so no locale changes them.
 * 126 or 127: cat could not be started (gone since `hash` found it), so stdin is untouched and the
 * script goes on to the Node hook. Any other failure (a full disk) came after cat read some of
 * stdin: what it wrote stays for the drain to judge (damaged.ts), the rest is not handed on.
 */
export const SPOOL_CAT_STEP = 'LC_ALL=C cat >>"$f"; case $? in 126|127) ;; *) exit 0 ;; esac';

/**
 * The whole script. `true >f` under `set -C` is an O_EXCL create of a regular file (`true` is a
 * regular builtin: a failed redirection returns non-zero instead of ending the shell as it would
 * for `:` or `exec`); noclobber lets a redirection open an existing FIFO or a symlink to a device,
 * so any existing name (`-e`, or `-h` for a dangling symlink) is passed over first. Up to 7 other
 * names are tried when a pid is reused while its earlier file still waits. The shell waits for
 * its `cat` (no `exec`): while its pid ($$, in the file name) runs, the drain knows the file is
 * still being written (spool-writer.ts).
 *
 * A folder the user chose ($BUDDY_TUI_STATE_DIR) is never tightened by buddy-tui, so the Node hook
 * refuses one open to others. A builtin cannot see a folder's mode, so the first Node process that
 * refuses the root leaves `inbox/.root-refused` (root-refusal.ts); while it is there the script hands
 * the event to the Node hook, which says why on stderr. The Node fallback runs only when its binary
 * is there (a Node upgrade by nvm or fnm removes the one install named), and the script exits 0
 * on every path: a hook's non-zero exit is an error Claude Code shows on every event.
 * Contains no `'` and no backslash, so it survives single quotes in sh, bash, zsh and fish alike.
 */
export const SPOOL_SCRIPT = [
  // buddy-tui's own `claude -p` children never feed the buddy (the Node hook's same rule).
  '[ "$BUDDY_TUI_CHILD" != 1 ] || exit 0',
  // Claude Code's hook run by another host (its own variable is set): spooled as that host's (hook-env.ts).
  HOOK_HOST_SCRIPT,
  'umask 077',
  ROOT_SCRIPT,
  'd=$r/inbox; o=',
  '[ -n "$r" ] && [ -d "$d" ] && [ ! -h "$r" ] && [ ! -h "$d" ] && [ -O "$r" ] && [ -O "$d" ] && [ ! -e "$d/.root-refused" ] && o=1',
  // `hash cat`: the PATH lookup cat's fork makes anyway, made before a name is claimed, so with no
  // cat the Node hook takes the event and no empty file is left to hold the drain.
  'if [ -n "$o" ] && hash cat; then',
  // The tmux place, for "no notification while the user looks at this pane" (notify/session-place.ts):
  // `.t<pane>.<server pid>` from TMUX_PANE (%N) and TMUX (socket,pid,session), by expansion alone.
  '  p=${TMUX_PANE#%}; s=${TMUX#*,}; s=${s%%,*}; w=',
  '  case $p.$s in *[!0-9.]*|.*|*.|*.*.*) ;; *) w=.t$p.$s ;; esac',
  '  set -C; f=$d/$1.$$$w; i=0',
  '  until [ ! -e "$f" ] && [ ! -h "$f" ] && true >"$f"; do i=$((i+1)); [ "$i" -lt 8 ] || break; f=$d/$1.$$.$i$w; done',
  // Not `exec cat`: the shell's pid must outlive the writing, and a hook always exits 0, even
  // when cat fails on a full disk (the drain sets the cut file aside). The fork costs ~0.2 ms.
  `  if [ "$i" -lt 8 ]; then ${SPOOL_CAT_STEP}; fi`,
  // One redirection for hash, the claims and cat (each had its own); the Node hook keeps its stderr.
  'fi 2>/dev/null',
  'case $3 in */*) [ -x "$3" ] ;; *) command -v "$3" >/dev/null ;; esac && "$3" "$4" --host "$1"',
  'exit 0',
].join('\n');

/**
 * claude-plugin/hooks/buddy-spool.sh: SPOOL_SCRIPT as a file, for the plugin's hooks.json
 * (`/bin/sh <file> claude "" node <launcher>`). Generated, never edited by hand:
 * `npx tsx scripts/gen-plugin-spool.ts` writes it, test/install/claude-plugin.test.ts checks it.
 */
export function spoolScriptFile(): string {
  return [
    '#!/bin/sh',
    "# buddy-tui: spools one Claude Code event into the state root's inbox (see claude-plugin/README.md).",
    '# GENERATED from SPOOL_SCRIPT in src/ingest/spool-command.ts by scripts/gen-plugin-spool.ts: do not edit.',
    '# $1 host, $2 uid (empty here: the Node fallback runs when only the uid could name the root), $3 node, $4 launcher.',
    SPOOL_SCRIPT,
    '',
  ].join('\n');
}

export interface SpoolCommandOptions {
  /** The node binary for the fallback (absolute). */
  node: string;
  /** dist/hook.js (absolute). */
  hookScript: string;
  /** The user's uid, for the tmpdir root; default this process's. */
  uid?: number;
}

/** The words after `/bin/sh`: `-c SCRIPT buddy-tui-ingest HOST UID NODE HOOK_JS`. */
export function spoolArgs(host: FeedHost, opts: SpoolCommandOptions): string[] {
  const uid = opts.uid ?? (typeof process.getuid === 'function' ? process.getuid() : 0);
  return ['-c', SPOOL_SCRIPT, SPOOL_ARGV0, host, String(uid), opts.node, opts.hookScript];
}

/**
 * The same command as ONE string, for Claude Code's shell form and for Codex (which runs it
 * with `$SHELL -lc`): `exec /bin/sh -c 'SCRIPT' buddy-tui-ingest HOST UID NODE HOOK_JS`.
 */
export function spoolCommandLine(host: FeedHost, opts: SpoolCommandOptions): string {
  return ['exec', '/bin/sh', ...spoolArgs(host, opts).map(shellQuote)].join(' ');
}

/** Claude Code's exec-form handler: `/bin/sh` started directly with the script and its words. */
export function spoolExecHandler(host: FeedHost, opts: SpoolCommandOptions, timeout: number): Record<string, unknown> {
  return { type: 'command', command: '/bin/sh', args: spoolArgs(host, opts), timeout };
}

/**
 * The script itself as a shell-form command, its words set by `set --`: Claude Code runs a
 * shell-form hook as `/bin/sh -c <command>`, so this is one shell and `cat`, nothing more. It is
 * what install writes for Claude Code: measured with 2.1.332 (npm run bench), a shell-form hook
 * costs Claude Code less than the same program in the exec form (`/bin/cat` alone in the exec form
 * cost more than `cat` in the shell form), so the exec form's "one process fewer" is no gain here.
 */
export function spoolInlineCommand(host: FeedHost, opts: SpoolCommandOptions): string {
  const [, , , ...words] = spoolArgs(host, opts);
  return `set -- ${words.map(shellQuote).join(' ')}  # ${SPOOL_ARGV0}\n${SPOOL_SCRIPT}`;
}

/** Claude Code's shell-form handler: the inline script (spoolInlineCommand). */
export function spoolShellHandler(host: FeedHost, opts: SpoolCommandOptions, timeout: number): Record<string, unknown> {
  return { type: 'command', command: spoolInlineCommand(host, opts), timeout };
}

/** What a hook handler installed by buddy-tui runs: the spool script or the Node hook directly. */
export interface HandlerKind {
  path: 'spool' | 'node';
  /** The dist/hook.js it names (the spool's fallback, or the Node hook itself), when found. */
  hookScript?: string;
  /** The Node binary it names (the spool's fallback, or the Node hook's), when found. */
  node?: string;
}

/** Recognises a handler of either generation (exec or shell form); undefined for a foreign one. */
export function handlerKind(handler: { command?: unknown; args?: unknown }): HandlerKind | undefined {
  if (typeof handler.command !== 'string') return undefined;
  const args = Array.isArray(handler.args) ? handler.args.filter((a): a is string => typeof a === 'string') : [];
  if (handler.command === '/bin/sh' && args.includes(SPOOL_ARGV0)) {
    return {
      path: 'spool',
      hookScript: args[args.indexOf(SPOOL_ARGV0) + 4],
      node: args[args.indexOf(SPOOL_ARGV0) + 3],
    };
  }
  // The inline script: `set -- HOST UID NODE HOOK_JS  # buddy-tui-ingest` on its first line.
  const first = handler.command.split('\n', 1)[0];
  if (first.startsWith('set -- ') && first.endsWith(`# ${SPOOL_ARGV0}`)) {
    const words = shellWords(first);
    return { path: 'spool', hookScript: words[5], node: words[4] };
  }
  // The one-line form (and the Node hook's `<node> <dist/hook.js>`): the last shell word names the script.
  const words = shellWords([handler.command, ...args.map(shellQuote)].join(' '));
  const last = words[words.length - 1];
  const script = last && /[/\\]hook\.js$/.test(last) ? last : undefined;
  if (words.includes(SPOOL_ARGV0))
    return { path: 'spool', hookScript: script, node: words[words.indexOf(SPOOL_ARGV0) + 3] };
  return script ? { path: 'node', hookScript: script, node: words[words.length - 2] } : undefined;
}

/** Splits a command line into words as a POSIX shell would for plain and single-quoted words. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/(?:'[^']*'|\\.|[^\s'\\])+/g)) {
    words.push(
      match[0].replace(
        /'([^']*)'|\\(.)|([^'\\]+)/g,
        (_all, quoted: string | undefined, escaped: string | undefined, plain: string | undefined) =>
          quoted ?? escaped ?? plain ?? '',
      ),
    );
  }
  return words;
}
