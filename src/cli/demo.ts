/**
 * `buddy-tui demo`: the zero-setup tour. Replays a session recorded from the real Claude Code
 * through the real hook command into a temporary state root, with a demo plugin and the
 * offline delegate adapter, and runs the pane on it. q quits and removes everything.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { expandPath } from '../config/paths.js';
import { hookEntryPath } from '../install/cli-entry.js';
import { createDemoPace } from '../demo/demo-pace.js';
import { loadRecording, replayThroughHook, sleep } from '../demo/demo-replay.js';
import { createDemoWorld, demoRecordingPath } from '../demo/demo-world.js';
import { preferSmallHeap } from '../process/small-heap.js';
import { term } from '../text/terminal-text.js';
import { processIo, type CliIo } from './cli-io.js';

const HELP = term`usage: buddy-tui demo [--speed <x>] [--once] [--species <id>] [--session <file.jsonl>]

Replays a recorded Claude Code session (failing test, fix, green tests, a subagent review, a commit)
through buddy-tui's real hook into a throwaway state root and shows it in the pane. No Claude Code needed.
  --speed <x>        replay speed (default 1; 2 = twice as fast)
  --once             play the session once, then keep showing it (default: replay it in a loop)
  --species <id>     draw this species
  --session <file>   replay another recording (JSONL of hook payloads)
  --no-alt-screen    draw in the normal screen
keys: q quits (everything the demo wrote is removed), ? help
`;

/** The pause between two rounds of the loop, before the speed factor. */
const ROUND_PAUSE_MS = 6000;

export async function run(args: string[], io: CliIo = processIo()): Promise<number> {
  // An unknown flag is reported by the dispatcher (main.ts).
  const { values } = parseArgs({
    args,
    options: {
      speed: { type: 'string', default: '1' },
      once: { type: 'boolean' },
      species: { type: 'string' },
      session: { type: 'string' },
      'no-alt-screen': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  const speed = Number(values.speed);
  if (!(speed > 0 && speed <= 100)) {
    io.stderr(term`buddy-tui demo: --speed must be a number above 0 (got "${values.speed}")\n`);
    return 2;
  }
  const hookEntry = hookEntryPath();
  if (!existsSync(hookEntry)) {
    io.stderr(term`buddy-tui demo: ${hookEntry} is missing; run \`npm run build\` first\n`);
    return 1;
  }
  const file = values.session ? expandPath(values.session) : demoRecordingPath();
  let events;
  try {
    events = loadRecording(file);
  } catch (error) {
    io.stderr(term`buddy-tui demo: cannot read ${file}: ${(error as Error).message}\n`);
    return 1;
  }
  if (events.length === 0) {
    io.stderr(term`buddy-tui demo: ${file} holds no hook events\n`);
    return 1;
  }

  const world = createDemoWorld();
  const stop = new AbortController();
  let handle;
  try {
    preferSmallHeap();
    const { startTui } = await import('../tui/start-tui.js');
    handle = await startTui({
      stateRoot: world.stateRoot,
      configFile: world.configFile,
      petFile: world.petFile,
      speciesId: values.species,
      foundry: false,
      env: world.env,
      alternateScreen: values['no-alt-screen'] ? false : undefined,
    });
  } catch (error) {
    world.remove();
    io.stderr(term`buddy-tui demo: cannot open the pane: ${(error as Error).message}\n`);
    return 1;
  }

  const recorded = events[0].session_id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 36);
  const settle = createDemoPace(handle, { speed, signal: stop.signal });
  const replay = (async () => {
    for (let round = 1; !stop.signal.aborted; round += 1) {
      const sessionId = round === 1 ? recorded : `${recorded.slice(0, 27)}-round${round}`;
      await replayThroughHook({ events, hookEntry, env: world.env, sessionId, speed, signal: stop.signal, settle });
      if (values.once || stop.signal.aborted) break;
      await sleep(ROUND_PAUSE_MS / speed, stop.signal);
      // The finished round leaves the stage so the tabs do not pile up.
      rmSync(join(world.stateRoot, sessionId), { recursive: true, force: true });
    }
  })();

  await handle.closed;
  stop.abort();
  await replay.catch(() => undefined);
  world.remove();
  // q means quit: a plugin or delegate child still winding down must not keep the demo on screen.
  setTimeout(() => process.exit(process.exitCode ?? 0), 1500).unref();
  return 0;
}
