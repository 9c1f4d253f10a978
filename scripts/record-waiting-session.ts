/**
 * Records test/fixtures/waiting-session.jsonl from the REAL interactive Claude Code CLI in tmux:
 * `--permission-mode default`, buddy-tui installed, the stand-in asks for one Bash call, the
 * permission dialog is approved with Enter, the turn ends, and the CLI stays idle long enough
 * for its `idle_prompt` notification. The journal is anonymised (paths, ids) and saved.
 *
 *   scripts/install-claude-code.sh && npm run build && node --import tsx scripts/record-waiting-session.ts
 * (Tried: `PERMISSION_MODE=auto` ran the same Bash call without asking, so there is no auto-mode recording.)
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buddyCli, createWorld, readJournal } from '../test/e2e/claude-session.js';
import { startTmux } from '../test/e2e/tmux-server.js';
import { text, toolUse } from '../test/support/messages-api-standin.js';

const OUT = new URL(`../test/fixtures/${process.env.OUT ?? 'waiting-session.jsonl'}`, import.meta.url);
const PERMISSION_MODE = process.env.PERMISSION_MODE ?? 'default';
const IDLE_WAIT_MS = Number(process.env.IDLE_WAIT_MS ?? 75_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const world = await createWorld({
    turns: () => [
      toolUse('Bash', { command: 'rm -rf build', description: 'Remove the build folder' }),
      text('Removed the build folder.'),
    ],
  });
  const server = startTmux(world.root, {
    width: 160,
    height: 45,
    env: world.claudeHome.env,
    cwd: world.project,
    command: `${world.claude} --permission-mode ${PERMISSION_MODE}`,
  });
  try {
    mkdirSync(join(world.project, 'build'));
    const installed = buddyCli(world, ['install']);
    if (installed.code !== 0) throw new Error(installed.stderr);
    const { server: tmux, pane } = server;
    await tmux.waitFor(pane, /❯/, 90_000);
    tmux.typeText(pane, 'Remove the build folder.');
    await sleep(500);
    tmux.sendKeys(pane, 'Enter');
    await tmux.waitFor(pane, /Do you want to proceed/, 60_000);
    await sleep(8_000); // long enough for the permission_prompt notification, if the CLI sends one
    tmux.sendKeys(pane, 'Enter');
    await tmux.waitFor(pane, /Removed the build folder/, 60_000);
    await sleep(IDLE_WAIT_MS);
    tmux.sendKeys(pane, 'C-c');
    tmux.sendKeys(pane, 'C-c');
    await sleep(3_000);
    const [sessionId] = readdirSync(world.stateDir).filter((name) => !name.includes('.'));
    const anonymise = (line: string) =>
      line
        .split(world.project)
        .join('/home/dev/project')
        .split(world.claudeHome.home)
        .join('/home/dev')
        .split(world.root)
        .join('/home/dev')
        .replace(/\/tmp\/claude-\d+\//g, '/tmp/claude-1000/')
        .replace(/-tmp-buddy-e2e-[A-Za-z0-9]+-project/g, '-home-dev-project');
    const lines = readJournal(world.stateDir, sessionId).map((event) => anonymise(JSON.stringify(event)));
    writeFileSync(OUT, `${lines.join('\n')}\n`);
    console.log(`${lines.length} events -> ${OUT.pathname}`);
  } finally {
    server.server.kill();
    await world.cleanup();
  }
}

await main();
