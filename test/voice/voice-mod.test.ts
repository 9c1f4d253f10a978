/**
 * `/buddy` in Claude Code's mod and the buddy's voice (issue 46), with real processes: the mod's
 * own modules (claude-plugin/hooks) run `buddy-tui mod-state` for real, a real headless
 * `buddy-tui runner` runs the voice, and the REAL Claude Code CLI (claude-cli adapter) asks the
 * loopback Messages API stand-in. `/buddy <question>` journals the question and its answer shows
 * in the mod's band; `/buddy voice off|on` sets reactions.voice; the first card says once what the
 * buddy speaks with. Needs `npm run build` and the CLI (skipped locally without it).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOfflineClaudeHome, skipWithoutClaude } from '../support/claude-cli.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import { startMessagesApiStandin, text } from '../support/messages-api-standin.js';
import { makeTempDir } from '../support/temp-dir.js';
import { hostSide, modModule } from '../mod/mod-host.js';
import { until } from '../mod/runner-world.js';
import { runSpool } from '../support/spool-process.js';
import { voiceRunnerEnv } from './voice-support.js';

const REPLY = 'That diff is mostly renames. The regex on line 40 is the real story.';
const SID = 'voice-mod-1';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

async function modWorld() {
  const base = makeTempDir('buddy-voice-mod-');
  const api = await startMessagesApiStandin({
    other: (request) => text(request.systemText.includes('Personality') ? REPLY : 'OK'),
  });
  const home = createOfflineClaudeHome({ baseUrl: api.url });
  cleanups.push(
    () => api.close(),
    () => home.cleanup(),
  );
  const { state, configFile: config, env } = voiceRunnerEnv(base, home.env);
  const runner = spawn(process.execPath, [CLI_ENTRY, 'runner', '--idle-ms', '120000'], { env, stdio: 'ignore' });
  const exited = new Promise((resolve) => runner.on('exit', resolve));
  cleanups.push(async () => {
    runner.kill('SIGTERM');
    await exited;
  });
  const log = join(state, 'tui.log');
  await until(
    () => existsSync(log) && readFileSync(log, 'utf8').includes('headless runner: watching'),
    'the runner watching',
  );
  // The session has begun: its SessionStart through the real spool (a hand-written inbox file named
  // for pid 1 read as one whose writer was still at work, where pid 1 runs).
  const start = { session_id: SID, hook_event_name: 'SessionStart', cwd: base, source: 'startup' };
  expect((await runSpool(JSON.stringify(start), env)).code).toBe(0);
  await until(() => existsSync(join(state, SID, 'events.jsonl')), 'the session journaled');
  vi.resetModules();
  const { mod } = await modModule('mod-memory');
  const { buddyCommand } = await modModule('buddy-command');
  const { bandRows } = await modModule('buddy-view');
  const host = hostSide(env as Parameters<typeof hostSide>[0]);
  Object.assign(mod, { cli: [process.execPath, CLI_ENTRY], sessionId: SID });
  const command = async (args: string) => (await buddyCommand(host.$, { args })).text as string;
  const band = (): string =>
    mod.look
      ? bandRows(mod.look, { columns: 200, maxRows: 4 })
          .map((row: { text: string }) => row.text)
          .join('\n')
      : '';
  return { api, config, state, command, band, runs: host.runs, mod };
}

describe.skipIf(skipWithoutClaude())('/buddy and the voice in the mod', () => {
  it('/buddy <question> is answered in the buddy bubble, through the runner and the model', async () => {
    const world = await modWorld();
    expect(await world.command('what do you make of this diff?')).toContain('its answer shows in its bubble');
    expect(world.runs.at(-1)?.slice(-2)).toEqual(['--ask', 'what do you make of this diff?']);
    await until(() => world.band().includes('The regex on line 40'), 'the answer in the band', 60_000);
    const [call] = world.api.messageRequests().filter((r) => r.systemText.includes('Personality'));
    expect(call!.userText).toContain('The programmer spoke to you by name.');
    expect(call!.userText).toContain('They said: what do you make of this diff?');
    const reactions = readFileSync(join(world.state, SID, 'reactions.jsonl'), 'utf8');
    expect(reactions).toContain(REPLY);
  }, 120_000);

  it('/buddy voice off and on set reactions.voice; the first card says once what the buddy speaks with', async () => {
    const world = await modWorld();
    const card = await world.command('');
    expect(card).toContain('The buddy speaks with your own model');
    expect(card).toContain('`/buddy voice off` turns it off');
    expect(card).toMatch(/0 of 100 calls today/);
    expect(await world.command('')).not.toContain('speaks with your own model');
    expect(await world.command('voice off')).toContain('`/buddy voice on` lets it speak');
    expect(JSON.parse(readFileSync(world.config, 'utf8')).reactions.voice).toBe(false);
    expect(await world.command('voice on')).toContain('`/buddy voice off` turns it off');
    expect(JSON.parse(readFileSync(world.config, 'utf8')).reactions).toEqual({ voice: true });
    expect(await world.command('dance')).toMatch(/^usage: \/buddy/);
  }, 60_000);
});
