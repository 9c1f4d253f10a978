/**
 * A delegate adapter that answers through one run of an agent CLI (`claude -p`, `codex exec`):
 * the prompt on stdin, in a neutral directory, the whole process tree killed on abort. Each CLI
 * says only its arguments, its child's environment and how to read its output.
 */
import { tmpdir } from 'node:os';
import { runProcessTree } from '../process-tree.js';
import { abortFailure, DelegateCallError, type AdapterName, type DelegateAdapter, type DelegateAnswer, type DelegateCall } from './adapter.js';

export interface OneShotCliOptions {
  /** The binary (a name on PATH or a path). */
  binary?: string;
  env?: NodeJS.ProcessEnv;
  /** A neutral directory, so the child loads no project's instructions or settings. */
  cwd?: string;
}

export interface OneShotCli {
  name: AdapterName;
  defaultBinary: string;
  args(call: DelegateCall): string[];
  /** The child's environment; it always carries BUDDY_TUI_CHILD=1, so its hooks never feed the buddy. */
  env(base: NodeJS.ProcessEnv, call: DelegateCall): NodeJS.ProcessEnv;
  interpret(stdout: string, stderr: string, exitCode: number | undefined, call: DelegateCall): DelegateAnswer;
}

export function createOneShotCliAdapter(cli: OneShotCli, options: OneShotCliOptions = {}): DelegateAdapter {
  const binary = options.binary ?? cli.defaultBinary;
  const baseEnv = options.env ?? process.env;
  return {
    name: cli.name,
    usesModel: true,
    async complete(call) {
      const run = await runProcessTree(binary, cli.args(call), {
        input: call.prompt,
        env: cli.env(baseEnv, call),
        cwd: options.cwd ?? tmpdir(),
        signal: call.signal,
      });
      if (run.aborted) throw abortFailure(call.signal);
      if (run.spawnError) throw new DelegateCallError(`cannot run ${binary}: ${run.spawnError}`, 'unavailable');
      return cli.interpret(run.stdout, run.stderr, run.exitCode, call);
    },
  };
}
