/**
 * The statusLine command with a fast path (issue 25): a POSIX sh script that, while a resident
 * buddy-tui process keeps this session's line current (resident-lines.ts), prints that line
 * without starting Node, and hands this refresh's payload to the resident process for the next
 * one. Anything it cannot vouch for falls back to the Node statusline (`<node> <cli.js>
 * statusline`), which drains the inbox and renders from this very payload, as before.
 *
 * The line is printed only when all of these hold (docs/statusline.md, "The fast path"):
 * - the state root and `<root>/statusline` are directories of ours, not symlinks (as the spool
 *   hook checks, src/ingest/spool-command.ts), and $CLAUDE_CODE_SESSION_ID is a safe name;
 * - each of the four files it opens there is a regular file (the two it writes may be missing):
 *   never a symlink, and never a FIFO or device, whose open would block the command for good;
 * - the resident process named in `statusline/resident.pid` is alive (kill -0);
 * - the inbox is empty: no event was spooled since the last drain;
 * - the journal's size is the size the line was rendered from: no event appended since;
 * - the line was rendered for the same width, colour and clock settings as this run's.
 * The model, context and cost parts come from the previous refresh's payload: one refresh behind.
 *
 * Positional parameters: $1 node, $2 dist/cli.js, $3 uid (for the tmpdir root, as the spool's).
 * Contains no `'`, so it survives single quotes in any shell.
 */
import { shellQuote } from '../text/shell-words.js';

/** What marks the inline command as ours (its first line ends with it). */
export const FAST_STATUSLINE_MARK = 'buddy-tui-statusline';

/** Rendered lines and handed-over payloads live here, under the state root. */
export const RESIDENT_DIR = 'statusline';
export const RESIDENT_PID_FILE = 'resident.pid';
export const lineFileName = (sessionId: string) => `${sessionId}.line`;
export const payloadFileName = (sessionId: string) => `${sessionId}.json`;
export const settingsFileName = (sessionId: string) => `${sessionId}.env`;

/**
 * The settings a line depends on besides the payload and the state, as one line: the width
 * ($COLUMNS), colour (NO_COLOR set or not) and the pinned clock (tests, benchmarks). The resident
 * process renders with exactly these, and the script prints a line only for the same ones.
 */
export function settingsKey(env: NodeJS.ProcessEnv): string {
  return `${env.COLUMNS ?? ''}|${env.NO_COLOR ? '1' : ''}|${env.BUDDY_TUI_NOW ?? ''}`;
}

/** The environment a settings key stands for, or undefined for a key the script did not write. */
export function settingsFromKey(key: string): Record<string, string | undefined> | undefined {
  const parts = key.split('|');
  if (parts.length !== 3 || /[\n\r]/.test(key)) return undefined;
  const [columns, noColor, now] = parts;
  return { COLUMNS: columns || undefined, NO_COLOR: noColor || undefined, BUDDY_TUI_NOW: now || undefined };
}

export const FAST_STATUSLINE_SCRIPT = [
  'n=$1; c=$2; umask 077',
  'r=${BUDDY_TUI_STATE_DIR:-${XDG_RUNTIME_DIR:+$XDG_RUNTIME_DIR/buddy-tui}}',
  'if [ -z "$r" ] && [ -n "$3" ]; then t=${TMPDIR:-${TMP:-${TEMP:-/tmp}}}; r=${t%/}/buddy-tui-$3; fi',
  's=$CLAUDE_CODE_SESSION_ID; d=$r/statusline',
  // SESSION_ID_PATTERN and the reserved names of src/state/state-root.ts: a session id is never a path.
  'case $s in ""|*[!A-Za-z0-9_-]*|inbox|statusline) s="";; esac; [ ${#s} -le 128 ] || s=""',
  'if [ -n "$r" ] && [ -n "$s" ] && [ -d "$d" ] && [ ! -h "$r" ] && [ ! -h "$d" ] && [ -O "$r" ] && [ -O "$d" ] && [ ! -t 0 ]; then',
  '  k="${COLUMNS-}|${NO_COLOR:+1}|${BUDDY_TUI_NOW-}"; p=$d/$s.json; j=$r/$s/events.jsonl; z=none; q=',
  // Builtin tests before each open: a regular file or nothing there (a read then fails and the
  // script falls back), never a symlink, a FIFO or a device, whose open could block for good.
  '  regular() { [ ! -h "$1" ] && { [ -f "$1" ] || [ ! -e "$1" ]; }; }',
  // The payload, for the resident process (it renders the next refresh's line) and the fallback.
  '  { regular "$d/$s.env" && regular "$p" && printf "%s\\n" "$k" >"$d/$s.env" && cat >"$p"; } 2>/dev/null || exec "$n" "$c" statusline',
  // Not `exec 3<file`: a failed redirection on a special builtin would end the shell.
  '  regular "$d/resident.pid" && IFS= read -r q 2>/dev/null <"$d/resident.pid"',
  '  case $q in [1-9]*) ;; *) q=x;; esac; case $q in *[!0-9]*) q=x;; esac',
  '  if [ "$q" != x ] && kill -0 "$q" 2>/dev/null; then',
  // Spooled events are <host>.<pid>[.<n>]; inbox/damaged and strangers the drain leaves alone do not count.
  '    set -- "$r"/inbox/*.[0-9]*',
  '    if [ ! -e "$1" ] && [ ! -h "$1" ] && regular "$d/$s.line"; then',
  '      { IFS= read -r h && IFS= read -r e && [ "$e" = "$k" ] && { [ ! -f "$j" ] || { z=$(wc -c <"$j") && z=$((z+0)); }; } && [ "$h" = "$z" ] &&',
  '        while IFS= read -r x; do printf "%s\\n" "$x"; done && exit 0; } 2>/dev/null <"$d/$s.line"',
  '    fi',
  '  fi',
  '  exec "$n" "$c" statusline <"$p"',
  'fi',
  'exec "$n" "$c" statusline',
].join('\n');

/** The statusLine command: the script inline, its words set by `set --` (one sh, like the spool hook). */
export function fastStatuslineCommand(opts: { node: string; cliScript: string; uid?: number }): string {
  const uid = opts.uid ?? (typeof process.getuid === 'function' ? process.getuid() : 0);
  return `set -- ${[opts.node, opts.cliScript, String(uid)].map(shellQuote).join(' ')}  # ${FAST_STATUSLINE_MARK}\n${FAST_STATUSLINE_SCRIPT}`;
}

/** True for a command fastStatuslineCommand wrote (any node, any dist). */
export function isFastStatuslineCommand(command: string): boolean {
  const first = command.split('\n', 1)[0];
  return first.startsWith('set -- ') && first.endsWith(`# ${FAST_STATUSLINE_MARK}`);
}
