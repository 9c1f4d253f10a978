/**
 * Any local command as the model (Ollama, `llm`, a company gateway): it reads
 * `{"systemPrompt","prompt","maxTokens","model"}` on stdin and prints the answer. Plain text
 * is the answer; a JSON object `{"text", "model"?, "usage"?: {"inputTokens","outputTokens"}, "costUsd"?}`
 * may carry figures for the accounting.
 */
import { tmpdir } from 'node:os';
import { runProcessTree } from '../process-tree.js';
import { abortFailure, DelegateCallError, tailLines, type DelegateAdapter, type DelegateAnswer } from './adapter.js';

export interface CommandAdapterOptions {
  command: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

function structured(stdout: string): DelegateAnswer | undefined {
  if (!stdout.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(stdout);
    if (!parsed || typeof parsed.text !== 'string') return undefined;
    const usage = parsed.usage;
    return {
      text: parsed.text.trim(),
      source: typeof parsed.model === 'string' && parsed.model ? parsed.model : 'command',
      usage:
        usage && typeof usage === 'object'
          ? { inputTokens: Number(usage.inputTokens) || 0, outputTokens: Number(usage.outputTokens) || 0 }
          : undefined,
      costUsd: typeof parsed.costUsd === 'number' ? parsed.costUsd : undefined,
    };
  } catch {
    return undefined;
  }
}

export function createCommandAdapter(options: CommandAdapterOptions): DelegateAdapter {
  const env = options.env ?? process.env;
  return {
    name: 'command',
    usesModel: true,
    async complete(call) {
      const input = JSON.stringify({
        systemPrompt: call.systemPrompt,
        prompt: call.prompt,
        maxTokens: call.maxTokens,
        model: call.model,
      });
      const run = await runProcessTree(options.command, [], {
        input,
        env: { ...env, BUDDY_TUI_CHILD: '1' },
        cwd: options.cwd ?? tmpdir(),
        shell: true,
        signal: call.signal,
      });
      if (run.aborted) throw abortFailure(call.signal);
      if (run.spawnError)
        throw new DelegateCallError(`cannot run the delegate command: ${run.spawnError}`, 'unavailable');
      if (run.exitCode !== 0) {
        const detail =
          tailLines(run.stderr) || tailLines(run.stdout) || (run.signal ? `killed by ${run.signal}` : 'no output');
        throw new DelegateCallError(`delegate command exited ${run.exitCode ?? run.signal}: ${detail}`, 'process');
      }
      const stdout = run.stdout.trim();
      const answer = structured(stdout) ?? { text: stdout, source: 'command' };
      if (!answer.text) throw new DelegateCallError('the delegate command printed nothing', 'empty');
      return answer;
    },
  };
}
