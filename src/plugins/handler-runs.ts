/**
 * One run of a handler, one function per handler type: starts it (a process, an HTTP request)
 * and reads its result as an outcome for the runner to deliver. The process and HTTP layers
 * themselves are command-handler.ts and http-handler.ts.
 */
import type { CommandHandler, HttpHandler } from './plugin-config.js';
import { commandToRun, interpolateVars } from './plugin-env.js';
import { runCommand } from './command-handler.js';
import { runHttp } from './http-handler.js';

export type HandlerOutcome =
  | { kind: 'answer'; raw: unknown }
  | { kind: 'warning-reaction'; text: string }
  | { kind: 'warning'; message: string }
  | { kind: 'none' };

/** What the runner works out once for a run, whatever the handler type. */
export interface HandlerRunContext {
  /** The allowlisted environment (plugin-env.ts). */
  env: Record<string, string>;
  projectDir: string;
  /** The plugin's stdin / request body. */
  body: string;
  timeoutSeconds: number;
  timeoutMs: number;
  maxOutputBytes: number;
  /** Keeps a run killable by the runner's close() until its result settles. */
  track<T>(run: { kill: () => void; result: Promise<T> }): Promise<T>;
  /** A warning that does not end the run (output cut at the cap). */
  warn(message: string): void;
}

const capNote = (what: string, bytes: number, cap: number) => `${what} was ${bytes} bytes; cut at ${cap}`;

/** Exit 0: stdout is the answer; exit 2: stderr is a warning bubble; anything else a warning. */
export async function runCommandHandler(
  spec: CommandHandler,
  place: { shell: string; cwd: string; root: string },
  run: HandlerRunContext,
): Promise<HandlerOutcome> {
  const cap = run.maxOutputBytes;
  const result = await run.track(
    runCommand({
      ...commandToRun(spec, run.env),
      shell: place.shell,
      cwd: place.cwd,
      env: run.env,
      input: run.body,
      timeoutMs: run.timeoutMs,
      maxOutputBytes: cap,
    }),
  );
  if (result.cancelled) return { kind: 'none' };
  if (result.stdoutBytes > cap) run.warn(capNote('stdout', result.stdoutBytes, cap));
  if (result.stderrBytes > cap) run.warn(capNote('stderr', result.stderrBytes, cap));
  if (result.outputHeldOpen)
    run.warn(
      `exited, but a process it started outside its process group (setsid) kept its output open until the timeout (${run.timeoutSeconds}s)`,
    );
  if (result.timedOut)
    return { kind: 'warning', message: `timed out after ${run.timeoutSeconds}s; its process group was killed` };
  if (result.spawnError) return { kind: 'warning', message: `could not start: ${result.spawnError}` };
  if (result.signal) return { kind: 'warning', message: `killed by ${result.signal}` };
  if (result.exitCode === 0) return { kind: 'answer', raw: result.stdout };
  if (result.exitCode === 2) return { kind: 'warning-reaction', text: result.stderr };
  const detail = result.stderr.trim().split('\n')[0];
  return { kind: 'warning', message: `exited with code ${result.exitCode}${detail ? `: ${detail}` : ''}` };
}

/** A 2xx JSON object body is the answer; an empty body is nothing; anything else a warning. */
export async function runHttpHandler(
  spec: HttpHandler,
  parentEnv: NodeJS.ProcessEnv,
  run: HandlerRunContext,
): Promise<HandlerOutcome> {
  const cap = run.maxOutputBytes;
  const vars: Record<string, string | undefined> = { ...run.env };
  for (const name of spec.allowedEnvVars ?? []) vars[name] = parentEnv[name];
  const headers = Object.fromEntries(
    Object.entries(spec.headers ?? {}).map(([key, value]) => [key, interpolateVars(value, vars)]),
  );
  const result = await run.track(
    runHttp({ url: interpolateVars(spec.url, vars), headers, body: run.body, timeoutMs: run.timeoutMs, maxBytes: cap }),
  );
  if (result.cancelled) return { kind: 'none' };
  if (result.timedOut) return { kind: 'warning', message: `timed out after ${run.timeoutSeconds}s` };
  if (result.error) return { kind: 'warning', message: `request failed: ${result.error}` };
  if (result.bodyBytes > cap) return { kind: 'warning', message: capNote('response body', result.bodyBytes, cap) };
  if (result.status === undefined || result.status < 200 || result.status > 299) {
    return { kind: 'warning', message: `answered HTTP ${result.status}` };
  }
  const text = result.body.trim();
  if (text === '') return { kind: 'none' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'warning', message: 'answered with a body that is not JSON' };
  }
  // A JSON string would otherwise pass for plain-text stdout.
  if (typeof parsed === 'string')
    return { kind: 'warning', message: 'answered with a JSON string; expected an object' };
  return { kind: 'answer', raw: parsed };
}
