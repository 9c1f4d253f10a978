/**
 * `buddy-tui` / `buddy-tui tui`: the companion pane. Logs go to `<state-root>/tui.log`, never
 * to the terminal Ink draws on.
 */
import { closeSync } from 'node:fs';
import { constants } from 'node:os';
import { parseArgs } from 'node:util';
import { expandPath } from '../config/paths.js';
import { preferSmallHeap } from '../process/small-heap.js';
import { sanitizeText } from '../text/sanitize.js';
import { term } from '../text/terminal-text.js';
import { processIo, type CliIo } from './cli-io.js';
import { chooseStateDir, stateRootRefusal } from './state-dir-flag.js';

const HELP = term`usage: buddy-tui [tui] [options]

Opens the companion pane: the buddy, its speech bubbles and the live activity of your
Claude Code sessions. Run it in a split beside Claude Code (or: buddy-tui pane).

options:
  --state-dir <dir>     session state root (default: $BUDDY_TUI_STATE_DIR, else
                        $XDG_RUNTIME_DIR/buddy-tui, else <tmp>/buddy-tui-<uid>); as with
                        $BUDDY_TUI_STATE_DIR, a folder open to others is refused, never changed
  --species-dir <dir>   extra folder of species JSON files
  --species <id>        draw this species instead of your buddy's own
  --config <file>       config file (default: $XDG_CONFIG_HOME/buddy-tui/config.json)
  --no-plugins          do not run configured plugins (the buddy's own quips still run)
  --no-foundry          do not show Foundry task-log.js sessions
  --no-alt-screen       draw in the normal screen instead of the alternate one
  -h, --help            this help

keys: ←/→ or 1-9 switch session, o sessions overview (↑↓ Enter to open one), f feed, p pet, m mute,
      c chattiness, v voice on/off, r reactions history, h hosts, Esc close a view, ? help,
      q or Ctrl+C quit`;

const FORCE_EXIT_MS = 3_000;

/**
 * Ends the process after a hang-up, once the pane has closed (Ink has put the terminal back in
 * its normal mode). Node's own teardown would restore the terminal too (ResetStdio, at exit), and
 * on a terminal that is gone (`tmux kill-server`) Node 20 aborts there: tcsetattr fails with EIO
 * and an assertion prints a native stack trace. ResetStdio leaves alone a descriptor the program
 * closed, so the three are closed first, and the process exits at once, before anything else can
 * open a file on them.
 */
function exitAfterHangUp(code: number): never {
  for (const fd of [0, 1, 2]) {
    try {
      closeSync(fd);
    } catch {
      // Already closed.
    }
  }
  const direct = (process as unknown as { reallyExit?: (code: number) => never }).reallyExit;
  return typeof direct === 'function' ? direct.call(process, code) : process.exit(code);
}

export async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  // An unknown flag is reported by the dispatcher (main.ts).
  const { values } = parseArgs({
    args,
    options: {
      'state-dir': { type: 'string' },
      'species-dir': { type: 'string' },
      species: { type: 'string' },
      config: { type: 'string' },
      'no-plugins': { type: 'boolean' },
      'no-foundry': { type: 'boolean' },
      'no-alt-screen': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    io.stdout(term`${HELP}\n`);
    return 0;
  }
  const stateRoot = chooseStateDir(values['state-dir'], io.env);
  const refusal = stateRootRefusal(stateRoot);
  if (refusal) {
    io.stderr(term`buddy-tui: ${sanitizeText(refusal, { maxLength: 600 })}\n`);
    return 1;
  }
  preferSmallHeap();
  const { startTui } = await import('../tui/start-tui.js');
  let handle;
  try {
    handle = await startTui({
      stateRoot,
      speciesDir: values['species-dir'] ? expandPath(values['species-dir']) : undefined,
      speciesId: values.species,
      configFile: values.config ? expandPath(values.config) : undefined,
      plugins: !values['no-plugins'],
      foundry: !values['no-foundry'],
      alternateScreen: values['no-alt-screen'] ? false : undefined,
    });
  } catch (error) {
    io.stderr(term`buddy-tui: cannot open the pane: ${(error as Error).message}\n`);
    return 1;
  }
  // Closed by a signal: the status of a process that signal ended (SIGTERM: 143), as shells report it.
  const signal = await handle.closed;
  const code = signal ? 128 + (constants.signals[signal] ?? 0) : 0;
  if (signal === 'SIGHUP') exitAfterHangUp(code);
  // Quit means quit: a watcher still scanning a big folder (chokidar cannot close one mid-scan)
  // must not keep a closed pane alive. After start-tui has logged what was still open.
  setTimeout(() => process.exit(code), FORCE_EXIT_MS).unref();
  return code;
}
