import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '../support/temp-dir.js';
import { bashEvent, collector, command, handlers } from './plugin-fixtures.js';
import { useAnswers } from './plugin-runner-support.js';

const { runnerWith, answerOf } = useAnswers();

describe('what a plugin receives', () => {
  it('stdin: the hook JSON as received, host (claude for a line from before hosts), plus payload with the raw event', async () => {
    const dir = makeTempDir();
    const event = bashEvent('npm test', { cwd: dir, prompt_id: 'p1', agent_id: 'a1' });
    await answerOf(`cat > '${dir}/stdin.json'`, event);
    const input = JSON.parse(readFileSync(join(dir, 'stdin.json'), 'utf8')) as Record<string, unknown>;
    const { ts: _ts, ...received } = event;
    expect(input).toEqual({ ...received, host: 'claude', payload: event });
  });

  it('runs in the session folder; the shell reads $CLAUDE_PROJECT_DIR from the environment', async () => {
    const dir = makeTempDir();
    // Single quotes keep it literal, as in any shell: buddy-tui never edits the command text.
    const out = await answerOf(
      `echo "$CLAUDE_PROJECT_DIR|\${CLAUDE_PROJECT_DIR}|$(pwd)|"'$CLAUDE_PROJECT_DIR'`,
      bashEvent('ls', { cwd: dir }),
    );
    expect(out.reactions.map((r) => r.text)).toEqual([`${dir}|${dir}|${dir}|$CLAUDE_PROJECT_DIR`]);
  });

  it('environment: the allowlist only, never credentials unless the manifest names them', async () => {
    const dir = makeTempDir();
    const secrets: Record<string, string> = {
      ANTHROPIC_API_KEY: 'sk-ant-fake-1',
      CLAUDE_CODE_OAUTH_TOKEN: 'oauth-fake-2',
      GITHUB_TOKEN: 'ghp-fake-3',
      NPM_TOKEN: 'npm-fake-4',
      AWS_ACCESS_KEY_ID: 'AKIAFAKE5',
      AWS_SECRET_ACCESS_KEY: 'aws-fake-6',
      AWS_SESSION_TOKEN: 'aws-fake-7',
      GOOGLE_APPLICATION_CREDENTIALS: '/fake/gcp-8.json',
      AZURE_CLIENT_SECRET: 'azure-fake-9',
      OPENAI_API_KEY: 'sk-fake-10',
      DATABASE_PASSWORD: 'db-fake-11',
      MY_SERVICE_SECRET: 'svc-fake-12',
      STRIPE_KEY: 'stripe-fake-13',
      PLUGIN_OWN_KEY: 'named-fake-14',
    };
    const saved = { ...process.env };
    Object.assign(process.env, secrets, { TERM: 'xterm-test', LANG: 'C.UTF-8' });
    try {
      const out = collector();
      const runner = runnerWith({
        handlers: handlers({
          handler: command(`env > '${dir}/env.txt'`),
          origin: { plugin: 'envy', root: dir, env: ['PLUGIN_OWN_KEY'] },
        }),
        ...out.callbacks,
      });
      await runner.handleEvent(bashEvent('ls', { cwd: dir, session_id: 'sess-env' }));
      expect(out.warnings).toEqual([]);
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
    const text = readFileSync(join(dir, 'env.txt'), 'utf8');
    const env = Object.fromEntries(
      text
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    for (const [name, value] of Object.entries(secrets)) {
      if (name === 'PLUGIN_OWN_KEY') continue;
      expect(text, name).not.toContain(value);
      expect(env[name], name).toBeUndefined();
    }
    expect(env.PLUGIN_OWN_KEY).toBe('named-fake-14');
    expect(env).toMatchObject({
      CLAUDE_PROJECT_DIR: dir,
      CLAUDE_HOOK_EVENT: 'PostToolUse',
      CLAUDE_SESSION_ID: 'sess-env',
      BUDDY_PLUGIN_ROOT: dir,
      BUDDY_TUI: '1',
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TERM: 'xterm-test',
      LANG: 'C.UTF-8',
    });
    const allowed = new Set([
      'PATH',
      'HOME',
      'USER',
      'LANG',
      'TERM',
      'TMPDIR',
      'CLAUDE_PROJECT_DIR',
      'CLAUDE_HOOK_EVENT',
      'CLAUDE_SESSION_ID',
      'BUDDY_PLUGIN_ROOT',
      'BUDDY_TUI',
      'PLUGIN_OWN_KEY',
      /* set by the shell itself: */ 'PWD',
      'SHLVL',
      '_',
      'OLDPWD',
    ]);
    expect(Object.keys(env).filter((name) => !allowed.has(name))).toEqual([]);
  });
});
