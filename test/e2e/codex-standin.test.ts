/**
 * The test-support pieces for the Codex host, proven against the real Codex CLI 0.169.0:
 * `codex exec` in a throw-away CODEX_HOME drives the Responses API stand-in's default script
 * (a passing and a failing shell command, an apply_patch, a closing text) and really runs it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOfflineCodexHome,
  runCodexExec,
  skipWithoutCodex,
  type CodexExecResult,
  type OfflineCodexHome,
} from '../support/codex-cli.js';
import { startResponsesApiStandin, type ResponsesApiStandin } from '../support/responses-api-standin.js';
import { makeTempDir } from '../support/temp-dir.js';

type Item = Record<string, unknown>;

describe.skipIf(skipWithoutCodex())('codex exec against the Responses API stand-in', () => {
  let api: ResponsesApiStandin;
  let home: OfflineCodexHome;
  let project: string;
  let run: CodexExecResult;

  beforeAll(async () => {
    api = await startResponsesApiStandin();
    home = createOfflineCodexHome({ baseUrl: api.baseUrl });
    project = makeTempDir('buddy-codex-project-');
    run = await runCodexExec({ home, cwd: project, prompt: 'Run the checks and add the file.' });
  }, 180_000);

  afterAll(async () => {
    await api?.close();
    home?.cleanup();
  });

  it('runs the whole script: four model rounds, then exit 0', () => {
    expect(run.timedOut).toBe(false);
    expect(run.exitCode).toBe(0);
    expect(api.responseRequests()).toHaveLength(4);
    expect(run.stdout).toContain('Stand-in: ran two commands');
  });

  it('offers apply_patch as a custom tool for gpt-5.5, and the patch is applied', () => {
    const tools = (api.responseRequests()[0].body as { tools: Item[] }).tools;
    expect(tools.find((t) => t.name === 'apply_patch')?.type).toBe('custom');
    expect(readFileSync(join(project, 'patched.txt'), 'utf8')).toBe('hello from apply_patch\n');
  });

  it('sends the tool outputs back: the failing command exited with 3', () => {
    const last = api.responseRequests().at(-1)?.body as { input: Item[] };
    const outputs = last.input.filter((item) => /_call_output$/.test(String(item.type)));
    expect(outputs.map((o) => o.call_id)).toEqual(['call_standin_0_0', 'call_standin_1_0', 'call_standin_2_0']);
    expect(JSON.stringify(outputs[0].output)).toContain('standin-ok');
    expect(JSON.stringify(outputs[1].output)).toContain('Process exited with code 3');
    expect(existsSync(join(project, 'patched.txt'))).toBe(true);
  });
});
