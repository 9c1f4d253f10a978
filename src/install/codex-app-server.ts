/**
 * A few calls to Codex's own app-server (`codex app-server`: JSON-RPC 2.0, one JSON object a line
 * over stdio), so hook trust is recorded exactly as Codex computes it: `hooks/list` reports each
 * hook's key, current hash and trust status; `config/batchWrite` records
 * `hooks.state."<key>".trusted_hash`. buddy-tui never computes a hash itself (checked with 0.169.0).
 */
import { execa } from 'execa';
import { createInterface } from 'node:readline';
import { killProcessGroup } from '../process/kill-group.js';

export type CodexTrustStatus = 'managed' | 'untrusted' | 'trusted' | 'modified';

export interface CodexHookInfo {
  /** `<source file>:<event_snake_case>:<group index>:<handler index>`. */
  key: string;
  eventName: string;
  currentHash: string;
  trustStatus: CodexTrustStatus;
  enabled: boolean;
  isManaged: boolean;
  sourcePath: string;
}

export interface CodexHooksList {
  hooks: CodexHookInfo[];
  warnings: string[];
  errors: { path: string; message: string }[];
}

export interface AppServerOptions {
  /** The `codex` executable. */
  binary: string;
  /** Its environment: CODEX_HOME says which home it reads and writes. */
  env: NodeJS.ProcessEnv;
  /** The project folder hooks/list looks from (project hooks under `<cwd>/.codex`). */
  cwd: string;
  /** The whole exchange's limit (default 30 s; the server answers in well under a second). */
  timeoutMs?: number;
}

interface RpcAnswer {
  id?: number;
  result?: unknown;
  error?: { message?: string };
}

type Call = <T>(method: string, params: unknown) => Promise<T>;

/** Starts `codex app-server`, initializes, runs `work`, then ends the server (its whole process group). */
async function withAppServer<T>(opts: AppServerOptions, work: (call: Call) => Promise<T>): Promise<T> {
  const child = execa(opts.binary, ['app-server'], {
    cwd: opts.cwd,
    env: opts.env,
    extendEnv: false,
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
    detached: true,
    reject: false,
    buffer: { stdout: false, stderr: true },
  });
  const pending = new Map<number, (answer: RpcAnswer) => void>();
  let nextId = 1;
  let failed: Error | undefined;
  const failAll = (error: Error) => {
    failed ??= error;
    for (const settle of pending.values()) settle({ error: { message: error.message } });
    pending.clear();
  };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let message: RpcAnswer;
    try {
      message = JSON.parse(line) as RpcAnswer;
    } catch {
      return; // Not a JSON-RPC line.
    }
    if (typeof message.id === 'number' && pending.has(message.id)) {
      pending.get(message.id)!(message);
      pending.delete(message.id);
    }
  });
  void child.then((result) =>
    failAll(
      new Error(
        `codex app-server exited (${result.exitCode ?? result.signal}) ${
          String(result.stderr ?? '')
            .trim()
            .split('\n')
            .at(-1) ?? ''
        }`.trim(),
      ),
    ),
  );
  const timer = setTimeout(
    () => failAll(new Error(`codex app-server did not answer within ${opts.timeoutMs ?? 30_000} ms`)),
    opts.timeoutMs ?? 30_000,
  );
  const send = (message: Record<string, unknown>) =>
    child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const call: Call = (method, params) =>
    new Promise((resolve, reject) => {
      if (failed) return reject(failed);
      const id = nextId++;
      pending.set(id, (answer) =>
        answer.error
          ? reject(new Error(`${method}: ${answer.error.message ?? 'failed'}`))
          : resolve(answer.result as never),
      );
      send({ id, method, params });
    });
  try {
    await call('initialize', { clientInfo: { name: 'buddy-tui', version: '1' } });
    send({ method: 'initialized', params: {} });
    return await work(call);
  } finally {
    clearTimeout(timer);
    child.stdin?.end();
    killProcessGroup(child.pid, 'SIGTERM');
    await child;
  }
}

interface RawList {
  data?: { hooks?: CodexHookInfo[]; warnings?: string[]; errors?: { path: string; message: string }[] }[];
}

function flatten(raw: RawList): CodexHooksList {
  const entries = raw.data ?? [];
  return {
    hooks: entries.flatMap((entry) => entry.hooks ?? []),
    warnings: entries.flatMap((entry) => entry.warnings ?? []),
    errors: entries.flatMap((entry) => entry.errors ?? []),
  };
}

/** Every hook Codex discovers for `cwd`, with its trust status. */
export async function listCodexHooks(opts: AppServerOptions): Promise<CodexHooksList> {
  return withAppServer(opts, async (call) => flatten(await call<RawList>('hooks/list', { cwds: [opts.cwd] })));
}

const stateKeyPath = (key: string): string => `hooks.state.${JSON.stringify(key)}`;

/**
 * Records trust for the hooks `pick` selects (from a fresh hooks/list) and returns them as they
 * were before. Hooks already trusted are left alone.
 */
export async function trustCodexHooks(
  opts: AppServerOptions,
  pick: (hook: CodexHookInfo) => boolean,
): Promise<CodexHookInfo[]> {
  return withAppServer(opts, async (call) => {
    const { hooks } = flatten(await call<RawList>('hooks/list', { cwds: [opts.cwd] }));
    const chosen = hooks.filter((hook) => !hook.isManaged && pick(hook));
    const edits = chosen
      .filter((hook) => hook.trustStatus !== 'trusted')
      .map((hook) => ({
        keyPath: `${stateKeyPath(hook.key)}.trusted_hash`,
        mergeStrategy: 'upsert',
        value: hook.currentHash,
      }));
    if (edits.length) await call('config/batchWrite', { edits });
    return chosen;
  });
}

/** Forgets the trust recorded for these keys (`hooks.state."<key>"` removed from config.toml). */
export async function forgetCodexTrust(opts: AppServerOptions, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await withAppServer(opts, async (call) => {
    await call('config/batchWrite', {
      edits: keys.map((key) => ({ keyPath: stateKeyPath(key), mergeStrategy: 'replace', value: null })),
    });
  });
}
