/**
 * The e2e harness: a scratch project, an offline Claude Code HOME with buddy-tui installed
 * (through the real `buddy-tui install`), the Messages API stand-in scripted with tool_use
 * turns, and a run of the real `claude -p`. Also used by scripts/record-demo-session.ts.
 */
import { stopRunnerOf } from '../mod/runner-world.js';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOfflineClaudeHome, requireClaudeBinary, type OfflineClaudeHome } from '../support/claude-cli.js';
import { CLI_ENTRY } from '../support/hook-process.js';
import {
  blocks,
  startMessagesApiStandin,
  text,
  textBlock,
  toolUse,
  toolUseBlock,
  type MessagesApiStandin,
  type StandinReply,
} from '../support/messages-api-standin.js';

export const ALLOWED_TOOLS = 'Bash Read Write Edit Grep Glob Agent';

/** A small project for the scripted tools to work on. */
export function makeProject(root: string): string {
  const project = join(root, 'project');
  mkdirSync(join(project, 'src'), { recursive: true });
  writeFileSync(join(project, 'README.md'), '# demo project\n\nA tiny project for buddy-tui tests.\n');
  writeFileSync(join(project, 'src', 'greet.js'), 'export const greet = (name) => `hello ${name}`;\n');
  return project;
}

/**
 * The scripted main loop: a Bash command, a failing Bash command, parallel Read + Grep, a Write,
 * an Agent call (the subagent answers in one turn), then the final answer (held back `finalDelayMs`).
 */
export function scriptedTurns(project: string, finalDelayMs = 0): StandinReply[] {
  return [
    toolUse('Bash', { command: 'ls src', description: 'List the sources' }),
    toolUse('Bash', { command: 'node -e "process.exit(3)"', description: 'Run the failing check' }),
    blocks([
      textBlock('Reading the code.'),
      toolUseBlock('Read', { file_path: join(project, 'src', 'greet.js') }),
      toolUseBlock('Grep', { pattern: 'greet', path: project }),
    ]),
    toolUse('Write', { file_path: join(project, 'NOTES.md'), content: 'greet() says hello.\n' }),
    toolUse('Agent', {
      description: 'Review the notes',
      prompt: 'Review NOTES.md in one sentence.',
      subagent_type: 'general-purpose',
    }),
    text('NOTES.md reads fine.'),
    text('All done: listed, checked, read, wrote NOTES.md and had it reviewed.', { delayMs: finalDelayMs }),
  ];
}

export interface E2eWorld {
  root: string;
  project: string;
  stateDir: string;
  api: MessagesApiStandin;
  claudeHome: OfflineClaudeHome;
  claude: string;
  cleanup(): Promise<void>;
}

export async function createWorld(
  opts: { turns?: (project: string) => StandinReply[]; extraEnv?: NodeJS.ProcessEnv } = {},
): Promise<E2eWorld> {
  const claude = requireClaudeBinary();
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'buddy-e2e-')));
  const project = makeProject(root);
  const stateDir = join(root, 'state');
  const api = await startMessagesApiStandin({
    main: (opts.turns ?? scriptedTurns)(project),
    other: text('Scripted session'),
  });
  const claudeHome = createOfflineClaudeHome({
    baseUrl: api.url,
    projectDirs: [project],
    extraEnv: { BUDDY_TUI_STATE_DIR: stateDir, ...opts.extraEnv },
  });
  return {
    root,
    project,
    stateDir,
    api,
    claudeHome,
    claude,
    async cleanup() {
      await api.close();
      // A headless runner the mod started (--ensure-runner) writes its lines and checkpoints until it
      // exits: stopped and waited for first (CI once removed the state folder under it: ENOTEMPTY).
      await stopRunnerOf(stateDir);
      // Processes that were just told to stop (a pane, a delegate child) may still write a last file.
      for (const dir of [claudeHome.home, root])
        rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

/** Runs the real `buddy-tui <args>` with the world's HOME. */
export function buddyCli(
  world: E2eWorld,
  args: string[],
  extraEnv: NodeJS.ProcessEnv = {},
): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI_ENTRY, ...args], {
    env: { ...world.claudeHome.env, ...extraEnv },
    cwd: world.project,
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

export interface ClaudeRun {
  code: number | null;
  stdout: string;
  stderr: string;
  wallMs: number;
}

/** `claude -p <prompt>` in the project, with the scripted tools allowed. */
export function runClaudePrint(world: E2eWorld, prompt: string, extraArgs: string[] = []): Promise<ClaudeRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      world.claude,
      ['-p', prompt, '--allowedTools', ALLOWED_TOOLS, '--output-format', 'json', ...extraArgs],
      {
        cwd: world.project,
        env: world.claudeHome.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, wallMs: performance.now() - started });
    });
  });
}

/** The journal lines of every session in the state dir, parsed. */
export function readJournal(stateDir: string, sessionId: string): Array<Record<string, any>> {
  return readFileSync(join(stateDir, sessionId, 'events.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}
