/** Small builders for plugin runner tests: real scripts in temp folders, compiled handlers. */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileRules, type CompiledHandler } from '../../src/plugins/matching.js';
import type { RuleOrigin } from '../../src/plugins/rule-sources.js';
import type { HookHandler } from '../../src/plugins/plugin-config.js';
import type { HookEventName, JournalEvent } from '../../src/protocol/hook-event.js';
import type { Reaction } from '../../src/protocol/reaction.js';
import type { DelegateMeta, DelegateRequest } from '../../src/protocol/plugin-answer.js';
import {
  createPluginRunner,
  type PluginRunner,
  type PluginRunnerOptions,
  type PluginWarning,
} from '../../src/plugins/plugin-runner.js';
import { afterEach } from 'vitest';

export interface HandlerSpec {
  event?: HookEventName;
  matcher?: string;
  if?: string;
  handler: HookHandler;
  origin?: Partial<RuleOrigin>;
}

export function handlers(...specs: HandlerSpec[]): CompiledHandler[] {
  const { handlers: compiled, errors } = compileRules(
    specs.map((spec, index) => ({
      event: spec.event ?? 'PostToolUse',
      rule: {
        ...(spec.matcher !== undefined ? { matcher: spec.matcher } : {}),
        ...(spec.if ? { if: spec.if } : {}),
        hooks: [spec.handler],
      },
      origin: {
        kind: 'config' as const,
        file: '/test/config.json',
        path: `hooks.X[${index}]`,
        root: '/tmp',
        env: [],
        ...spec.origin,
      },
    })),
  );
  if (errors.length > 0) throw new Error(JSON.stringify(errors));
  return compiled;
}

/** Writes an executable sh script and returns the command that runs it. */
export function script(dir: string, name: string, body: string): string {
  const file = join(dir, `${name}.sh`);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return `sh '${file}'`;
}

export const command = (cmd: string, extra: Partial<Extract<HookHandler, { type: 'command' }>> = {}): HookHandler => ({
  type: 'command',
  command: cmd,
  ...extra,
});

export function bashEvent(cmd: string, overrides: Partial<JournalEvent> = {}): JournalEvent {
  return {
    ts: 1_000,
    session_id: 'sess-1',
    hook_event_name: 'PostToolUse',
    cwd: '/tmp',
    tool_name: 'Bash',
    tool_input: { command: cmd, description: 'run' },
    tool_response: { stdout: 'ok', stderr: '', interrupted: false },
    tool_use_id: 'toolu_1',
    ...overrides,
  };
}

export interface Collected {
  reactions: Reaction[];
  delegates: Array<{ request: DelegateRequest; meta: DelegateMeta }>;
  warnings: PluginWarning[];
  callbacks: Pick<PluginRunnerOptions, 'onReaction' | 'onDelegate' | 'report'>;
}

export function collector(onReaction?: (reaction: Reaction) => void): Collected {
  const out: Collected = {
    reactions: [],
    delegates: [],
    warnings: [],
    callbacks: {
      onReaction: (reaction) => {
        out.reactions.push(reaction);
        onReaction?.(reaction);
      },
      onDelegate: (request, meta) => out.delegates.push({ request, meta }),
      report: ({ detail: warning }) => warning && out.warnings.push(warning),
    },
  };
  return out;
}

/** True when no live process has this pid (a zombie waiting for its reaper counts as gone). */
export function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return !existsSync(`/proc/${pid}`);
  }
}

/** Polls a condition (no fixed sleeps); gives up after `limitMs`. */
export async function waitFor(condition: () => boolean, limitMs = 10_000): Promise<boolean> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > limitMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** Call at the top of a test file: the runner factory (sh, no cooldown); every runner is closed after each test. */
export function useRunners(): (options: PluginRunnerOptions) => PluginRunner {
  const runners: PluginRunner[] = [];
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.close()));
  });
  return (options) => {
    const runner = createPluginRunner({ shell: '/bin/sh', limits: { cooldownMs: 0 }, ...options });
    runners.push(runner);
    return runner;
  };
}
