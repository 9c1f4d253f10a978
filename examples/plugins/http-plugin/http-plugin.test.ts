import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { EXAMPLES_DIR, runPipeline } from '../example-harness.js';
// @ts-expect-error: a plain .mjs example without type declarations
import { startServer } from './server.mjs';

const HTTP_DIR = join(EXAMPLES_DIR, 'http-plugin');
let server: { port: number; close(): Promise<void> };

beforeAll(async () => {
  server = await startServer({ port: 0, token: 'example-token' });
});
afterAll(async () => {
  await server.close();
});

const edit = (file: string, session_id = 'sess-http') => ({
  session_id,
  hook_event_name: 'PostToolUse',
  cwd: '/tmp',
  tool_name: 'Edit',
  tool_input: { file_path: `/tmp/project/${file}`, old_string: 'a', new_string: 'b' },
  tool_response: { filePath: `/tmp/project/${file}` },
});

describe('http-plugin example (real loopback server) through hook → journal → runner → store', () => {
  it('answers over HTTP with the token and port the manifest lets through', async () => {
    const env = { ...process.env, HTTP_PLUGIN_PORT: String(server.port), HTTP_PLUGIN_TOKEN: 'example-token' };
    const payloads = [1, 2, 3, 4, 5].map((n) => edit(`file${n}.ts`));
    payloads.push({ ...edit('x.ts'), tool_name: 'Read' } as never); // not matched by the manifest
    const result = await runPipeline([HTTP_DIR], payloads, env);
    expect(result.warnings).toEqual([]);
    expect(result.reactions.map((r) => r.text)).toEqual([
      'First edit of the session: file1.ts.',
      '5 files edited this session. Commit soon?',
    ]);
    expect(result.reactions.every((r) => r.source === 'http-plugin')).toBe(true);
    expect(result.store.getState().bubbles.current?.reaction.source).toBe('http-plugin');
    expect(result.latest('sess-http')?.text).toMatch(/5 files/);
  });

  it('a wrong token is a logged warning, never a bubble', async () => {
    const env = { ...process.env, HTTP_PLUGIN_PORT: String(server.port), HTTP_PLUGIN_TOKEN: 'wrong' };
    const result = await runPipeline([HTTP_DIR], [edit('a.ts', 'sess-http-bad')], env);
    expect(result.reactions).toEqual([]);
    expect(result.warnings).toMatchObject([{ plugin: 'http-plugin', message: 'answered HTTP 401' }]);
  });
});
