/**
 * Issue 44 §3: the statusLine fast path opens four files in `<root>/statusline/`; a FIFO (or
 * anything but a regular file) planted at any of them must not block Claude Code's statusLine
 * command. The real installed command, run as Claude Code runs it (`sh -c COMMAND`), with a hang
 * guard; `/bin/echo` as the node shows the fallback, the real node that a line is printed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  RESIDENT_DIR,
  RESIDENT_PID_FILE,
  fastStatuslineCommand,
  lineFileName,
  payloadFileName,
  settingsFileName,
} from '../../src/statusline/fast-command.js';
import { makeTempDir } from '../support/temp-dir.js';
import { FIXTURE_SESSION, fixturePayload, midTurnEvents, sandbox, type Sandbox } from './support.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const FALLBACK = `${CLI} statusline`;
/** Fails the test only when the command hangs: a run takes well under a second. */
const HANG_GUARD_MS = 20_000;
const boxes: Sandbox[] = [];
afterAll(() => {
  for (const made of boxes) rmSync(made.base, { recursive: true, force: true });
});

/**
 * A state root where the fast path gets as far as it can: a live resident process (this one), an
 * empty inbox, and `plant` made at `name` in `statusline/` instead of its file.
 */
function plantedAt(name: string, plant: (path: string) => void): Sandbox {
  const made = sandbox({ COLUMNS: '100', CLAUDE_CODE_SESSION_ID: FIXTURE_SESSION });
  boxes.push(made);
  made.session(FIXTURE_SESSION, { events: midTurnEvents() });
  mkdirSync(join(made.root, 'inbox'), { mode: 0o700 });
  const dir = join(made.root, RESIDENT_DIR);
  mkdirSync(dir, { mode: 0o700 });
  if (name !== RESIDENT_PID_FILE) writeFileSync(join(dir, RESIDENT_PID_FILE), `${process.pid}\n`, { mode: 0o600 });
  plant(join(dir, name));
  return made;
}

function run(made: Sandbox, node: string): { status: number | null; signal: NodeJS.Signals | null; stdout: string } {
  const { status, signal, stdout } = spawnSync('/bin/sh', ['-c', fastStatuslineCommand({ node, cliScript: CLI })], {
    input: JSON.stringify(fixturePayload(42)),
    env: made.env,
    encoding: 'utf8',
    timeout: HANG_GUARD_MS,
    killSignal: 'SIGKILL',
  });
  return { status, signal, stdout };
}

const NAMES = [
  settingsFileName(FIXTURE_SESSION),
  payloadFileName(FIXTURE_SESSION),
  RESIDENT_PID_FILE,
  lineFileName(FIXTURE_SESSION),
];

describe('the statusline fast path and what is planted in statusline/', () => {
  it.each(NAMES)('a FIFO at %s: the command falls back to Node instead of blocking, and a line is printed', (name) => {
    const made = plantedAt(name, (path) => execFileSync('mkfifo', [path]));
    expect(run(made, '/bin/echo')).toEqual({ status: 0, signal: null, stdout: `${FALLBACK}\n` });
    const shown = run(made, process.execPath);
    expect(shown).toMatchObject({ status: 0, signal: null });
    expect(shown.stdout).toContain('Bash');
  });

  it.each(NAMES)('a symlink at %s is neither written nor read through: the command falls back to Node', (name) => {
    const outside = join(makeTempDir(), 'outside');
    writeFileSync(outside, `${process.pid}\n`);
    const made = plantedAt(name, (path) => symlinkSync(outside, path));
    expect(run(made, '/bin/echo')).toEqual({ status: 0, signal: null, stdout: `${FALLBACK}\n` });
    expect(readFileSync(outside, 'utf8')).toBe(`${process.pid}\n`);
  });
});
