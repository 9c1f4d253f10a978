/**
 * End to end: the buddy's own voice through the session route (issue 46). The real, interactive
 * Claude Code 2.1.332 in tmux with buddy-tui's mod after a plain `buddy-tui install` (the voice
 * left at its default: on while the mod answers), `reactions.chattiness` chatty, no `claude` on
 * PATH, against the loopback Messages API stand-in, with the buddy pane beside it. One session of
 * four turns:
 * 1. a failed Bash call: the quip shows at once; the voice's one request through the mod's
 *    `$.model.complete` carries the species' personality, the pet's name, the event and the
 *    redacted excerpt (no secret typed into the prompt); its answer then takes the quip's place in
 *    the mod's band, in the pane and in reactions.jsonl (same id); the turn end asks once more;
 * 2. a failed call whose voice request the stand-in fails: the quip stands and the turn goes on;
 * 3. a failed call a plugin answers: the plugin is heard and the voice makes no call;
 * 4. a prompt that names the pet: its answer in the bubble on both screens.
 * The voice's own calls never feed the buddy: the journal holds only the four typed prompts.
 * (Run `npm run build` first.)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithoutClaude } from '../support/claude-cli.js';
import { REPO_ROOT } from '../support/hook-process.js';
import { httpError, text, type StandinReply, type StandinRequest } from '../support/messages-api-standin.js';
import { SECRETS } from '../voice/voice-support.js';
import { readJournal } from './claude-session.js';
import { createModWorld, failingCall, MOD_PET_NAME as NAME, type ModWorld } from './mod-world.js';
import { openBuddyPane } from './waiting-world.js';
import { waitUntil, type TmuxServer } from './tmux-server.js';

const QUIP = 'QUIP-FIRST-THEN-VOICE';
const FAILURE_LINE = 'Exit five on a one-liner. The check wanted out.';
const TURN_LINE = 'Turn over. I saw everything, approved of little.';
const PLUGIN_LINE = 'voice-rival heard round 3 first';
const ADDRESSED_LINE = 'Three failures, one plugin and me. I vote we read the error.';
const PROMPTS = [
  `Run the failing check. My token is ${SECRETS[0]} and password=${SECRETS[1]}`,
  'Again.',
  'Once more.',
  `${NAME}, what do you make of this?`,
];

/** A promise the test resolves when it has seen what it waits for. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** A command plugin that answers only the third round's failure. */
function writeRivalPlugin(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'react.sh'),
    `#!/bin/sh\nif grep -q '# round 3'; then echo '{"reaction": "${PLUGIN_LINE}", "priority": 5}'; fi\n`,
  );
  writeFileSync(
    join(dir, 'buddy-plugin.json'),
    JSON.stringify({
      name: 'voice-rival',
      hooks: {
        PostToolUseFailure: [
          { hooks: [{ type: 'command', command: 'sh "${BUDDY_PLUGIN_ROOT}/react.sh"', timeout: 5 }] },
        ],
      },
      limits: { cooldownMs: 0 },
    }),
  );
}

const isVoiceCall = (request: StandinRequest) =>
  request.route === 'other' && request.systemText.includes('Personality: ');

