/**
 * Doctor checks of a hooks-folder host (Cline; src/hosts/host-spec.ts `hookFolder`), when its
 * config folder exists: buddy-tui's file for every event, each executable (Cline starts a hook
 * file directly: one without the x bit fails with EACCES and the event is lost without a word),
 * each current (the spool this buddy-tui writes, naming a Node and hook.js that are there); the
 * same files in another folder Cline also reads (every event twice); the host's version floor.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import type { HostWithHookFolder } from '../hosts/host-spec.js';
import { buddyCommands, type HookPath } from '../install/buddy-entries.js';
import { hookFileText, hookFileState, hookFolderPath } from '../install/hook-folder.js';
import { isOlder } from '../install/mod-version.js';
import { SPOOL_ARGV0, shellWords } from '../ingest/spool-command.js';
import type { DoctorCheck } from './doctor-check.js';

export function hookFolderWired(spec: HostWithHookFolder, env: NodeJS.ProcessEnv, cwd: string): boolean {
  const { hooks } = hookFolderPath(spec, undefined, env, cwd);
  return spec.hookFolder.events.every((event) => {
    const state = hookFileState(join(hooks, event));
    return state.kind === 'ours' && state.executable;
  });
}

/** The file is what install writes now for the Node and hook.js it names, and both are there. */
function isCurrent(spec: HostWithHookFolder, event: string, text: string): boolean {
  const words = shellWords(text.split('\n').slice(3).join('\n'));
  const at = words.indexOf(SPOOL_ARGV0);
  const spool = at >= 0;
  const [node, hookScript] = spool ? [words[at + 3], words[at + 4]] : [words[0], words[1]];
  if (!node || !hookScript || !existsSync(node) || !existsSync(hookScript)) return false;
  const path: HookPath = spool ? 'spool' : 'node';
  const commands = buddyCommands({ nodePath: node, distDir: dirname(hookScript) });
  return text === hookFileText(spec, event, commands, path);
}

interface Findings {
  missing: string[];
  foreign: string[];
  notExecutable: string[];
  stale: string[];
}

function findings(spec: HostWithHookFolder, hooks: string): Findings {
  const found: Findings = { missing: [], foreign: [], notExecutable: [], stale: [] };
  for (const event of spec.hookFolder.events) {
    const state = hookFileState(join(hooks, event));
    if (state.kind === 'missing') found.missing.push(event);
    else if (state.kind === 'foreign') found.foreign.push(event);
    else if (!state.executable) found.notExecutable.push(event);
    else if (!isCurrent(spec, event, state.text)) found.stale.push(event);
  }
  return found;
}

function fileChecks(spec: HostWithHookFolder, hooks: string): DoctorCheck[] {
  const install = `buddy-tui install --host ${spec.id}`;
  const { short, events } = spec.hookFolder;
  const found = findings(spec, hooks);
  if (found.missing.length === events.length)
    return [
      {
        status: 'warn',
        title: `buddy-tui's ${short} hooks are not in ${hooks}`,
        fix: `run \`${install}\``,
        notWired: true,
      },
    ];
  const checks: DoctorCheck[] = [];
  if (found.missing.length)
    checks.push({
      status: 'warn',
      title: `buddy-tui's ${short} hooks miss ${found.missing.length} event(s)`,
      detail: `${hooks}: ${found.missing.join(', ')}`,
      fix: `run \`${install}\``,
    });
  if (found.foreign.length)
    checks.push({
      status: 'warn',
      title: `${short} runs hook files of your own under buddy-tui's names: ${found.foreign.join(', ')}`,
      detail: `${hooks}: those events do not reach the buddy`,
      fix: `rename yours (e.g. ${found.foreign[0]}.sh, which ${spec.label} also runs), then run \`${install}\``,
    });
  if (found.notExecutable.length)
    checks.push({
      status: 'fail',
      title: `buddy-tui's ${short} hook files are not executable: ${found.notExecutable.join(', ')}`,
      detail: `${spec.label} cannot start them (EACCES) and says nothing: those events are lost`,
      fix: `run \`${install}\``,
    });
  if (found.stale.length)
    checks.push({
      status: 'warn',
      title: `buddy-tui's ${short} hook files are out of date: ${found.stale.join(', ')}`,
      detail: 'another spool, or a Node or hook.js that is gone',
      fix: `run \`${install}\``,
    });
  if (!checks.length)
    checks.push({
      status: 'ok',
      title: `buddy-tui's ${short} hook files are there, executable and current for all ${events.length} events`,
      detail: `${hooks} (a run with \`--config <dir>\` or another $CLINE_DIR reads that folder's hooks instead)`,
    });
  return checks;
}

/** The other folders Cline 3.0.65 reads hooks from (@cline/shared resolveHooksConfigSearchPaths). */
function otherHookFolders(env: NodeJS.ProcessEnv, cwd: string): string[] {
  const home = env.HOME ?? '';
  return [join(home, 'Documents', 'Cline', 'Hooks'), join(cwd, '.clinerules', 'hooks'), join(cwd, '.cline', 'hooks')];
}

function duplicateCheck(spec: HostWithHookFolder, hooks: string, env: NodeJS.ProcessEnv, cwd: string): DoctorCheck[] {
  const twice = otherHookFolders(env, cwd).filter(
    (folder) => folder !== hooks && spec.hookFolder.events.some((e) => hookFileState(join(folder, e)).kind === 'ours'),
  );
  if (!twice.length) return [];
  return [
    {
      status: 'warn',
      title: `buddy-tui's ${spec.hookFolder.short} hooks are also in ${twice.join(', ')}`,
      detail: `${spec.label} runs every folder's hooks: each event reaches the buddy twice`,
      fix: `remove buddy-tui's files there (\`buddy-tui uninstall --host ${spec.id} --${spec.hookFolder.folder.flag} ${dirname(twice[0])}\`)`,
    },
  ];
}

/** `<binary> --version` against the spec's floor; nothing when the binary is not on PATH. */
async function versionCheck(spec: HostWithHookFolder, env: NodeJS.ProcessEnv): Promise<DoctorCheck[]> {
  const binary = spec.cli?.binary ?? spec.id;
  const floor = spec.hookFolder.versionFloor;
  try {
    const result = await execa(binary, ['--version'], {
      env: { ...env, BUDDY_TUI_CHILD: '1', CLINE_NO_AUTO_UPDATE: '1' },
      reject: false,
      timeout: 20_000,
      stdin: 'ignore',
    });
    const version = result.exitCode === 0 ? /\d+\.\d+\.\d+/.exec(String(result.stdout))?.[0] : undefined;
    if (!version) return [];
    if (isOlder(version, floor))
      return [
        {
          status: 'warn',
          title: `${spec.label} ${version} is older than ${floor}, the oldest buddy-tui's hooks were made for`,
          fix: `update ${spec.label} (npm i -g ${binary}@latest)`,
        },
      ];
    return [{ status: 'ok', title: `${spec.label} ${version} (${floor} or newer)` }];
  } catch {
    return [];
  }
}

export async function hookFolderChecks(
  spec: HostWithHookFolder,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): Promise<DoctorCheck[]> {
  const { config, hooks } = hookFolderPath(spec, undefined, env, cwd);
  if (!existsSync(config)) return [];
  return [...fileChecks(spec, hooks), ...duplicateCheck(spec, hooks, env, cwd), ...(await versionCheck(spec, env))];
}
