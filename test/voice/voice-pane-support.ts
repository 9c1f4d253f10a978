/**
 * The built pane in a private tmux server with the buddy's voice on (reactions.voice true,
 * delegate.adapter claude-cli: the REAL Claude Code CLI against the loopback Messages API
 * stand-in), a cat whose failure quip is QUIP, and the recorded 2.1.332 session fed through the
 * real hook. The stand-in holds each voice answer until the test lets it go, so the order (quip
 * first, answer after) is checked without a clock.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { shellQuote, waitUntil, type TmuxServer } from '../e2e/tmux-server.js';
import { CLI_ENTRY, feedThroughHook, fixturePayloads, REPO_ROOT } from '../support/hook-process.js';
import { createOfflineClaudeHome } from '../support/claude-cli.js';
import { startMessagesApiStandin, text, type StandinRequest } from '../support/messages-api-standin.js';
import { readReactionsAfter } from '../../src/state/reactions-log.js';
import { sessionDirName } from '../../src/state/state-root.js';

export const QUIP = 'QUIP-FALLBACK-SAYS-OW';
export const SESSION = JSON.parse(fixturePayloads()[0]!).session_id as string;

/** One gate per voice request: the answer goes out when the test opens it. */
export function gatedVoice(answerFor: (request: StandinRequest) => string) {
  const gates: Array<() => void> = [];
  let open = 0;
  return {
    responder: (request: StandinRequest) =>
      // Only the voice's requests are held (its system prompt names the personality).
      !request.systemText.includes('Personality')
        ? text('OK')
        : new Promise<ReturnType<typeof text>>((resolve) => {
            gates.push(() => resolve(text(answerFor(request))));
            if (gates.length <= open) gates[gates.length - 1]!();
          }),
    /** Lets the next held answer go (or the next request's, when it arrives). */
    openNext() {
      open += 1;
      gates[open - 1]?.();
    },
  };
}

export async function voicePane(server: TmuxServer, base: string, name: string, binary: string, chattiness = 'quiet') {
  const dir = join(base, name);
  const root = join(dir, 'root');
  for (const sub of ['cfg/buddy-tui/species', 'state', 'foundry'])
    mkdirSync(join(dir, sub), { recursive: true, mode: 0o700 });
  const cat = JSON.parse(readFileSync(join(REPO_ROOT, 'species/cat.json'), 'utf8'));
  cat.quips = { ...cat.quips, tool_failure: [QUIP], test_failure: [QUIP] };
  delete cat.$schema;
  writeFileSync(join(dir, 'cfg/buddy-tui/species/cat.json'), JSON.stringify(cat));
  writeFileSync(
    join(dir, 'cfg/buddy-tui/config.json'),
    JSON.stringify({
      species: { id: 'cat' },
      reactions: { voice: true, chattiness },
      // The answer is held until the test lets it go, and the real CLI starts slowly on a loaded
      // machine: the default 20 s time-out would let the quip stand before the test looks.
      delegate: { adapter: 'claude-cli', claudePath: binary, timeoutMs: 90_000 },
    }),
  );
  const answers: string[] = [];
  const voice = gatedVoice(() => answers.shift() ?? 'No more lines.');
  const api = await startMessagesApiStandin({ other: voice.responder });
  const claudeHome = createOfflineClaudeHome({ baseUrl: api.url });
  const env = {
    ...claudeHome.env,
    BUDDY_TUI_STATE_DIR: root,
    XDG_CONFIG_HOME: join(dir, 'cfg'),
    XDG_STATE_HOME: join(dir, 'state'),
    BUDDY_TUI_FOUNDRY_DIR: join(dir, 'foundry'),
  };
  const envPrefix = Object.entries({ ...env, CI: 'false' })
    .map(([k, v]) => `${k}=${shellQuote(String(v))}`)
    .join(' ');
  const pane = server
    .tmux([
      'new-window',
      '-d',
      '-t',
      'test',
      '-n',
      name,
      '-P',
      '-F',
      '#{pane_id}',
      `env -i ${envPrefix} ${shellQuote(process.execPath)} ${shellQuote(CLI_ENTRY)}`,
    ])
    .stdout.trim();
  await server.waitFor(pane, /buddy-tui install/);
  await waitUntil(
    () => (existsSync(join(root, 'tui.log')) ? readFileSync(join(root, 'tui.log'), 'utf8') : ''),
    (log) => log.includes('"watching: '),
    'the watcher',
  );
  const reactions = () =>
    readReactionsAfter(join(root, sessionDirName(SESSION)!), undefined, 1 << 20)?.reactions.filter(
      (r) => r.kind !== 'notice',
    ) ?? [];
  const quit = async () => {
    server.sendKeys(pane, 'q');
    await waitUntil(
      () => existsSync(join(root, 'runner.lock')),
      (held) => !held,
      'the pane to close',
    );
    await api.close();
    claudeHome.cleanup();
  };
  const petFile = join(dir, 'state', 'buddy-tui', 'pet.json');
  /** The model's answer on screen; a miss also says what the pane logged of its voice and delegate. */
  const waitForAnswer = (pattern: RegExp) =>
    server.waitFor(pane, pattern, 60_000).catch((error: Error) => {
      const log = existsSync(join(root, 'tui.log')) ? readFileSync(join(root, 'tui.log'), 'utf8') : '';
      const said = log.split('\n').filter((line) => /voice|delegate/.test(line));
      const asked = api.messageRequests().filter((r) => r.systemText.includes('Personality')).length;
      const shown = reactions().map((r) => `${r.id.slice(0, 8)} ${r.text}`);
      throw new Error(
        `${error.message}\nvoice requests at the stand-in: ${asked}\nreactions.jsonl:\n${shown.join('\n')}` +
          `\ntui.log on the voice:\n${said.slice(-10).join('\n') || '(nothing)'}`,
      );
    });
  return { dir, root, petFile, pane, env, api, voice, answers, reactions, waitForAnswer, quit };
}

/** The recorded session's payloads, and the index of its first failed tool call. */
export function recordedSession() {
  const payloads = fixturePayloads();
  const failureAt = payloads.findIndex((payload) => JSON.parse(payload).hook_event_name === 'PostToolUseFailure');
  return { payloads, failureAt, feed: feedThroughHook };
}
