import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '../../../test/support/temp-dir.js';
import { EXAMPLES_DIR, REPO_ROOT, requireBuild, runPipeline } from '../example-harness.js';

const GITBOT_DIR = join(EXAMPLES_DIR, 'gitbot');

/** Runs gitbot.mjs as a command plugin would be run: node, hook JSON on stdin. */
function gitbot(payload: Record<string, unknown>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(GITBOT_DIR, 'gitbot.mjs')], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(JSON.stringify(payload));
  });
}

const bash = (hook_event_name: string, command: string, cwd: string, session_id = 'sess-gitbot') => ({
  session_id,
  hook_event_name,
  cwd,
  tool_name: 'Bash',
  tool_input: { command, description: 'git' },
  tool_use_id: 'toolu_1',
});

function gitRepo(branch: string): string {
  const dir = makeTempDir('gitbot-repo-');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-q', '--allow-empty', '-m', 'init');
  if (branch !== 'main') git('checkout', '-q', '-b', branch);
  return dir;
}

beforeAll(() => requireBuild());

describe('GitBot (SDK example), spawned through dist/sdk.mjs', () => {
  it.each([
    ['git push --force origin main', /Force push incoming/],
    ['git push -f', /Force push incoming/],
    ['git push origin +main', /Force push incoming/],
    ['git push --force-with-lease', /Force push incoming/],
    ['git reset --hard HEAD~2', /reset --hard/],
  ])('warns before %s', async (command, text) => {
    const result = await gitbot(bash('PreToolUse', command, makeTempDir()));
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ reaction: expect.stringMatching(text), mood: 'worried', priority: 3 });
  });

  it.each([
    'git push origin main',
    'git reset --soft HEAD~1',
    'git status',
    'echo git push -f',
    'git commit -m "not on main?"',
  ])('stays quiet on %s', async (command) => {
    const result = await gitbot(bash('PreToolUse', command, makeTempDir()));
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('asks for a delegate (with its system prompt) after a commit on main, not on a feature branch', async () => {
    const onMain = await gitbot(bash('PostToolUse', 'git commit -m "hotfix"', gitRepo('main')));
    expect(JSON.parse(onMain.stdout)).toEqual({
      delegate: true,
      systemPrompt: expect.stringContaining('You are GitBot'),
      prompt: expect.stringContaining('committed straight to the main branch with: git commit -m "hotfix"'),
      maxTokens: 60,
      model: 'haiku',
    });
    const onFeature = await gitbot(bash('PostToolUse', 'git commit -m "wip"', gitRepo('feature/x')));
    expect(onFeature).toEqual({ code: 0, stdout: '', stderr: '' });
    const outsideRepo = await gitbot(bash('PostToolUse', 'git commit -m "x"', makeTempDir()));
    expect(outsideRepo.stdout).toBe('');
  });

  it('exits 1 with a message on broken input', async () => {
    const child = spawn(process.execPath, [join(GITBOT_DIR, 'gitbot.mjs')], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdin.end('{not json');
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^GitBot: /);
  });

  it('end to end: hook → journal → plugin runner (manifest) → TUI store bubble and reactions.jsonl', async () => {
    const repo = gitRepo('main');
    const result = await runPipeline(
      [GITBOT_DIR],
      [
        { session_id: 'sess-e2e-1', hook_event_name: 'SessionStart', cwd: repo, source: 'startup' },
        bash('PreToolUse', 'git push --force origin main', repo, 'sess-e2e-1'),
        bash('PreToolUse', 'ls -la', repo, 'sess-e2e-1'),
      ],
    );
    expect(result.warnings).toEqual([]);
    expect(result.reactions).toMatchObject([
      { source: 'gitbot', sessionId: 'sess-e2e-1', event: 'PreToolUse', text: expect.stringMatching(/Force push/) },
    ]);
    expect(result.store.getState().bubbles.current?.reaction.text).toMatch(/Force push/);
    expect(result.latest('sess-e2e-1')).toEqual(result.reactions[0]);
    // A separate run: GitBot's 5 s cooldown would hold back a second answer.
    const commit = await runPipeline(
      [GITBOT_DIR],
      [bash('PostToolUse', 'cd sub && git commit -m "straight to main"', repo, 'sess-e2e-2')],
    );
    expect(commit.delegates).toEqual([]); // `if: Bash(git *)` in the manifest: the command must start with git
    const direct = await runPipeline(
      [GITBOT_DIR],
      [bash('PostToolUse', 'git commit -m "straight to main"', repo, 'sess-e2e-2')],
    );
    expect(direct.delegates).toMatchObject([
      {
        request: { delegate: true, systemPrompt: expect.stringContaining('GitBot'), maxTokens: 60, model: 'haiku' },
        meta: { plugin: 'gitbot', sessionId: 'sess-e2e-2', kinds: expect.arrayContaining(['git_commit']) },
      },
    ]);
  });

  it('the SDK bundle stays free of React and Ink', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      // Nothing of React (its element symbol) or Ink's layout engine is bundled in...
      expect(text).not.toContain('react.transitional.element');
      expect(text).not.toMatch(/yoga/i);
      for (const [, spec] of text.matchAll(/from\s+"([^"]+)"/g)) {
        // ...or imported: only Node's built-ins, zod and the SDK's own chunks.
        expect(spec, `${file} imports ${spec}`).toMatch(/^(?:node:|zod(?:\/|$)|\.)/);
        if (spec!.startsWith('.')) visit(join(file, '..', spec!));
      }
    };
    visit(join(REPO_ROOT, 'dist/sdk.mjs'));
  });
});
