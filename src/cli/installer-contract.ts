/**
 * What a host installer is (host-installers.ts keeps the registry of them): each installer imports
 * this file, never the registry, so the registry importing every installer makes no cycle.
 */
import type { HostId } from '../hosts/host-id.js';
import type { DoctorCheck } from '../doctor/doctor-check.js';
import type { CliIo } from './cli-io.js';

export type FlagOptions = Readonly<Record<string, { readonly type: 'string' | 'boolean'; readonly short?: string }>>;
export type FlagValues = Record<string, string | boolean | undefined>;

export interface HostInstaller {
  readonly id: HostId;
  /** The host as users name it (doctor's section, messages). */
  readonly name: string;
  /** The flags only this host takes, on top of --host, --dry-run (and --node-hook for install). */
  readonly flags: { readonly install: FlagOptions; readonly uninstall: FlagOptions };
  /** Its usage line and its part of `install --help` / `uninstall --help`. */
  readonly help: {
    readonly usage: { install: string; uninstall: string };
    readonly install: string;
    readonly uninstall: string;
  };
  /** The command that wires it, for doctor's fixes. */
  readonly installCommand: string;
  install(values: FlagValues, io: CliIo): Promise<number>;
  uninstall(values: FlagValues, io: CliIo): Promise<number>;
  /** Doctor's findings; [] when the host is not on this machine (no config folder) and so not expected. */
  doctor(env: NodeJS.ProcessEnv, cwd: string): Promise<DoctorCheck[]>;
  /** buddy-tui's hooks are in the host's configuration for every event it needs. */
  isWired(env: NodeJS.ProcessEnv, cwd: string): boolean;
}
