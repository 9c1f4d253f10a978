/**
 * `buddy-tui pane` (also `buddy-tui --tmux`): opens the TUI in a new tmux split beside the
 * current pane. tmux starts the new pane with the tmux server's environment, not ours, so the
 * variables buddy-tui reads are passed along with `-e`. The pane is marked (`@buddy-tui`), so a
 * second `pane` in that window finds it instead of opening another. Run from a key binding
 * (`run-shell`, no terminal), it prints nothing on success: tmux would show any output in view
 * mode over the user's pane; a notice goes to tmux's status line instead.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { shellQuote } from '../text/shell-words.js';
import { cliEntryPath } from '../install/cli-entry.js';
import { term } from '../text/terminal-text.js';
import { processIo, type CliIo } from './cli-io.js';

const HELP = term`usage: buddy-tui pane [--size <cells|N%>] [--below] [--focus] [-- <buddy-tui options>]

Opens buddy-tui in a new tmux pane beside the current one (to the right; --below for under it).
  --size <n>   width (or height with --below) in cells, or a percentage like 35% (default 38%)
  --below      split vertically instead of side by side
  --focus      move the focus to the new pane (default: stay where you are)
Outside tmux: open a split in your terminal (iTerm2, WezTerm, kitty, Windows Terminal...) and run \`buddy-tui\` in it.
`;

export const OUTSIDE_TMUX_MESSAGE = term`buddy-tui pane: not inside tmux ($TMUX is not set).
Start tmux first (\`tmux\`, then \`claude\` in it and \`buddy-tui pane\`), or open a split in your terminal \
(iTerm2: Cmd+D, WezTerm: Ctrl+Shift+Alt+%, kitty: Ctrl+Shift+Enter, Windows Terminal: Alt+Shift+D) and run \`buddy-tui\` there.
`;

/** The environment the pane needs from ours: buddy-tui's own, XDG paths, PATH (for the `claude` delegate). */
export function forwardedEnv(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env)
    .filter(
      ([name, value]) =>
        value !== undefined &&
        (/^(BUDDY_TUI_|XDG_)/.test(name) ||
          ['PATH', 'NO_COLOR', 'CLAUDE_CONFIG_DIR', 'ANTHROPIC_BASE_URL'].includes(name)),
    )
    .map(([name, value]) => `${name}=${value}`);
}

/** The `tmux split-window` arguments that open the pane. */
export function splitWindowArgs(opts: {
  size: string;
  below: boolean;
  focus: boolean;
  target?: string;
  cwd: string;
  command: string;
  env: string[];
}): string[] {
  return [
    'split-window',
    opts.below ? '-v' : '-h',
    ...(opts.focus ? [] : ['-d']),
    '-l',
    opts.size,
    ...(opts.target ? ['-t', opts.target] : []),
    '-c',
    opts.cwd,
    ...opts.env.flatMap((entry) => ['-e', entry]),
    '-P',
    '-F',
    '#{pane_id}',
    opts.command,
  ];
}

export async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  const { env } = io;
  const { values, positionals } = parseArgs({
    args,
    options: {
      size: { type: 'string', default: '38%' },
      below: { type: 'boolean' },
      focus: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  if (!/^\d{1,4}%?$/.test(values.size) || /^0+%?$/.test(values.size)) {
    io.stderr(term`buddy-tui pane: --size must be a number of cells or a percentage (got "${values.size}")\n`);
    return 2;
  }
  if (!env.TMUX) {
    io.stderr(OUTSIDE_TMUX_MESSAGE);
    return 1;
  }
  const existing = openedPane(env);
  if (existing) return alreadyOpen(io, existing, values.focus ?? false);
  const command = [process.execPath, cliEntryPath(), 'tui', ...positionals].map(shellQuote).join(' ');
  const result = spawnSync(
    'tmux',
    splitWindowArgs({
      size: values.size,
      below: values.below ?? false,
      focus: values.focus ?? false,
      target: env.TMUX_PANE,
      cwd: process.cwd(),
      command,
      env: forwardedEnv(env),
    }),
    { env, encoding: 'utf8' },
  );
  if (result.error || result.status !== 0) {
    const why = result.error ? result.error.message : result.stderr.trim();
    io.stderr(term`buddy-tui pane: tmux split-window failed: ${why}\n`);
    return 1;
  }
  const opened = result.stdout.trim();
  tmux(env, ['set-option', '-p', '-t', opened, PANE_MARK, '1']);
  if (io.isTTY) io.stdout(term`buddy-tui opened in tmux pane ${opened}\n`);
  return 0;
}

/** The user option that marks a pane buddy-tui opened. */
const PANE_MARK = '@buddy-tui';

function tmux(env: NodeJS.ProcessEnv, args: string[]) {
  return spawnSync('tmux', args, { env, encoding: 'utf8' });
}

/** A live pane of the current window that `pane` opened before, if any. */
export function openedPane(env: NodeJS.ProcessEnv): string | undefined {
  const target = env.TMUX_PANE ? ['-t', env.TMUX_PANE] : [];
  const listed = tmux(env, ['list-panes', ...target, '-F', `#{pane_id} #{pane_dead} #{${PANE_MARK}}`]);
  if (listed.error || listed.status !== 0) return undefined;
  const found = listed.stdout.split('\n').find((line) => / 0 1$/.test(line));
  return found?.split(' ')[0];
}

/** Says the pane is open already (on the terminal, else in tmux's status line), and focuses it when asked. */
function alreadyOpen(io: CliIo, pane: string, focus: boolean): number {
  if (focus) tmux(io.env, ['select-pane', '-t', pane]);
  const notice = `buddy-tui is already open in tmux pane ${pane}${focus ? '' : ' (--focus moves there)'}`;
  if (io.isTTY) io.stdout(term`${notice}\n`);
  else tmux(io.env, ['display-message', ...(io.env.TMUX_PANE ? ['-t', io.env.TMUX_PANE] : []), notice]);
  return 0;
}
