/**
 * A host whose hooks are Claude Code's shape in one JSON file (Copilot CLI, Gemini CLI, Qwen Code),
 * said once as data: where the file is, the events, the entry, the switch that silences it, what
 * to say after install. src/cli/host-hook-file.ts makes its installer and uninstaller of it, and
 * src/doctor/doctor-hook-file.ts its checks. Plain data: the translator file that holds a spec is
 * on the hook's path.
 */
import type { HostId } from './host-id.js';

/** Where the host's config folder is: `--<flag> DIR`, else `$<env>`, else the user's home. */
export interface HookFileFolder {
  /** The install/uninstall flag that names another place: "copilot-home". */
  flag: string;
  /** The variable the host itself reads for the same place, when it has one. */
  env?: string;
  /** `folder`: flag and variable name the config folder itself; `home`: the home that holds `name`. */
  names: 'folder' | 'home';
  /** The config folder's name in a home: ".copilot". */
  name: string;
}

/** One hook entry of buddy-tui's group, in the host's own keys (the keys' order is the file's). */
export interface HookFileEntry {
  /** What the host shows and names in warnings, when it shows one. */
  name?: string;
  /** The key of the command: "command", or "bash" (Copilot). */
  commandKey: string;
  /** The key of the time-out and its value in the host's unit (Gemini's are milliseconds). */
  timeoutKey: string;
  timeout: number;
}

/** What can silence buddy-tui's hooks in the host, as doctor checks it (doctor-hook-file.ts). */
export type HookFileGate =
  /** `"<key>": true` in `file` (relative to the config folder) turns off every hook. */
  | { kind: 'switch-on'; file: string; key: string }
  /** Gemini: hooksConfig.enabled / enableHooks false, buddy-tui in hooksConfig.disabled, an untrusted folder. */
  | { kind: 'gemini-settings-and-trust' }
  /** Hook files of this repository (`dir`, relative to the working folder) load only in a trusted folder. */
  | { kind: 'repo-hook-files'; dir: string }
  /** The host rewrites its settings file: a changed file since install is said, not failed. */
  | { kind: 'host-rewrites-file'; note: string };

export interface HookFileSpec {
  id: HostId;
  /** The host as users name it (doctor's section, messages): "Copilot CLI". */
  label: string;
  /** Its full name where `install --help` and the delegate introduce it: "GitHub Copilot CLI" (else `label`). */
  fullLabel?: string;
  /** The short name in doctor's titles: "buddy-tui's Copilot hooks". */
  short: string;
  folder: HookFileFolder;
  /** The hooks file, relative to the config folder. */
  file: string;
  /** Top-level keys the file must have for the host to read the hooks (Copilot's `version`). */
  required?: Readonly<Record<string, unknown>>;
  /** The event keys buddy-tui registers, in the host's names. */
  events: readonly string[];
  entry: HookFileEntry;
  gates: readonly HookFileGate[];
  /** `install --help`: where the hooks go, then how to name another place (two lines). */
  helpWhere: readonly [string, string];
  /** `uninstall --help`: what it removes. */
  uninstallHelp: string;
  /** Printed after a change: trust, restarts. */
  afterInstall: string;
  /** Doctor's ok title ends with this: " it needs" when the host fires events buddy-tui leaves out. */
  allEventsNote: string;
  /** Doctor's ok detail after the path: " (user-level: no folder trust needed)". */
  wiredNote: string;
}
