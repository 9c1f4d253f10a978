/**
 * A delegate adapter that answers through one run of an agent CLI (`claude -p`, `codex exec`,
 * `copilot`, `qwen -p`, `gemini -p`): the prompt on stdin, in a neutral directory, the whole
 * process tree killed on abort. Each CLI says only its arguments, its child's environment, how to
 * read its output and, when it needs them, the files its neutral folder must hold.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { atomicWriteFileSync } from '../../state/atomic-write.js';
import { ensurePrivateDir } from '../../state/state-root.js';
import { runProcessTree } from '../process-tree.js';
import {
  abortFailure,
  DelegateCallError,
  type AdapterName,
  type DelegateAdapter,
  type DelegateAnswer,
  type DelegateCall,
} from './adapter.js';

export interface OneShotCliOptions {
  /** The binary (a name on PATH or a path). */
  binary?: string;
  env?: NodeJS.ProcessEnv;
  /** A neutral directory, so the child loads no project's instructions or settings. */
  cwd?: string;
}

/** Where a run with a workspace happens: both folders are private (0700). */
export interface RunFolders {
  /** The child's working directory, kept between calls: a host that registers every folder it runs in sees one. */
  project: string;
  /** This call's own folder (a system prompt file), removed after the run. */
  scratch: string;
}

export interface OneShotCli {
  name: AdapterName;
  defaultBinary: string;
  args(call: DelegateCall, folders?: RunFolders): string[];
  /** The child's environment; it always carries BUDDY_TUI_CHILD=1, so its hooks never feed the buddy. */
  env(base: NodeJS.ProcessEnv, call: DelegateCall, folders?: RunFolders): NodeJS.ProcessEnv;
  interpret(stdout: string, stderr: string, exitCode: number | undefined, call: DelegateCall): DelegateAnswer;
  /**
   * Files the run needs, by path relative to its folders (`project/…` or `scratch/…`): the settings
   * that turn the host's hooks and tools off where no flag does. Without it the child runs in `cwd`.
   */
  workspace?(call: DelegateCall): Record<string, string>;
}

function currentUid(): string {
  return typeof process.getuid === 'function' ? String(process.getuid()) : 'user';
}

/**
 * The folders of one run: `<base>/<cli>` (private, kept) and a fresh `<base>/<cli>.call-XXXXXX`.
 * The base is `cwd` when given, else `<tmpdir>/buddy-tui-delegate-<uid>`, created 0700 and refused
 * when it is a symlink or another user's (ensurePrivateDir): the host trusts what it finds there.
 */
function prepareFolders(cli: OneShotCli, call: DelegateCall, cwd: string | undefined): RunFolders {
  const base = cwd ?? join(tmpdir(), `buddy-tui-delegate-${currentUid()}`);
  ensurePrivateDir(base);
  const project = join(base, cli.name);
  ensurePrivateDir(project);
  const scratch = mkdtempSync(join(base, `${cli.name}.call-`));
  const folders = { project, scratch };
  for (const [path, content] of Object.entries(cli.workspace?.(call) ?? {})) {
    const [where, ...rest] = path.split('/');
    const file = join(where === 'scratch' ? scratch : project, ...rest);
    ensurePrivateDir(dirname(file));
    atomicWriteFileSync(file, content);
  }
  return folders;
}

export function createOneShotCliAdapter(cli: OneShotCli, options: OneShotCliOptions = {}): DelegateAdapter {
  const binary = options.binary ?? cli.defaultBinary;
  const baseEnv = options.env ?? process.env;
  return {
    name: cli.name,
    usesModel: true,
    async complete(call) {
      let folders: RunFolders | undefined;
      try {
        if (cli.workspace) folders = prepareFolders(cli, call, options.cwd);
      } catch (error) {
        throw new DelegateCallError(
          `cannot prepare a neutral folder for ${cli.name}: ${(error as Error).message}`,
          'unavailable',
        );
      }
      try {
        const run = await runProcessTree(binary, cli.args(call, folders), {
          input: call.prompt,
          env: cli.env(baseEnv, call, folders),
          cwd: folders?.project ?? options.cwd ?? tmpdir(),
          signal: call.signal,
        });
        if (run.aborted) throw abortFailure(call.signal);
        if (run.spawnError) throw new DelegateCallError(`cannot run ${binary}: ${run.spawnError}`, 'unavailable');
        return cli.interpret(run.stdout, run.stderr, run.exitCode, call);
      } finally {
        if (folders) rmSync(folders.scratch, { recursive: true, force: true });
      }
    },
  };
}

/** The JSON objects a CLI prints one per line (`--json` / `--output-format json` modes); other lines skipped. */
export function jsonObjectLines<T extends object>(stdout: string): T[] {
  const objects: T[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const parsed = JSON.parse(line);
      if (parsed && typeof parsed === 'object') objects.push(parsed as T);
    } catch {
      // Not an event.
    }
  }
  return objects;
}
