/**
 * Where one animation tick's frame goes (issue 50), without the watcher, the pet or the disk:
 * the pane's App at 100x30 with 5 working sessions (the docked overview, the activity panel,
 * the sprite), Ink's caches as the pane sets them, and the store advanced TICKS times, a frame
 * each. Prints the CPU per tick frame; with `--profile <folder>` it also writes a .cpuprofile of
 * the ticks alone (node:inspector), for docs/architecture.md's table.
 *   NODE_ENV=production node --import tsx bench/tick-frame.tsx [--profile /tmp/tick-frame]
 * NODE_ENV=production as in dist/ (React's development build costs about 1.6x).
 */
import { EventEmitter } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { render } from 'ink';
import { App } from '../components/App.js';
import type { JournalEvent } from '../src/protocol/hook-event.js';
import { foldEvents } from '../src/state/reducer.js';
import { shareInkOutputCaches } from '../src/tui/ink/ink-output-cache.js';
import { createBuddyStore } from '../src/tui/store/index.js';

const TICKS = Number(process.env.BUDDY_BENCH_TICKS) || 600;
const now = Date.now();

function workingSession(k: number): JournalEvent[] {
  const session_id = `work-${k}`;
  return [
    { ts: now - 1000, session_id, hook_event_name: 'SessionStart', cwd: `/bench/project-${k}` },
    { ts: now - 900, session_id, hook_event_name: 'UserPromptSubmit', prompt_id: `p-${k}` },
    { ts: now - 800 + k, session_id, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: `t-${k}` },
  ];
}

const store = createBuddyStore({ now, columns: 100, rows: 30 });
store.getState().applySessions(
  Array.from({ length: 5 }, (_, k) => foldEvents(undefined, workingSession(k))),
  now,
  15,
);
let frames = 0;
const sink = Object.assign(new EventEmitter(), {
  columns: 100,
  rows: 30,
  isTTY: false,
  write: () => {
    frames += 1;
    return true;
  },
});
shareInkOutputCaches();
const instance = render(<App store={store} theme={{ color: true }} />, {
  stdout: sink as unknown as NodeJS.WriteStream,
  debug: true,
  patchConsole: false,
  exitOnCtrlC: false,
});
await new Promise((resolve) => setTimeout(resolve, 100));

const at = process.argv.indexOf('--profile');
const profileDir = at > 0 ? process.argv[at + 1] : undefined;
const session = new Session();
if (profileDir) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const before = process.cpuUsage();
const framesBefore = frames;
for (let i = 1; i <= TICKS; i += 1) {
  store.getState().advance(now + i * 500);
  // A macrotask between ticks, as the pane's timer gives: each tick is its own React commit.
  await new Promise((resolve) => setTimeout(resolve, 1));
}
const used = process.cpuUsage(before);
if (profileDir) {
  const { profile } = await session.post('Profiler.stop');
  mkdirSync(profileDir, { recursive: true });
  writeFileSync(join(profileDir, 'tick-frame.cpuprofile'), JSON.stringify(profile));
}
const perTick = (used.user + used.system) / 1000 / TICKS;
process.stdout.write(`${frames - framesBefore} frames for ${TICKS} ticks: ${perTick.toFixed(2)} ms CPU per tick\n`);
instance.unmount();
process.exit(0);
