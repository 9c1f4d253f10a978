/**
 * The buddy's voice as the runner wires it, for tests against the real Claude Code CLI and the
 * loopback Messages API stand-in: the plugin runner (built-in quips, user handlers), the voice,
 * and the delegate resolver on the claude-cli adapter, with a transcript holding planted secrets.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { requireClaudeBinary } from '../support/claude-cli.js';
import { createDelegateResolver } from '../../src/delegate/delegate-resolver.js';
import type { DelegateConfig } from '../../src/delegate/delegate-config.js';
import type { CompiledHandler } from '../../src/plugins/matching.js';
import type { Chattiness } from '../../src/plugins/chattiness.js';
import type { JournalEvent } from '../../src/protocol/hook-event.js';
import type { Reaction } from '../../src/protocol/reaction.js';
import { createBuddyVoice } from '../../src/voice/buddy-voice.js';
import { withVoicePolicy, type VoiceConfig, type VoiceMode } from '../../src/voice/voice-settings.js';
import { bashEvent } from '../plugins/plugin-fixtures.js';
import type { PluginRunner, PluginRunnerOptions } from '../../src/plugins/plugin-runner.js';

export const SECRETS = ['ghp_abcdefghijklmnopqrstuvwxyz0123456789', 'hunter2-very-secret'];
export const PERSONALITY = 'Dry, deadpan and sideways; speaks like a crab reading the tide charts.';

/** A Claude Code transcript whose last messages mention the failing lint and carry two secrets. */
export function writeTranscript(dir: string): string {
  const path = join(dir, 'transcript.jsonl');
  const line = (role: 'user' | 'assistant', text: string) =>
    JSON.stringify({ type: role, message: { role, content: [{ type: 'text', text }] } });
  writeFileSync(
    path,
    [
      line('user', `Use my token ${SECRETS[0]} to push, and password=${SECRETS[1]} for the db.`),
      line('assistant', 'Running the linter on the parser before pushing.'),
    ].join('\n') + '\n',
  );
  return path;
}

export const failedLint = (transcript: string): JournalEvent =>
  bashEvent('make lint', {
    ts: Date.now(),
    hook_event_name: 'PostToolUseFailure',
    transcript_path: transcript,
    error: 'Exit code 2\nsrc/parse.ts:12:5 error: unexpected token ")"',
  });

export interface VoiceWorld {
  reactions: Reaction[];
  logs: string[];
  /** Every voice.hear the runner started, to await. */
  heard: Promise<void>[];
  resolver: ReturnType<typeof createDelegateResolver>;
}

export interface VoiceWorldOptions {
  binary: string;
  env: NodeJS.ProcessEnv;
  runnerWith: (options: PluginRunnerOptions) => PluginRunner;
  transcript: string;
  mode?: VoiceMode;
  reactions?: VoiceConfig;
  chattiness?: Chattiness;
  handlers?: CompiledHandler[];
  usageDir?: string;
  /** More delegate settings (a timeout, a policy for `buddy`). */
  delegate?: Partial<DelegateConfig>;
  /** The delegate path's clock (default Date.now): ahead of it, an answer comes after its quip's time. */
  delegateNow?: () => number;
}

/** The runner, the voice and the resolver, wired as src/tui/services/runner-wiring.ts wires them. */
export function voiceWorld(options: VoiceWorldOptions) {
  const world: VoiceWorld = { reactions: [], logs: [], heard: [], resolver: undefined! };
  world.resolver = createDelegateResolver({
    onReaction: (r) => world.reactions.push(r),
    report: ({ detail: entry }) => entry && world.logs.push(`${entry.plugin} ${entry.outcome}: ${entry.reason ?? ''}`),
    config: withVoicePolicy(
      { adapter: 'claude-cli', claudePath: options.binary, ...options.delegate },
      options.reactions,
    ),
    env: options.env,
    ...(options.usageDir ? { usageDir: options.usageDir } : {}),
    ...(options.delegateNow ? { now: options.delegateNow } : {}),
  });
  let ids = 0;
  const voice = createBuddyVoice({
    mode: () => options.mode ?? 'on',
    chattiness: () => options.chattiness ?? 'normal',
    character: () => ({
      speciesName: 'crab',
      personality: PERSONALITY,
      petName: 'Pip',
      stats: { snark: 81, patience: 12 },
    }),
    resolve: (request, meta) => world.resolver.resolve(request, meta),
    sessionAnswers: () => false,
    transcriptPathFor: () => options.transcript,
    isAddressed: (event) => typeof event.prompt === 'string' && /\bpip\b/i.test(event.prompt),
    now: Date.now,
    newId: () => `voice-${++ids}`,
  });
  const runner = options.runnerWith({
    quipFor: (kind) => (kind === 'tool_failure' ? 'Snap! Bad tool.' : undefined),
    handlers: options.handlers ?? [],
    onReaction: (r) => world.reactions.push(r),
    onBuiltinMoment: (moment) => world.heard.push(voice.hear(moment)),
  });
  return { world, runner, voice };
}

/**
 * A private state root and a config.json with the voice on through the real `claude -p`, in
 * `base`: what a headless runner started on the returned `env` reads.
 */
export function voiceRunnerEnv(base: string, homeEnv: NodeJS.ProcessEnv) {
  const state = join(base, 'state');
  mkdirSync(join(state, 'inbox'), { recursive: true, mode: 0o700 });
  const configFile = join(base, 'config', 'buddy-tui', 'config.json');
  mkdirSync(dirname(configFile), { recursive: true });
  writeFileSync(
    configFile,
    JSON.stringify({
      reactions: { voice: true },
      delegate: { adapter: 'claude-cli', claudePath: requireClaudeBinary() },
      discoverClaudeSettings: false,
    }),
  );
  const env = {
    ...homeEnv,
    BUDDY_TUI_STATE_DIR: state,
    XDG_CONFIG_HOME: join(base, 'config'),
    XDG_STATE_HOME: join(base, 'xdg-state'),
  };
  return { state, configFile, env };
}
