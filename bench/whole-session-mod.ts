/**
 * whole-session.ts's mod set-up: the mod's buddy-tui calls wrapped to log their CPU, and the
 * headless runner those calls start, found through runner.lock (src/tui/runner-lock.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { modFolderFor } from '../src/install/mod-install.js';
import { isPidAlive } from '../src/process/pid-alive.js';
import { RUNNER_LOCK_FILE, runnerLockHolder } from '../src/tui/runner-lock.js';
import { sleep } from './pane-process.js';
import { cpuMsOf } from './session-cpu.js';

/**
 * Has the mod's buddy-cli.json run its node with `--import` of a module (written to `script`)
 * that appends the process's own CPU to `log` as it exits, in `times`' two-line form for
 * sumTimesLog (the detached runner a call may start is not in it). Node stays Claude Code's own
 * child: mod-state's heartbeat names its parent as the mod's Claude Code (src/mod/mod-bridge.ts),
 * and a wrapping shell, gone after each call, made the runner see no live mod and write no view.
 * The mod takes at most 3 words there: node, the flag, cli.js.
 */
export function wrapModCli(settingsPath: string, script: string, log: string): void {
  const file = join(modFolderFor(settingsPath), 'buddy-cli.json');
  const { argv } = JSON.parse(readFileSync(file, 'utf8')) as { argv: string[] };
  if (argv.length !== 2) throw new Error(`buddy-cli.json: expected [node, cli.js], got ${JSON.stringify(argv)}`);
  writeFileSync(
    script,
    `import { appendFileSync } from 'node:fs';
const times = (us) => \`0m\${(us / 1e6).toFixed(6)}s\`;
process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  appendFileSync(${JSON.stringify(log)}, \`0m0s 0m0s\\n\${times(user)} \${times(system)}\\n\`);
});
`,
  );
  writeFileSync(file, `${JSON.stringify({ argv: [argv[0], `--import=${pathToFileURL(script).href}`, argv[1]] })}\n`);
}

/** The pid runner.lock names, live or not (a runner that just exited still counts what it used). */
function lockedPid(stateDir: string): number | undefined {
  try {
    const { pid } = JSON.parse(readFileSync(join(stateDir, RUNNER_LOCK_FILE), 'utf8')) as { pid?: unknown };
    return typeof pid === 'number' ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The runner's CPU for pollCpu, keyed by its pid; none when the lock's holder is `counted` elsewhere (the pane). */
export function buddyProcessCpu(stateDir: string, counted?: number): Map<string, number> {
  const pid = lockedPid(stateDir);
  const cpu = new Map<string, number>();
  try {
    if (pid !== undefined && pid !== counted) cpu.set(`runner ${pid}`, cpuMsOf(pid));
  } catch {
    // It exited between the lock and /proc.
  }
  return cpu;
}

/** Resolves once a live runner holds the lock (the mod starts one at the session's start). */
export async function waitForRunner(stateDir: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pid = runnerLockHolder(stateDir);
    if (pid !== undefined) return pid;
    if (Date.now() > deadline) throw new Error(`no runner held ${RUNNER_LOCK_FILE} within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** Stops the runner, if one runs, and waits for it: it saves its sessions as it stops. */
export async function stopRunner(stateDir: string): Promise<void> {
  const pid = runnerLockHolder(stateDir);
  if (pid === undefined || pid === process.pid) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  for (let i = 0; i < 50 && isPidAlive(pid); i += 1) await sleep(100);
}
