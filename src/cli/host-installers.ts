/**
 * The host registry of the CLI: every host buddy-tui can wire, with everything `install`,
 * `uninstall` and `doctor` need of it. A `Record<HostId, HostInstaller>`, so adding an id to
 * HOST_IDS (src/hosts/host-id.ts) makes the compiler ask for each part of the new host: its
 * flags, help, install, uninstall, doctor and "is wired". (On the model of ccstatusline's widget
 * interface, manifest and registry.)
 */
import type { HostId } from '../hosts/host-id.js';
import type { DoctorCheck } from '../install/doctor-check.js';
import type { CliIo } from './cli-io.js';
import { claudeInstaller } from './host-claude.js';
import { codexInstaller } from './host-codex.js';
import { copilotInstaller } from './host-copilot.js';
import { geminiInstaller } from './host-gemini.js';
import { qwenInstaller } from './host-qwen.js';

export type FlagOptions = Readonly<Record<string, { readonly type: 'string' | 'boolean'; readonly short?: string }>>;
export type FlagValues = Record<string, string | boolean | undefined>;

export interface HostInstaller {
  readonly id: HostId;
  /** The host as users name it (doctor's section, messages). */
  readonly name: string;
  /** The flags only this host takes, on top of --host, --dry-run (and --node-hook for install). */
  readonly flags: { readonly install: FlagOptions; readonly uninstall: FlagOptions };
  /** Its usage line and its part of `install --help` / `uninstall --help`. */
  readonly help: { readonly usage: { install: string; uninstall: string }; readonly install: string; readonly uninstall: string };
  /** The command that wires it, for doctor's fixes. */
  readonly installCommand: string;
  install(values: FlagValues, io: CliIo): Promise<number>;
  uninstall(values: FlagValues, io: CliIo): Promise<number>;
  /** Doctor's findings; [] when the host is not on this machine (no config folder) and so not expected. */
  doctor(env: NodeJS.ProcessEnv, cwd: string): Promise<DoctorCheck[]>;
  /** buddy-tui's hooks are in the host's configuration for every event it needs. */
  isWired(env: NodeJS.ProcessEnv, cwd: string): boolean;
}

export const HOST_INSTALLERS: Record<HostId, HostInstaller> = {
  claude: claudeInstaller,
  codex: codexInstaller,
  copilot: copilotInstaller,
  gemini: geminiInstaller,
  qwen: qwenInstaller,
};
