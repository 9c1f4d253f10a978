/**
 * `buddy-tui demo` tells its story in order (issue 47): one loop of the recording under a real
 * terminal (a private tmux server) shows, in this order, the failure, the fix, the green
 * celebration, the subagent review, the commit and the pet's stage-up, and the `r` history after it holds nothing
 * dropped as stale, dropped from a full queue or still waiting.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_ENTRY, REPO_ROOT } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { startTmux, type TmuxServer } from './tmux-server.js';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const crabQuips = JSON.parse(readFileSync(join(REPO_ROOT, 'species', 'crab.json'), 'utf8')).quips as Record<
  string,
  string[]
>;

/** The beats of the story, in the order they must reach the screen. */
const STORY: [string, RegExp][] = [
  ['the failure', /Tests failed\. Deep breath/],
  ['the fix', /Edited greet\.js\. Now the tests/],
  ['the green celebration', /Green again after 1 failed/],
  ['the review', /╰─ offline/],
  ['the commit', new RegExp(crabQuips.git_commit!.map(escapeRegExp).join('|'))],
  ['the stage-up', /grew into an elder crab/],
];

let server: TmuxServer | undefined;
afterEach(() => {
  server?.kill();
  server = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('buddy-tui demo, one loop', () => {
  it('shows fail, fix, green celebration, review, commit and stage-up in order, and drops none as stale', async () => {
    const dir = makeTempDir();
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    const env = { TMPDIR: tmp, XDG_CONFIG_HOME: join(dir, 'config'), XDG_STATE_HOME: join(dir, 'state') };
    const exitFile = join(dir, 'exit-code');
    const command = `sh -c '${process.execPath} ${CLI_ENTRY} demo --once --speed 2 --species crab; echo $? > ${exitFile}'`;
    const started = startTmux(dir, { width: 110, height: 60, env, command });
    server = started.server;
    const pane = started.pane;
    await server.waitFor(pane, /greeter/, 90_000);

    const seen: string[] = [];
    let screen = '';
    // A hang guard only: the loop ends when the whole story was seen.
    const deadline = Date.now() + 120_000;
    while (seen.length < STORY.length && Date.now() < deadline) {
      screen = server.capture(pane);
      for (const [beat, pattern] of STORY) if (!seen.includes(beat) && pattern.test(screen)) seen.push(beat);
      await sleep(100);
    }
    expect(seen, `last screen:\n${screen}`).toEqual(STORY.map(([beat]) => beat));

    // The session ends and the last bubble has had its time: the history says what became of each reaction.
    await server.waitFor(pane, (text) => /ended/.test(text) && !/╰─/.test(text), 60_000);
    server.sendKeys(pane, 'r');
    const history = await server.waitFor(pane, /reactions \(\d+/, 10_000);
    expect(history).toMatch(/test-coach · PostToolUse · shown\s+Green again/);
    expect(history).not.toMatch(/stale|queue full|· waiting/);
    server.sendKeys(pane, 'q');
    // The demo removes its world as it quits: the temp folder goes after that.
    await server.waitFor(pane, () => existsSync(exitFile), 15_000);
  }, 240_000);
});
