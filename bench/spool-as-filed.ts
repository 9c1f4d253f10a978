/**
 * The spool script as it stood when issue 22 was filed (src/ingest/spool-command.ts at 69bbfa4,
 * `git show 69bbfa4:src/ingest/spool-command.ts`), for the hook-cost bench to run side by side
 * with today's: what the fixes since then cost the hook. Since then the script passes over an
 * existing name (a FIFO or a symlink planted in the inbox), hands a refused root to the Node hook
 * (inbox/.root-refused), records the tmux place in the file name, checks the Node fallback exists
 * and runs cat in the C locale. The drain's liveness check (the writer's pid) costs the hook
 * nothing: that script already named its file by its pid and waited for its cat.
 */
import { ROOT_SCRIPT } from '../src/ingest/spool-command.js';

export const SPOOL_SCRIPT_AS_FILED = [
  '[ "$BUDDY_TUI_CHILD" != 1 ] || exit 0',
  'umask 077',
  ROOT_SCRIPT,
  'd=$r/inbox',
  'if [ -n "$r" ] && [ -d "$d" ] && [ ! -h "$r" ] && [ ! -h "$d" ] && [ -O "$r" ] && [ -O "$d" ]; then',
  '  set -C; f=$d/$1.$$; i=0',
  '  until true 2>/dev/null >"$f"; do i=$((i+1)); [ "$i" -lt 8 ] || break; f=$d/$1.$$.$i; done',
  '  if [ "$i" -lt 8 ]; then cat >>"$f" 2>/dev/null; exit 0; fi',
  'fi',
  'exec "$3" "$4" --host "$1"',
].join('\n');

/** An installed inline spool command (`set -- ...  # buddy-tui-ingest` + script) with the filed script instead. */
export function asFiled(command: string): string {
  const firstLine = command.slice(0, command.indexOf('\n'));
  if (!firstLine.startsWith('set -- '))
    throw new Error('hook-cost: the installed spool is not the inline form any more');
  return `${firstLine}\n${SPOOL_SCRIPT_AS_FILED}`;
}