describe.skipIf(skipWithoutClaude())("the buddy's voice through the mod's $.model.complete", () => {
  let mod: ModWorld;
  const quipSeen = gate();
  const answerSeen = gate();
  const failedQuipSeen = gate();
  const voiceCalls = () => mod.world.api.requests.filter(isVoiceCall);

  beforeAll(async () => {
    const after = (shown: Promise<void>, reply: StandinReply) => shown.then(() => reply);
    const turns = [
      failingCall(),
      after(answerSeen.opened, text('Checked.')),
      failingCall(2),
      after(failedQuipSeen.opened, text('Checked again.')),
      failingCall(3),
      text('Done.'),
      text('Looked.'),
    ];
    mod = await createModWorld([], { plugin: { name: 'voice-rival', write: writeRivalPlugin }, runnerIdleMs: 60_000 });
    mod.world.api.setMain((_request, index) => turns[index] ?? text('Done.'));
    mod.world.api.setOther((request) => {
      if (!isVoiceCall(request)) return text('Scripted session');
      if (request.userText.includes('# round 2')) return httpError(500, 'overloaded');
      if (request.userText.includes('Command: ')) return after(quipSeen.opened, text(FAILURE_LINE));
      if (request.userText.includes('They said: ')) return text(ADDRESSED_LINE);
      // Every turn end gets the same line: said once, a repeat after (refused, the bubble stays).
      return text(TURN_LINE);
    });
    // The cat speaks a known quip when a call fails; every other key of the config is install's.
    const config = join(mod.world.claudeHome.home, '.config', 'buddy-tui');
    const cat = JSON.parse(readFileSync(join(REPO_ROOT, 'species/cat.json'), 'utf8'));
    delete cat.$schema;
    cat.quips = { ...cat.quips, tool_failure: [QUIP] };
    mkdirSync(join(config, 'species'), { recursive: true });
    writeFileSync(join(config, 'species', 'cat.json'), JSON.stringify(cat));
    const configFile = join(config, 'config.json');
    const current = JSON.parse(readFileSync(configFile, 'utf8'));
    // The voice's cooldown (tested in voice-claude-cli) would make later turns' calls depend on the clock.
    const delegate = { plugins: { buddy: { burst: 20 } } };
    writeFileSync(
      configFile,
      JSON.stringify({ ...current, species: { id: 'cat' }, reactions: { chattiness: 'chatty' }, delegate }),
    );
  }, 120_000);

  afterAll(async () => {
    await mod?.cleanup();
  });

  /** Types a prompt into Claude Code and sends it. */
  async function say(server: TmuxServer, pane: string, prompt: string): Promise<void> {
    server.typeText(pane, prompt);
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.sendKeys(pane, 'Enter');
  }

  it('a failure and a turn end each ask once through the session, the answer in place of the quip; a failing model leaves the quip, a plugin wins; its name gets an answer', async () => {
    const { world } = mod;
    const { server, pane } = mod.startClaude('fullscreen');
    await server.waitFor(pane, (s) => /❯/.test(s) && new RegExp(`\\S+ ${NAME}\\s`).test(s), 90_000);
    const buddyPane = openBuddyPane(world, server, pane, 60);
    const both = (test: (screen: string) => boolean, what: string, timeoutMs = 60_000) =>
      Promise.all([server.waitFor(pane, test, timeoutMs), server.waitFor(buddyPane, test, timeoutMs)]).catch(
        (error) => {
          throw new Error(
            `${what}: ${(error as Error).message}\n${server.capture(pane)}\n${server.capture(buddyPane)}\n${usage()}`,
          );
        },
      );
    const usage = () => {
      const file = join(world.stateDir, 'delegate-usage.json');
      return existsSync(file) ? readFileSync(file, 'utf8') : 'no delegate-usage.json';
    };
    const reactions = () => {
      const file = join(world.stateDir, sessionId(), 'reactions.jsonl');
      return (existsSync(file) ? readFileSync(file, 'utf8') : '')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { id: string; text: string; source?: string });
    };
    const sessionId = () =>
      readdirSync(world.stateDir).find((name) => existsSync(join(world.stateDir, name, 'events.jsonl'))) ?? 'none';

    // 1. The quip at once, while the voice's answer is held; then the answer in its place.
    await say(server, pane, PROMPTS[0]!);
    await world.api.waitForRequests(isVoiceCall, 60_000);
    await both((s) => s.includes(QUIP), 'the quip');
    expect(reactions().map((r) => r.text)).not.toContain(FAILURE_LINE);
    quipSeen.open();
    await both((s) => s.includes(FAILURE_LINE) && !s.includes(QUIP), 'the answer in place of the quip');
    const [call] = voiceCalls();
    expect(call!.toolNames).toEqual([]);
    expect(call!.systemText).toContain(`You are ${NAME}, a Cat.`);
    expect(call!.systemText).toContain('Personality: You are a small tabby cat watching someone code.');
    expect(call!.userText).toContain(
      'A command the agent ran just failed.\nTool: Bash\nCommand: node -e "process.exit(5)"',
    );
    expect(call!.userText).toContain('Run the failing check.');
    expect(call!.userText).toContain('[REDACTED]');
    for (const secret of SECRETS) expect(call!.raw).not.toContain(secret);
    const quip = reactions().find((r) => r.text === QUIP)!;
    expect(reactions().find((r) => r.text === FAILURE_LINE)).toMatchObject({ id: quip.id });
    expect(reactions().findIndex((r) => r.text === FAILURE_LINE)).toBeGreaterThan(reactions().indexOf(quip));
    answerSeen.open();
    // The turn end (chatty): one more request, its answer in the bubble.
    await both((s) => s.includes(TURN_LINE), 'the turn end line');
    expect(voiceCalls().map((r) => r.userText.split('\n')[0])).toEqual([
      'A command the agent ran just failed.',
      'The agent just finished its turn.',
    ]);
    // The ledger is written after the answer is shown.
    const buddyUsage = () => JSON.parse(usage()).plugins.buddy ?? {};
    await waitUntil(buddyUsage, (u) => u.calls === 2, 'two voice calls counted', 60_000);
    expect(buddyUsage()).toMatchObject({ calls: 2, failures: 0 });

    // 2. The model fails the voice: the quip stands, and the session goes on.
    await say(server, pane, PROMPTS[1]!);
    await world.api.waitForRequests((r) => isVoiceCall(r) && r.userText.includes('# round 2'), 60_000);
    await both((s) => s.includes(QUIP), 'the quip of round 2');
    await waitUntil(buddyUsage, (u) => u.failures === 1, 'the failed voice call counted', 60_000);
    // The quip stands: nothing took its bubble's id (its 10 s on screen may be over by now).
    const second = reactions().filter((r) => r.text === QUIP)[1]!;
    expect(reactions().filter((r) => r.id === second.id)).toEqual([second]);
    failedQuipSeen.open();
    await server.waitFor(pane, (s) => s.includes('Checked again.'), 60_000);

    // 3. A plugin answers the failure: it is heard, and the voice is not asked.
    await say(server, pane, PROMPTS[2]!);
    await both((s) => s.includes(PLUGIN_LINE), "the plugin's line");
    await server.waitFor(pane, (s) => s.includes('Done.'), 60_000);
    expect(voiceCalls().filter((r) => r.userText.includes('# round 3'))).toEqual([]);

    // 4. Spoken to by name: the answer in its bubble, on both screens.
    await say(server, pane, PROMPTS[3]!);
    await both((s) => s.includes('Three failures, one plugin'), 'the answer to its name');
    const asked = voiceCalls().filter((r) => r.userText.startsWith('The programmer spoke to you by name.'));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.userText).toContain(`They said: ${PROMPTS[3]}`);
    await server.waitFor(pane, (s) => s.includes('Looked.'), 60_000);

    // The voice's calls never feed the buddy: the journal holds the typed prompts only.
    const journal = readJournal(world.stateDir, sessionId());
    expect(journal.filter((e) => e.hook_event_name === 'UserPromptSubmit').map((e) => e.prompt)).toEqual(PROMPTS);
    expect(JSON.stringify(journal)).not.toContain('Personality: ');
    expect(journal.filter((e) => e.hook_event_name === 'PostToolUseFailure')).toHaveLength(3);
    server.sendKeys(pane, 'C-c');
    server.sendKeys(pane, 'C-c');
  }, 300_000);
});
