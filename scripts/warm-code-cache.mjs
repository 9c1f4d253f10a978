// The build's last step: each hot bundle in dist/ runs once, in a child process, on a sample of what
// it runs on for users (Claude Code's recorded hook events and statusLine payload from test/fixtures/,
// in a throw-away state root and home), and leaves V8's code of every function that ran beside it
// (runBundleKeepingCode in src/entries/code-cache.ts). Without the samples (a tree without test/), or
// when a run fails, the top level's cache the build made first stays: slower to start, never wrong.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const HOOK_EVENTS = 'test/fixtures/hook-events.jsonl';
const STATUSLINE_INPUT = 'test/fixtures/statusline-input.json';
/** The first events of the recorded session: a start, a prompt, tool calls (the commonest hook runs last). */
const HOOK_SAMPLE = 6;

function runKeepingCode(tool, bundle, args, input, env) {
  const code = `require(${JSON.stringify(tool)}).runBundleKeepingCode(${JSON.stringify(bundle)}, ${JSON.stringify(args)})`;
  const run = spawnSync(process.execPath, ['-e', code], {
    input,
    env,
    stdio: ['pipe', 'ignore', 'pipe'],
    timeout: 30_000,
  });
  if (run.status !== 0) {
    console.warn(`warm-code-cache: ${bundle} ${args.join(' ')} exited ${run.status}: ${String(run.stderr).trim()}`);
  }
}

export function warmCodeCaches(tool) {
  if (!existsSync(HOOK_EVENTS) || !existsSync(STATUSLINE_INPUT)) return;
  const base = mkdtempSync(join(tmpdir(), 'buddy-warm-cache-'));
  try {
    const env = {
      PATH: process.env.PATH,
      HOME: join(base, 'home'),
      XDG_CONFIG_HOME: join(base, 'config'),
      XDG_STATE_HOME: join(base, 'state-home'),
      XDG_CACHE_HOME: join(base, 'cache'),
      BUDDY_TUI_STATE_DIR: join(base, 'state'),
      BUDDY_TUI_FOUNDRY_DIR: join(base, 'foundry'),
      COLUMNS: '120',
    };
    const events = readFileSync(HOOK_EVENTS, 'utf8').split('\n').filter(Boolean).slice(0, HOOK_SAMPLE);
    for (const line of events) runKeepingCode(tool, resolve('dist/hook.bundle.js'), ['--host', 'claude'], line, env);
    const sessionId = JSON.parse(events[0]).session_id;
    const payload = JSON.stringify({ ...JSON.parse(readFileSync(STATUSLINE_INPUT, 'utf8')), session_id: sessionId });
    runKeepingCode(tool, resolve('dist/statusline.bundle.js'), [], payload, {
      ...env,
      CLAUDE_CODE_SESSION_ID: sessionId,
    });
    runKeepingCode(tool, resolve('dist/status-segment.bundle.js'), ['status', '--tmux'], '', env);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
