/**
 * The "one buddy, whatever the order" end-to-end test's helpers (issue 45): Claude Code with the
 * mod and buddy-tui panes started in any order in one private tmux server (a shell first, so
 * `claude` and `buddy-tui pane` can each come first), one failing Bash call a round, and the
 * checks every order must pass: the plugin's bubble in every pane, in the mod's band and in
 * reactions.jsonl; the statusLine not repeating it; `f` in a pane changing the pet every view shows.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { text } from '../support/messages-api-standin.js';
import { buddyCli } from './claude-session.js';
import { answersToolResult, failingCall, MOD_PET_NAME, MOD_REACTION, type ModWorld } from './mod-world.js';
import { openBuddyPane, statusLineRows } from './waiting-world.js';
import { startTmux, type TmuxServer, waitUntil } from './tmux-server.js';

export interface Order {
  server: TmuxServer;
  /** The shell pane that runs (or will run) Claude Code. */
  claude: string;
  panes: string[];
}

/** A tmux server with a shell where Claude Code will run (nothing started yet). */
export function startShell(mod: ModWorld, name: string): Order {
  const dir = join(mod.world.root, `tmux-${name}`);
  mkdirSync(dir);
  const { server, pane } = startTmux(dir, {
    width: 230,
    height: 45,
    env: mod.world.claudeHome.env,
    cwd: mod.world.project,
    command: 'sh',
  });
  return { server, claude: pane, panes: [] };
}

/** Starts Claude Code in the shell pane and waits for the mod's band (the pet's name in it). */
export async function startClaude(mod: ModWorld, order: Order): Promise<void> {
  order.server.typeText(order.claude, `exec '${mod.world.claude}' --permission-mode default`);
  order.server.sendKeys(order.claude, 'Enter');
  await order.server.waitFor(order.claude, (s) => /❯/.test(s) && s.includes(`${MOD_PET_NAME} · `), 90_000);
}

/**
 * `buddy-tui pane` beside Claude Code's pane (or `beside` another), as the user runs it; waits for
 * the pane to draw. A window holds one buddy pane, so a second one goes beside a shell in a new window.
 */
export async function openPane(mod: ModWorld, order: Order, beside = order.claude): Promise<string> {
  const pane = openBuddyPane(mod.world, order.server, beside, 60);
  order.panes.push(pane);
  await order.server.waitFor(pane, /q quit|project|No Claude Code session/, 60_000);
  return pane;
}

/** Screen text without whitespace and box edges: a bubble wrapped in a narrow pane still reads whole. */
const flat = (screen: string) => screen.replace(/[\s│╭╮╰╯─|]/g, '');
export const shows = (screen: string, said: string) => flat(screen).includes(flat(said));

/** The reaction texts of every session's reactions.jsonl. */
export function reactionTexts(stateDir: string): string[] {
  const texts: string[] = [];
  for (const dir of existsSync(stateDir) ? readdirSync(stateDir) : []) {
    const file = join(stateDir, dir, 'reactions.jsonl');
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) texts.push(JSON.parse(line).text);
  }
  return texts;
}

/** One turn whose model runs the failing Bash call of `round` (once `held` resolves), then answers. */
export function scriptRound(mod: ModWorld, round: number, held: Promise<void> = Promise.resolve()): void {
  mod.world.api.setMain((request) =>
    held.then(() => (answersToolResult(request) ? text(`Done with round ${round}.`) : failingCall(round))),
  );
}

/** Types the prompt of a round into Claude Code. */
export async function ask(order: Order, round: number): Promise<void> {
  order.server.typeText(order.claude, `Run the failing check, round ${round}.`);
  await new Promise((resolve) => setTimeout(resolve, 500));
  order.server.sendKeys(order.claude, 'Enter');
}

const petFile = (mod: ModWorld) => join(mod.world.claudeHome.home, '.local', 'state', 'buddy-tui', 'pet.json');
const fedCount = (mod: ModWorld): number => JSON.parse(readFileSync(petFile(mod), 'utf8')).counters?.fed ?? 0;

/** Leaves the pet hungry, so every `f` feeds it (a full pet refuses a bite). */
export function makeHungry(mod: ModWorld): void {
  const pet = JSON.parse(readFileSync(petFile(mod), 'utf8'));
  pet.needs.hunger = 95;
  // Whole or not at all, as buddy-tui writes it: the runner takes another process's save.
  writeFileSync(`${petFile(mod)}.test`, JSON.stringify(pet));
  renameSync(`${petFile(mod)}.test`, petFile(mod));
}

/** The fed value (100 − hunger) the mod draws, from the built `buddy-tui mod-state`. */
function modFed(mod: ModWorld): number {
  const ran = buddyCli(mod.world, ['mod-state']);
  return 100 - JSON.parse(ran.stdout).needs.hunger;
}

/** The fed number a pane's needs show ("fed  [#####.....]  55"). */
const paneFed = (screen: string): number | undefined => {
  const found = /fed\s+\S*\s+(\d+)/.exec(screen);
  return found ? Number(found[1]) : undefined;
};

/**
 * After the failing call of `round`: its bubble in every pane, the mod's band and reactions.jsonl,
 * not in the statusLine while the mod draws it; then `f` in the last pane feeds the one pet, which
 * the mod's look and every pane show.
 */
export async function checkViewsAgree(mod: ModWorld, order: Order, round: number): Promise<void> {
  const said = `${MOD_REACTION} (round ${round})`;
  const { server } = order;
  // The bubble in the mod's band, with the statusLine's rows drawn under the prompt.
  const band = await server.waitFor(order.claude, (s) => s.includes(said) && statusLineRows(s).length > 0, 90_000);
  expect(reactionTexts(mod.world.stateDir)).toContain(said);
  for (const pane of order.panes) await server.waitFor(pane, (s) => shows(s, said), 30_000);
  expect(statusLineRows(band).join('\n')).not.toContain(MOD_REACTION.slice(0, 20));

  makeHungry(mod);
  const before = fedCount(mod);
  const last = order.panes.at(-1) as string;
  server.sendKeys(last, 'f');
  await waitUntil(
    () => fedCount(mod),
    (fed) => fed > before,
    `f in ${last} to feed pet.json`,
    30_000,
  );
  const fed = modFed(mod);
  expect(fed).toBeGreaterThan(10);
  // Every pane shows the fed value the mod draws (one point of slack: it decays while we look).
  for (const pane of order.panes) await server.waitFor(pane, (s) => Math.abs((paneFed(s) ?? -99) - fed) <= 1, 30_000);
}

/** The pid holding runner.lock, if the file names one. */
export function runnerPid(mod: ModWorld): number | undefined {
  try {
    return JSON.parse(readFileSync(join(mod.world.stateDir, 'runner.lock'), 'utf8')).pid;
  } catch {
    return undefined;
  }
}

const alive = (pid: number | undefined) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Ends an order: its tmux server (Claude Code and the panes) and the runner, whoever it is. */
export async function endOrder(mod: ModWorld, order: Order): Promise<void> {
  order.server.kill();
  const pid = runnerPid(mod);
  if (alive(pid)) process.kill(pid as number, 'SIGTERM');
  await waitUntil(
    () => alive(runnerPid(mod)),
    (up) => !up,
    'the runner to end',
    30_000,
  );
}

/** A shell in a new window of the order's server (for a second buddy pane). */
export const newWindow = (order: Order): string =>
  order.server.tmux(['new-window', '-d', '-P', '-F', '#{pane_id}', 'sh']).stdout.trim();
