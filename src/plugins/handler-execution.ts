/**
 * Works out one run of a handler — its environment, directory, stdin and limits — and hands it
 * to the run for its type (handler-runs.ts).
 */
import { statSync } from 'node:fs';
import { DEFAULT_HOST } from '../hosts/host-id.js';
import type { JournalEvent } from '../protocol/hook-event.js';
import type { CompiledHandler } from './matching.js';
import { buildPluginEnv } from './plugin-env.js';
import { runCommandHandler, runHttpHandler, type HandlerOutcome, type HandlerRunContext } from './handler-runs.js';
import { warn, type RunnerState } from './runner-state.js';

function isDirectory(path: unknown): path is string {
  if (typeof path !== 'string' || path === '') return false;
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * What a plugin reads on stdin: the hook JSON as received (normalised by its host's adapter),
 * `host` always set, plus the raw journal event.
 */
export function pluginInput(event: JournalEvent): Record<string, unknown> {
  const { ts: _ts, ...received } = event;
  return { ...received, host: event.host ?? DEFAULT_HOST, payload: event };
}

/** One run of a handler: its environment, directory and limits worked out, then the process or request. */
export async function execute(
  state: RunnerState,
  handler: CompiledHandler,
  event: JournalEvent,
): Promise<HandlerOutcome> {
  const { origin } = handler;
  const { parentEnv, limits } = state;
  const projectDir = isDirectory(event.cwd) ? event.cwd : (state.options.projectDir ?? process.cwd());
  const env = buildPluginEnv({ parentEnv, event, root: origin.root, projectDir, extra: origin.env });
  const timeoutSeconds = handler.handler.timeout ?? origin.limits?.timeoutSeconds ?? limits.timeoutSeconds;
  const timeoutMs = Math.round(timeoutSeconds * 1000);
  const run: HandlerRunContext = {
    env,
    projectDir,
    body: JSON.stringify(pluginInput(event)),
    timeoutSeconds,
    timeoutMs,
    maxOutputBytes: limits.maxOutputBytes,
    track: ({ kill, result }) => {
      state.killers.add(kill);
      return result.finally(() => state.killers.delete(kill));
    },
    warn: (message) => warn(state, { name: handler.name, file: origin.file }, event, message),
  };
  if (handler.handler.type === 'command') {
    const cwd = isDirectory(event.cwd) ? event.cwd : origin.root;
    return runCommandHandler(handler.handler, { shell: state.shell, cwd, root: origin.root }, run);
  }
  return runHttpHandler(handler.handler, parentEnv, run);
}
