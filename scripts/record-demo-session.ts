/**
 * Records assets/demo-session.jsonl from the REAL Claude Code CLI: a scripted `claude -p`
 * session (through the Messages API stand-in) in a small git project with a failing test, with
 * buddy-tui installed; the journal its hooks wrote is anonymised (paths, user) and saved.
 *
 *   scripts/install-claude-code.sh && npm run build && node --import tsx scripts/record-demo-session.ts
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buddyCli, createWorld, readJournal, runClaudePrint } from '../test/e2e/claude-session.js';
import {
  blocks,
  text,
  textBlock,
  toolUse,
  toolUseBlock,
  type StandinReply,
  type StandinRequest,
} from '../test/support/messages-api-standin.js';

const OUT = new URL('../assets/demo-session.jsonl', import.meta.url);

function setUpProject(project: string): void {
  mkdirSync(join(project, 'test'), { recursive: true });
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'greeter', private: true, type: 'module', scripts: { test: 'node --test' } }, null, 2)}\n`,
  );
  writeFileSync(join(project, 'src', 'greet.js'), 'export const greet = (name) => `hello ${name}`;\n');
  writeFileSync(
    join(project, 'test', 'greet.test.js'),
    [
      "import { test } from 'node:test';",
      "import assert from 'node:assert/strict';",
      "import { greet } from '../src/greet.js';",
      "test('greets politely', () => assert.equal(greet('Ada'), 'Hello, Ada!'));",
      '',
    ].join('\n'),
  );
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: project,
      stdio: 'ignore',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Dev',
        GIT_AUTHOR_EMAIL: 'dev@example.com',
        GIT_COMMITTER_NAME: 'Dev',
        GIT_COMMITTER_EMAIL: 'dev@example.com',
      },
    });
  git('init', '-q', '-b', 'fix-greet');
  git('add', '.');
  git('commit', '-q', '-m', 'Greeter with a test');
}

const SUBAGENT_PROMPT = 'Review src/greet.js and its test; answer in one sentence.';

function script(project: string): (request: StandinRequest) => StandinReply {
  const main: StandinReply[] = [
    blocks([
      textBlock('Let me look at the repository first.'),
      toolUseBlock('Bash', {
        command: 'git status --short && git log --oneline -3',
        description: 'Show the repository state',
      }),
    ]),
    toolUse('Bash', { command: 'npm test', description: 'Run the tests' }),
    blocks([
      textBlock('The greeting is wrong. Reading the code and its uses.'),
      toolUseBlock('Read', { file_path: join(project, 'src', 'greet.js') }),
      toolUseBlock('Grep', { pattern: 'greet\\(', path: project, output_mode: 'content' }),
    ]),
    toolUse('Edit', {
      file_path: join(project, 'src', 'greet.js'),
      old_string: '`hello ${name}`',
      new_string: '`Hello, ${name}!`',
    }),
    toolUse('Bash', { command: 'npm test', description: 'Run the tests again' }),
    toolUse('Agent', { description: 'Review the fix', prompt: SUBAGENT_PROMPT, subagent_type: 'general-purpose' }),
    toolUse('Bash', {
      command: 'git commit -am "Fix the greeting: capital H and punctuation"',
      description: 'Commit the fix',
    }),
    text('Fixed: greet() now says "Hello, Ada!", the test passes, a reviewer agreed, and the fix is committed.', {
      delayMs: 2500,
    }),
  ];
  const sub: StandinReply[] = [
    toolUse('Read', { file_path: join(project, 'src', 'greet.js') }),
    text('The fix is correct and the test covers it.'),
  ];
  let m = 0;
  let s = 0;
  // Subagents get tools too (Agent included): tell them apart by their first message, the Agent prompt.
  const isSubagent = (request: StandinRequest) =>
    JSON.stringify(request.body?.messages?.[0]?.content ?? '').includes(SUBAGENT_PROMPT);
  return (request) => (isSubagent(request) ? (sub[s++] ?? text('Done.')) : (main[m++] ?? text('Done.')));
}

async function main(): Promise<void> {
  const world = await createWorld({
    extraEnv: {
      NPM_CONFIG_UPDATE_NOTIFIER: 'false',
      GIT_AUTHOR_NAME: 'Dev',
      GIT_AUTHOR_EMAIL: 'dev@example.com',
      GIT_COMMITTER_NAME: 'Dev',
      GIT_COMMITTER_EMAIL: 'dev@example.com',
    },
  });
  try {
    setUpProject(world.project);
    world.api.setMain(script(world.project));
    const installed = buddyCli(world, ['install', '--settings', world.claudeHome.settingsPath]);
    if (installed.code !== 0) throw new Error(installed.stderr);
    const run = await runClaudePrint(world, 'The greet test fails. Fix it, get it reviewed, and commit.');
    if (run.code !== 0) throw new Error(`claude exited ${run.code}: ${run.stderr}`);
    const [sessionId] = readdirSync(world.stateDir).filter((name) => !name.includes('.'));
    const events = readJournal(world.stateDir, sessionId);
    const anonymise = (line: string) =>
      line
        .split(world.project)
        .join('/home/dev/greeter')
        .split(world.claudeHome.home)
        .join('/home/dev')
        .split(world.root)
        .join('/home/dev')
        .replace(/\/tmp\/claude-\d+\//g, '/tmp/claude-1000/')
        .replace(/-tmp-buddy-e2e-[A-Za-z0-9]+-project/g, '-home-dev-greeter');
    const lines = events.map((event) => anonymise(JSON.stringify(event)));
    writeFileSync(OUT, `${lines.join('\n')}\n`);
    console.log(`recorded ${lines.length} events of session ${sessionId} into ${OUT.pathname}`);
    console.log(
      events.map((event) => `${event.hook_event_name}${event.tool_name ? ` ${event.tool_name}` : ''}`).join(', '),
    );
  } finally {
    await world.cleanup();
  }
}

await main();
