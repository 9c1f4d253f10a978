/**
 * The pane fed through the installed spool, as a user's hosts feed it (issue 50): `buddy-tui
 * install` into a Claude Code HOME, then 5 sessions each make one Bash call a second, each call's
 * PreToolUse and PostToolUse spawned through the installed hook command (10 hook events a
 * second), the built pane open on the same state root and draining the inbox. The row is the
 * pane process's share of a core, steady and just after start-up as pane-cost.ts's (the drain
 * counts, unlike working-sessions.ts, whose sessions write their journals directly). After the run every journal must hold every event it was fed,
 * in order: a cheap but lossy pane is a MISS.
 */
import { rmSync } from 'node:fs';
import { claudeBinary, createOfflineClaudeHome } from '../test/support/claude-cli.js';
import { installBuddyHooks, installedHandler, journalOf, spawnInstalledHook } from '../test/support/installed-hooks.js';
import { formatRow, type BenchRow } from './measure.js';
import { earlyAndSteadyShares, PaneProcess, scratch, until } from './pane-process.js';

const SECONDS = Number(process.env.BUDDY_BENCH_PANE_SECONDS) || 20;
const SESSIONS = 5;
const BAR = 3;
const GOAL = 1;

const sessionId = (k: number) => `spool-fed-${k}`;

function payload(k: number, event: string, extra: Record<string, unknown> = {}): string {
  const cwd = `/bench/project-${k}`;
  return JSON.stringify({
    session_id: sessionId(k),
    transcript_path: `/bench/.claude/projects/p${k}/${sessionId(k)}.jsonl`,
    cwd,
    permission_mode: 'default',
    hook_event_name: event,
    ...extra,
  });
}

function bashCall(k: number, step: number, event: 'PreToolUse' | 'PostToolUse'): string {
  const call = { tool_name: 'Bash', tool_input: { command: `echo step ${step}` }, tool_use_id: `toolu_${k}_${step}` };
  return payload(k, event, event === 'PostToolUse' ? { ...call, tool_response: { stdout: `step ${step}` } } : call);
}

interface Feeder {
  /** Hook events fed per session, in the order each session's hooks ran. */
  fed: string[][];
  stop(): Promise<void>;
}

/** Each session: a Bash call a second (PreToolUse, then its PostToolUse half a second later), staggered. */
function startFeeding(feed: (k: number, body: string) => Promise<void>): Feeder {
  const fed: string[][] = Array.from({ length: SESSIONS }, () => []);
  const running = new Set<Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  // One session's hooks run one after another, as a host runs them; the sessions overlap.
  const chains: Array<Promise<void>> = Array.from({ length: SESSIONS }, () => Promise.resolve());
  const send = (k: number, event: 'PreToolUse' | 'PostToolUse', step: number) => {
    const done = (chains[k] = chains[k].then(async () => {
      await feed(k, bashCall(k, step, event));
      fed[k].push(`${event}:${step}`);
    }));
    running.add(done);
    void done.finally(() => running.delete(done));
  };
  for (let k = 0; k < SESSIONS; k += 1) {
    let step = 0;
    const call = () => {
      const mine = (step += 1);
      send(k, 'PreToolUse', mine);
      timers.push(setTimeout(() => send(k, 'PostToolUse', mine), 500));
    };
    timers.push(setTimeout(() => timers.push(setInterval(call, 1000)), Math.round((k * 1000) / SESSIONS)));
  }
  return {
    fed,
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all([...running]);
    },
  };
}

/** The journal's Bash events of session k, as `event:step`. */
function journaled(root: string, k: number): string[] {
  return journalOf(root, sessionId(k))
    .filter((event) => event.tool_name === 'Bash')
    .map((event) => `${event.hook_event_name}:${String(event.tool_use_id).split('_').pop()}`);
}

export async function benchSpoolFed(): Promise<BenchRow[]> {
  const claude = claudeBinary();
  if (!claude) return [{ area: 'pane', name: 'spool-fed pane', value: 'skipped: no Claude Code in .cache' }];
  const s = scratch('spool-fed');
  const home = createOfflineClaudeHome({ baseUrl: 'http://127.0.0.1:9', extraEnv: s.env });
  let pane: PaneProcess | undefined;
  try {
    installBuddyHooks(home.env, claude, s.base, ['--no-mod']);
    const { argv } = installedHandler(home.settingsPath, 'PreToolUse');
    const feed = async (_k: number, body: string) => {
      const result = await spawnInstalledHook(argv, body, home.env);
      if (result.code !== 0) throw new Error(`the installed hook exited ${result.code}: ${result.stderr}`);
    };
    for (let k = 0; k < SESSIONS; k += 1) {
      await feed(k, payload(k, 'SessionStart', { source: 'startup' }));
      await feed(k, payload(k, 'UserPromptSubmit', { prompt: 'work', prompt_id: `p-${k}` }));
    }
    pane = new PaneProcess(s);
    await pane.waitFor('project', 60_000);
    const feeder = startFeeding(feed);
    const { early, steady } = await earlyAndSteadyShares(pane, SECONDS);
    const { share, frames } = steady;
    await feeder.stop();
    const fedCount = feeder.fed.reduce((sum, events) => sum + events.length, 0);
    // The pane drains what the last hooks spooled; then every session's journal holds its events in order.
    const whole = () => feeder.fed.every((events, k) => journaled(s.root, k).join() === events.join());
    await until(whole, 30_000, 'the pane to drain every fed event').catch(() => undefined);
    const lossless = whole();
    return [
      {
        area: 'pane',
        name: `pane process, 5 working sessions fed through the installed spool (10 hook events/s, the drain counts), steady, ${SECONDS} s`,
        value: `${share.toFixed(2)}% of a core (${frames} frames, ${fedCount} events fed, ${lossless ? 'every one journaled in order' : 'JOURNALS DIFFER from what was fed'}; just after start-up: ${early.share.toFixed(2)}%)`,
        bar: `<= ${BAR}%, nothing lost or reordered`,
        goal: `<= ${GOAL}%`,
        ok: share <= BAR && lossless,
        goalMet: share <= GOAL && lossless,
      },
    ];
  } finally {
    await pane?.stop();
    home.cleanup();
    rmSync(s.base, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('bench/spool-fed.ts')) {
  for (const row of await benchSpoolFed()) process.stdout.write(`${formatRow(row)}\n`);
  process.exit(0);
}
