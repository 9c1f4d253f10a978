/**
 * Dispatches `buddy-tui <command>` to one file per command in this folder. Each command
 * module exports `run(args): Promise<number>` (the exit code) and is loaded only when used.
 */
import { joinTerm, term, type TerminalText } from '../text/terminal-text.js';
import { processIo } from './cli-io.js';
import { exitOnClosedPipe, runCommand, type CommandModule } from './run-command.js';

const COMMANDS: Record<string, { summary: string; load: () => Promise<CommandModule> }> = {
  tui: { summary: 'open the companion pane (the default)', load: () => import('./tui.js') },
  demo: { summary: 'replay a recorded session into the pane, no Claude Code needed', load: () => import('./demo.js') },
  pane: { summary: 'open the pane in a new tmux split (also: --tmux)', load: () => import('./pane.js') },
  install: {
    summary: "wire buddy-tui into Claude Code's settings.json (--host codex|copilot|gemini|qwen for the others)",
    load: () => import('./install.js'),
  },
  uninstall: { summary: 'remove exactly what install added', load: () => import('./uninstall.js') },
  doctor: { summary: 'check the setup and say how to fix it', load: () => import('./doctor.js') },
  species: {
    summary: 'list | show <id> | validate <file...> | new <id> | import <dir|pet.json>',
    load: () => import('./species.js'),
  },
  hatch: { summary: 'hatch a new buddy (--species, --name, --reroll)', load: () => import('./hatch.js') },
  feed: { summary: 'feed the buddy', load: () => import('./pet-actions.js').then((m) => ({ run: m.runFeed })) },
  pet: { summary: 'pet the buddy', load: () => import('./pet-actions.js').then((m) => ({ run: m.runPet })) },
  play: { summary: 'play with the buddy', load: () => import('./pet-actions.js').then((m) => ({ run: m.runPlay })) },
  rename: { summary: 'rename the buddy', load: () => import('./pet-actions.js').then((m) => ({ run: m.runRename })) },
  stats: {
    summary: "show the buddy's needs and counters",
    load: () => import('./pet-actions.js').then((m) => ({ run: m.runStats })),
  },
  plugins: { summary: 'list the configured plugins and config errors', load: () => import('./plugins.js') },
  voice: {
    summary: "the buddy's own voice with your model: on | off (no argument: what it is, today's calls)",
    load: () => import('./voice.js'),
  },
  runner: {
    summary: 'run the plugins with no pane (--detach: in the background; exits when idle)',
    load: () => import('./runner.js'),
  },
  'mod-state': {
    summary: 'what the Claude Code mod draws, as JSON (--session ID, --act pet|feed)',
    load: () => import('./mod-state.js'),
  },
  'mod-answer': {
    summary: "the Claude Code mod's answer to a delegate call it claimed (--id ID, JSON on stdin)",
    load: () => import('./mod-answer.js'),
  },
  status: {
    summary: 'the state of each live session (--json for scripts, --session ID)',
    load: () => import('./status.js'),
  },
};

/** The hook's help lives here: the hook's own bundle stays the hot path (src/entries/cli.ts sends --help here). */
const HOOK_HELP = term`usage: buddy-tui hook [--host claude|codex|copilot|gemini|qwen]

The hook command a host runs on each of its events: reads one event as JSON on stdin, journals it
in the state root, prints nothing and exits 0 on every path. \`buddy-tui install\` sets it up; you do
not run it by hand.

--host  the host whose event it is (default: claude)
`;

export function usage(): TerminalText {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length)) + 2;
  const lines = Object.entries(COMMANDS).map(([name, { summary }]) => term`  ${name.padEnd(width)}${summary}`);
  return joinTerm(
    [
      term`buddy-tui: a terminal companion for your coding agents (Claude Code, Codex, GitHub Copilot CLI,
Gemini CLI, Qwen Code): a buddy that reacts to their sessions, and what each session is doing.

usage: buddy-tui [command] [options]
`,
      term`  ${'hook'.padEnd(width)}the hook command each host runs (reads one event on stdin)`,
      term`  ${'statusline'.padEnd(width)}Claude Code statusLine command`,
      ...lines,
      term`
Run \`buddy-tui <command> --help\` for the options of a command.`,
    ],
    '\n',
  );
}

/** Edits (insert, delete, replace one character) from a to b. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

/** The one command a typo most likely meant (two edits at most, and fewer than half its letters). */
export function nearestCommand(typed: string, names: readonly string[]): string | undefined {
  const word = typed.toLowerCase().slice(0, 40);
  const scored = names
    .map((name) => ({ name, distance: editDistance(word, name) }))
    .filter(({ name, distance }) => distance <= Math.min(2, Math.floor(name.length / 2)))
    .sort((a, b) => a.distance - b.distance);
  return scored.length && scored[0]!.distance !== scored[1]?.distance ? scored[0]!.name : undefined;
}

export async function main(args: string[]): Promise<number> {
  const io = processIo();
  exitOnClosedPipe();
  let [name, ...rest] = args;
  if (name === '--help' || name === '-h' || name === 'help') {
    io.stdout(term`${usage()}\n`);
    return 0;
  }
  if (name === '--version' || name === '-v') {
    const { createRequire } = await import('node:module');
    const pkg = createRequire(import.meta.url)('../package.json') as { version: string };
    io.stdout(term`${pkg.version}\n`);
    return 0;
  }
  if (name === 'hook') {
    // Reached only with --help: src/entries/cli.ts runs the hook's own bundle otherwise.
    io.stdout(HOOK_HELP);
    return 0;
  }
  if (name === '--tmux') name = 'pane';
  if (name === undefined || name.startsWith('-')) {
    rest = name === undefined ? [] : [name, ...rest];
    name = 'tui';
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    const near = nearestCommand(name, [...Object.keys(COMMANDS), 'hook', 'statusline']);
    io.stderr(
      near
        ? term`buddy-tui: unknown command "${name}"; did you mean ${near}?\nRun \`buddy-tui --help\` for every command.\n`
        : term`buddy-tui: unknown command "${name}"\n\n${usage()}\n`,
    );
    return 2;
  }
  return runCommand(name, command.load, rest, io);
}
