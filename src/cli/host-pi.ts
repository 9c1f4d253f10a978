/**
 * The Pi coding agent in the host registry (host-installers.ts): Pi has no command hooks, so
 * install writes buddy-tui's extension into Pi's extensions folder (src/install/pi-extension-*.ts)
 * and makes the inbox it appends to; doctor is src/doctor/doctor-pi.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { piChecks } from '../doctor/doctor-pi.js';
import { HOST_SPECS } from '../hosts/host-capabilities.js';
import { buddyCommands, packageRoot } from '../install/buddy-entries.js';
import { createInbox } from '../install/hook-path.js';
import { piExtensionBundlePath, piExtensionText } from '../install/pi-extension-file.js';
import {
  installPiExtension,
  piAgentDir,
  piExtensionPath,
  readPiExtension,
  uninstallPiExtension,
} from '../install/pi-extension-install.js';
import { term, termLines } from '../text/terminal-text.js';
import type { CliIo } from './cli-io.js';
import type { FlagValues, HostInstaller } from './installer-contract.js';
import { reportSettingsError } from './install-errors.js';

const AGENT_DIR_FLAG = { 'pi-agent-dir': { type: 'string' } } as const;

const agentDirOf = (values: FlagValues, env: NodeJS.ProcessEnv): string =>
  piAgentDir(typeof values['pi-agent-dir'] === 'string' ? values['pi-agent-dir'] : undefined, env);

async function install(values: FlagValues, io: CliIo): Promise<number> {
  const dist = join(packageRoot(), 'dist');
  if (!existsSync(join(dist, 'hook.js')) || !existsSync(piExtensionBundlePath(dist))) {
    io.stderr(term`buddy-tui: ${dist} has no Pi extension yet; run \`npm run build\` in ${packageRoot()} first.\n`);
    return 1;
  }
  try {
    const text = piExtensionText(dist, buddyCommands({ distDir: dist }));
    const result = installPiExtension({
      agentDir: agentDirOf(values, io.env),
      text,
      dryRun: values['dry-run'] === true,
      env: io.env,
    });
    if (result.status === 'dry-run') {
      io.stdout(term`${termLines(result.changes.map((c) => `would ${c}\n`).join(''))}(dry run: nothing was changed)\n`);
      return 0;
    }
    createInbox(io.env, (message) => io.stderr(message));
    if (result.status === 'unchanged')
      io.stdout(term`buddy-tui's Pi extension is already in ${result.path}; nothing changed.\n`);
    else
      io.stdout(
        term`${result.status === 'updated' ? 'Updated' : 'Installed'} buddy-tui's Pi extension: ${result.path}.
Pi sessions started from now on feed the buddy (Pi loads it at start with no trust step; \`/reload\` in a running Pi). A Pi started with \`--no-extensions\` loads none. Check with \`buddy-tui doctor\`.\n`,
      );
    return 0;
  } catch (error) {
    return reportSettingsError(error, io);
  }
}

async function uninstall(values: FlagValues, io: CliIo): Promise<number> {
  try {
    const result = uninstallPiExtension({
      agentDir: agentDirOf(values, io.env),
      dryRun: values['dry-run'] === true,
      env: io.env,
    });
    if (result.status === 'not-installed')
      io.stdout(term`buddy-tui's Pi extension is not in ${result.path}; nothing changed.\n`);
    else if (result.status === 'dry-run')
      io.stdout(term`${termLines(result.changes.map((c) => `would ${c}\n`).join(''))}(dry run: nothing was changed)\n`);
    else io.stdout(term`Removed buddy-tui's Pi extension: ${result.path}.\n`);
    return 0;
  } catch (error) {
    return reportSettingsError(error, io);
  }
}

export const piInstaller: HostInstaller = {
  id: 'pi',
  name: HOST_SPECS.pi.label,
  flags: { install: AGENT_DIR_FLAG, uninstall: AGENT_DIR_FLAG },
  help: {
    usage: {
      install: 'buddy-tui install --host pi [--pi-agent-dir <dir>] [--dry-run]',
      uninstall: 'buddy-tui uninstall --host pi [--pi-agent-dir <dir>] [--dry-run]',
    },
    install: `  --host pi           wire the Pi coding agent: buddy-tui's extension (Pi has no command hooks) in
                      $PI_CODING_AGENT_DIR/extensions/buddy-tui.js (default ~/.pi/agent; --pi-agent-dir <dir> for another)
`,
    uninstall: `With --host pi: removes buddy-tui.js from Pi's extensions folder (and the folders install made, once empty).
`,
  },
  installCommand: 'buddy-tui install --host pi',
  install,
  uninstall,
  doctor: (env) => piChecks(piAgentDir(undefined, env), env),
  isWired: (env) => readPiExtension(piExtensionPath(piAgentDir(undefined, env))).kind === 'ours',
};
