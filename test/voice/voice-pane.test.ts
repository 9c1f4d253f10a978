/**
 * The buddy's voice in the built pane (issue 46), with the REAL Claude Code CLI as the adapter
 * and the loopback Messages API stand-in as the model: the quip is on screen first, and the
 * model's answer replaces it in place, on screen and in the session's reactions.jsonl (the same
 * id, a later line: what the statusline reads as the latest); a prompt that names the buddy gets
 * an answer in its bubble. Needs tmux, `npm run build` and the CLI (skipped locally without it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTmux, waitUntil } from '../e2e/tmux-server.js';
import { requireClaudeBinary, skipWithoutClaude } from '../support/claude-cli.js';
import { CLI_ENTRY, REPO_ROOT } from '../support/hook-process.js';
import { makeTempDir } from '../support/temp-dir.js';
import { QUIP, recordedSession, SESSION, voicePane } from './voice-pane-support.js';

const base = makeTempDir('buddy-voice-pane-');
const { server } = startTmux(base, { width: 110, height: 32 });
afterAll(() => server.kill());

const ANSWER = 'npm test went looking for package.json and came back empty-clawed. Wrong folder?';
const REPLY = 'Looks tidy to me, but that regex is doing too much.';

describe.skipIf(skipWithoutClaude())("the buddy's voice in the pane", () => {
  it('the quip shows first; the answer replaces it in place on screen and in reactions.jsonl', {
    timeout: 120_000,
  }, async () => {
    const world = await voicePane(server, base, 'upgrade', requireClaudeBinary());
    world.answers.push(ANSWER);
    const { payloads, failureAt, feed } = recordedSession();
    await feed(payloads.slice(0, failureAt), world.env);
    await server.waitFor(world.pane, /npm test/);

    await feed([payloads[failureAt]!], world.env);
    // The quip is on screen and in the file while the model's answer is held back.
    await server.waitFor(world.pane, new RegExp(QUIP), 20_000);
    await world.api.waitForRequests((r) => r.route === 'other' && r.systemText.includes('Personality'));
    const before = world.reactions();
    expect(before.map((r) => r.text)).toContain(QUIP);
    expect(before.map((r) => r.text)).not.toContain(ANSWER);

    world.voice.openNext();
    const screen = await world.waitForAnswer(/npm test went looking/);
    expect(screen).not.toContain(QUIP);
    const after = world.reactions();
    const quip = after.find((r) => r.text === QUIP)!;
    const answer = after.find((r) => r.text === ANSWER)!;
    expect(answer).toMatchObject({ id: quip.id, sessionId: SESSION, kind: 'reaction', fallback: true });
    expect(after.indexOf(answer)).toBeGreaterThan(after.indexOf(quip));
    // The voice's call is one request, with the pet's name and the failed command in it.
    const calls = world.api.messageRequests().filter((r) => r.systemText.includes('Personality'));
    expect(calls).toHaveLength(1);
    const asked = 'The tests just failed.\nTool: Bash\nCommand: npm test\nError: npm error code ENOENT';
    expect(calls[0]!.userText).toContain(asked);
    // The README's "The buddy" shows this exchange: the quip, what was asked, the answer.
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`quip, at once:  ${QUIP}`);
    const readmeLines = readme.split('\n').map((line) => line.trimEnd());
    for (const line of asked.split('\n')) expect(readmeLines.some((shown) => shown.endsWith(` ${line}`))).toBe(true);
    expect(readme).toContain(ANSWER);
    await world.quit();
  });

  it('a prompt that names the buddy gets an answer in its bubble', { timeout: 120_000 }, async () => {
    const world = await voicePane(server, base, 'addressed', requireClaudeBinary());
    world.answers.push(REPLY);
    world.voice.openNext();
    const pet = await waitUntil(
      () => (existsSync(world.petFile) ? readFileSync(world.petFile, 'utf8') : ''),
      Boolean,
      'the pet',
    );
    const name = JSON.parse(pet).identity.name as string;
    const { payloads, feed } = recordedSession();
    const prompt = JSON.parse(payloads[1]!);
    await feed(payloads.slice(0, 1), world.env);
    await feed([JSON.stringify({ ...prompt, prompt: `${name}, what do you make of this diff?` })], world.env);
    await world.waitForAnswer(/Looks tidy to me/);
    const [call] = world.api.messageRequests().filter((r) => r.systemText.includes('Personality'));
    expect(call!.systemText).toContain(`You are ${name}`);
    expect(call!.userText).toContain(`They said: ${name}, what do you make of this diff?`);
    expect(world.reactions().map((r) => r.text)).toContain(REPLY);
    // The pane's history names it the buddy's voice, not a quip.
    server.sendKeys(world.pane, 'r');
    await server.waitFor(world.pane, /\(buddy's voice\) · UserPromptSubmit/, 20_000);
    server.sendKeys(world.pane, 'r');
    await world.quit();
  });
});

describe.skipIf(skipWithoutClaude())("the buddy's voice when petted or hatched outside the runner", () => {
  it('`buddy-tui pet` and `buddy-tui hatch --reroll` in another process: the runner notices and the voice speaks', {
    timeout: 120_000,
  }, async () => {
    const world = await voicePane(server, base, 'petted', requireClaudeBinary(), 'normal');
    world.answers.push('A chin scratch. Fine. Carry on with the refactor.', 'New shell, who dis? Hatched and hungry.');
    world.voice.openNext();
    world.voice.openNext();
    const { payloads, feed } = recordedSession();
    await feed(payloads.slice(0, 1), world.env);
    await server.waitFor(world.pane, /project/);
    await waitUntil(() => existsSync(world.petFile), Boolean, 'the pet');
    const cli = (...args: string[]) => spawnSync(process.execPath, [CLI_ENTRY, ...args], { env: world.env });
    expect(cli('pet').status).toBe(0);
    await world.waitForAnswer(/A chin scratch/);
    const voiceCalls = () => world.api.messageRequests().filter((r) => r.systemText.includes('Personality'));
    expect(voiceCalls()[0]!.userText).toContain('The programmer just petted you.');
    expect(cli('hatch', '--reroll').status).toBe(0);
    await world.waitForAnswer(/New shell, who dis/);
    expect(voiceCalls()[1]!.userText).toContain('You just hatched.');
    expect(voiceCalls()).toHaveLength(2);
    await world.quit();
  });
});

describe.skipIf(skipWithoutClaude())('the name and personality at hatch', () => {
  it('a pet hatched with its drawn name is named by the model (pet.json); a chosen name stays', {
    timeout: 120_000,
  }, async () => {
    const world = await voicePane(server, base, 'naming', requireClaudeBinary(), 'normal');
    world.answers.push(
      'Quill | A crab who files every bug under seafood. | Fresh out of the shell and already judging your tests.',
      'Miso | A crab who insists on another name. | Miso it is, apparently.',
    );
    world.voice.openNext();
    world.voice.openNext();
    const { payloads, feed } = recordedSession();
    await feed(payloads.slice(0, 1), world.env);
    await server.waitFor(world.pane, /project/);
    await waitUntil(() => existsSync(world.petFile), Boolean, 'the pet');
    const cli = (...args: string[]) => spawnSync(process.execPath, [CLI_ENTRY, ...args], { env: world.env });
    const identity = () => JSON.parse(readFileSync(world.petFile, 'utf8')).identity;

    expect(cli('hatch', '--reroll').status).toBe(0);
    await world.waitForAnswer(/Fresh out of the shell/);
    await waitUntil(identity, (id) => id.name === 'Quill', 'the name in pet.json');
    expect(identity().personality).toBe('A crab who files every bug under seafood.');
    await server.waitFor(world.pane, /Quill/, 20_000);
    const calls = () => world.api.messageRequests().filter((r) => r.systemText.includes('Personality'));
    expect(calls()[0]!.userText).toContain('Reply on one line, exactly: Name | personality | first line');

    // A name the user chose stays: the model is asked for its first line only.
    expect(cli('hatch', '--reroll', '--name', 'Pebble').status).toBe(0);
    await waitUntil(
      () => calls().length,
      (n) => n === 2,
      'the second call',
    );
    expect(calls()[1]!.userText).not.toContain('Name | personality');
    await server.waitFor(world.pane, /Pebble/, 20_000);
    expect(identity().name).toBe('Pebble');
    await world.quit();
  });
});

describe.skipIf(skipWithoutClaude())('a pat in the pane', () => {
  const PAT_QUIPS = /\.\.\.Fine\. Once more\.|Purr\. Do not tell anyone\.|Behind the ears\. Yes\./;
  const PAT_LINE = 'Ears scratched, dignity intact. Back to the failing tests.';
  const SECOND_LINE = 'Twice in a minute. Someone is procrastinating.';

  it("p shows the quip at once; the voice's line takes its bubble in place, and waits behind a newer bubble", {
    timeout: 180_000,
  }, async () => {
    const world = await voicePane(server, base, 'pat', requireClaudeBinary(), 'normal');
    world.answers.push(PAT_LINE, SECOND_LINE);
    const { payloads, failureAt, feed } = recordedSession();
    await feed(payloads.slice(0, failureAt), world.env);
    await server.waitFor(world.pane, /npm test/);
    await waitUntil(() => existsSync(world.petFile), Boolean, 'the pet');
    const voiceCalls = () => world.api.messageRequests().filter((r) => r.systemText.includes('Personality'));
    const said = (text: string | RegExp) =>
      world.reactions().filter((r) => (typeof text === 'string' ? r.text === text : text.test(r.text)));

    // The quip at once; the model's line then in its place (the same bubble).
    server.sendKeys(world.pane, 'p');
    await server.waitFor(world.pane, PAT_QUIPS, 20_000);
    await waitUntil(voiceCalls, (calls) => calls.length === 1, 'the pat asked', 60_000);
    expect(voiceCalls()[0]!.userText).toContain('The programmer just petted you.');
    world.voice.openNext();
    await server.waitFor(world.pane, (s) => s.includes('Ears scratched') && !PAT_QUIPS.test(s), 60_000);
    const [quip] = said(PAT_QUIPS);
    expect(said(PAT_LINE)).toEqual([expect.objectContaining({ id: quip!.id, fallback: true })]);

    // Petted again while that line shows: the new quip takes the bubble at once.
    server.sendKeys(world.pane, 'p');
    await server.waitFor(world.pane, (s) => PAT_QUIPS.test(s) && !s.includes('Ears scratched'), 20_000);
    await waitUntil(voiceCalls, (calls) => calls.length === 2, 'the second pat asked', 60_000);
    const second = said(PAT_QUIPS).at(-1)!;
    expect(second.id).toBe(quip!.id);

    // A failure comes while the second pat's line is asked: the line waits behind its quip.
    await feed([payloads[failureAt]!], world.env);
    await server.waitFor(world.pane, new RegExp(QUIP), 20_000);
    world.voice.openNext();
    await waitUntil(
      () => said(SECOND_LINE),
      (lines) => lines.length === 1,
      "the second pat's line",
      60_000,
    );
    expect(said(SECOND_LINE)[0]).toMatchObject({ id: second.id });
    expect(server.capture(world.pane)).toContain(QUIP);
    await server.waitFor(world.pane, (s) => s.includes('Twice in a minute') && !s.includes(QUIP), 60_000);
    await world.quit();
  });
});

describe.skipIf(skipWithoutClaude())('the "off" switch in a running pane', () => {
  it('`buddy-tui voice off` silences the running voice at once (the quip alone), `voice on` brings it back', {
    timeout: 180_000,
  }, async () => {
    const world = await voicePane(server, base, 'switch', requireClaudeBinary());
    world.answers.push('Second failure, and this time I noticed.');
    world.voice.openNext();
    const log = () => readFileSync(`${world.root}/tui.log`, 'utf8');
    const reloads = () => log().split('config reloaded').length - 1;
    const voice = async (state: 'on' | 'off') => {
      const before = reloads();
      const run = spawnSync(process.execPath, [CLI_ENTRY, 'voice', state], { env: world.env });
      expect(run.status).toBe(0);
      await waitUntil(reloads, (n) => n > before, `the pane to reload config.json (voice ${state})`);
    };
    const { payloads, failureAt, feed } = recordedSession();
    await feed(payloads.slice(0, failureAt), world.env);
    await server.waitFor(world.pane, /npm test/);

    await voice('off');
    await feed([payloads[failureAt]!], world.env);
    await server.waitFor(world.pane, new RegExp(QUIP), 20_000);
    await voice('on');
    const again = JSON.parse(payloads[failureAt]!);
    again.tool_input = { ...again.tool_input, command: 'npm test -- --again' };
    await feed([JSON.stringify(again)], world.env);
    await world.waitForAnswer(/this time I noticed/);
    const calls = world.api.messageRequests().filter((r) => r.systemText.includes('Personality'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.userText).toContain('Command: npm test -- --again');
    // Its usage in the pane's help: the voice's calls as the built-in plugin `buddy`.
    server.sendKeys(world.pane, '?');
    await server.waitFor(world.pane, /· buddy\s+1 call\(s\)/, 30_000);
    // And in the reactions history, against its daily budget.
    server.sendKeys(world.pane, 'r');
    await server.waitFor(world.pane, /the buddy's voice: 1 of 100 today/, 30_000);
    server.sendKeys(world.pane, 'Escape');
    await world.quit();
  });
});
