/**
 * The registry entry (host-installers.ts) of a host that runs one executable file per event from
 * a hooks folder (Cline), made from its spec's `hookFolder`: its flag, help, install, uninstall,
 * doctor and "is wired". A file of the user's under an event's name is never touched: install
 * says which and exits 1 (that event does not reach the buddy), having written the others.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HostWithHookFolder } from '../hosts/host-spec.js';
import { hookFolderChecks, hookFolderWired } from '../doctor/doctor-hook-folder.js';
import { buddyCommands, packageRoot } from '../install/buddy-entries.js';
import {
  applyHookFolderPlan,
  hookFolderPath,
  ourHookFiles,
  planHookFolder,
  removeHookFolderFiles,
  type HookFolderPlan,
} from '../install/hook-folder.js';
import { chooseHookPath, createInbox } from '../install/hook-path.js';
import { term, termLines } from '../text/terminal-text.js';
import type { CliIo } from './cli-io.js';
import type { FlagValues, HostInstaller } from './installer-contract.js';

const HELP_INDENT = ' '.repeat(22);

function hooksOf(spec: HostWithHookFolder, values: FlagValues, io: CliIo): string {
  const given = values[spec.hookFolder.folder.flag];
  return hookFolderPath(spec, typeof given === 'string' ? given : undefined, io.env).hooks;
}

function sayForeign(spec: HostWithHookFolder, plan: HookFolderPlan, io: CliIo): void {
  for (const file of plan.foreign)
    io.stderr(
      term`buddy-tui: ${file.path} is ${file.what}, not buddy-tui's: left as it is, so ${spec.label}'s ${file.event} event will not reach the buddy (rename yours, e.g. to ${file.event}.sh, which ${spec.label} also runs, then install again).\n`,
    );
}

function dryRunText(plan: HookFolderPlan): string {
  const lines = [
    ...plan.write.map((file) => `would write ${file.path} (mode 755)`),
    ...plan.current.map((path) => `unchanged ${path}`),
    ...plan.foreign.map((file) => `would leave ${file.path} alone (${file.what})`),
  ];
  const sample = plan.write[0];
  return `${lines.join('\n')}\n${sample ? `\n${sample.path}:\n${sample.text}` : ''}(dry run: ${plan.hooks} was not changed)\n`;
}

async function install(spec: HostWithHookFolder, values: FlagValues, io: CliIo): Promise<number> {
  const dist = join(packageRoot(), 'dist');
  if (!existsSync(join(dist, 'hook.js'))) {
    io.stderr(term`buddy-tui: ${dist} has no hook.js; run \`npm run build\` in ${packageRoot()} first.\n`);
    return 1;
  }
  const hookPath = chooseHookPath(values['node-hook'] === true).path;
  const plan = planHookFolder(spec, hooksOf(spec, values, io), buddyCommands({ distDir: dist }), hookPath);
  if (values['dry-run']) {
    io.stdout(term`${termLines(dryRunText(plan))}`);
    return plan.foreign.length ? 1 : 0;
  }
  try {
    if (plan.write.length) applyHookFolderPlan(plan, io.env);
  } catch (error) {
    io.stderr(term`buddy-tui: could not write ${spec.label}'s hooks in ${plan.hooks}: ${(error as Error).message}\n`);
    return 1;
  }
  if (hookPath === 'spool') createInbox(io.env, (message) => io.stderr(message));
  if (!plan.write.length && !plan.foreign.length)
    io.stdout(term`buddy-tui's ${spec.label} hooks are already in ${plan.hooks}; nothing changed.\n`);
  else if (plan.write.length)
    io.stdout(
      term`Installed buddy-tui's hook files for ${plan.write.length + plan.current.length} ${spec.label} events into ${plan.hooks}.\n${spec.hookFolder.afterInstall} Check with \`buddy-tui doctor\`.\n`,
    );
  sayForeign(spec, plan, io);
  return plan.foreign.length ? 1 : 0;
}

async function uninstall(spec: HostWithHookFolder, values: FlagValues, io: CliIo): Promise<number> {
  const hooks = hooksOf(spec, values, io);
  const ours = ourHookFiles(spec, hooks);
  if (!ours.length) {
    io.stdout(term`buddy-tui's ${spec.label} hooks are not in ${hooks}; nothing changed.\n`);
    return 0;
  }
  if (values['dry-run']) {
    io.stdout(
      term`${termLines(`${ours.map((path) => `would remove ${path}`).join('\n')}\n`)}(dry run: ${hooks} was not changed)\n`,
    );
    return 0;
  }
  try {
    const removed = removeHookFolderFiles(spec, hooks, io.env);
    io.stdout(term`Removed buddy-tui's ${removed.length} ${spec.label} hook files from ${hooks}.\n`);
    return 0;
  } catch (error) {
    io.stderr(term`buddy-tui: could not remove ${spec.label}'s hooks from ${hooks}: ${(error as Error).message}\n`);
    return 1;
  }
}

export function hookFolderInstaller(spec: HostWithHookFolder): HostInstaller {
  const { flag } = spec.hookFolder.folder;
  const flags = { [flag]: { type: 'string' } } as const;
  const installCommand = `buddy-tui install --host ${spec.id}`;
  const [where, another] = spec.hookFolder.helpWhere;
  return {
    id: spec.id,
    name: spec.label,
    flags: { install: flags, uninstall: flags },
    help: {
      usage: {
        install: `${installCommand} [--${flag} <dir>] [--node-hook] [--dry-run]`,
        uninstall: `buddy-tui uninstall --host ${spec.id} [--${flag} <dir>] [--dry-run]`,
      },
      install: `  ${`--host ${spec.id}`.padEnd(20)}wire ${spec.fullLabel ?? spec.label}: ${where}\n${HELP_INDENT}${another}\n`,
      uninstall: `With --host ${spec.id}: ${spec.hookFolder.uninstallHelp}\n`,
    },
    installCommand,
    install: (values, io) => install(spec, values, io),
    uninstall: (values, io) => uninstall(spec, values, io),
    doctor: (env, cwd) => hookFolderChecks(spec, env, cwd),
    isWired: (env, cwd) => hookFolderWired(spec, env, cwd),
  };
}
