/**
 * A host said once, in its own file (src/hosts/<id>.ts): its id and label, its translator, what it
 * can report (the capability table, the pane, `status`), where its hooks live and what can silence
 * them, and its one-shot CLI. host-capabilities.ts keeps the registry of specs; the translator
 * registry (host-translator.ts) and the installers (src/cli/host-installers.ts) read it. For a host whose hooks are Claude
 * Code's shape in one JSON file (Copilot CLI, Gemini CLI, Qwen Code), `hookFile` is all the
 * installer, uninstaller and doctor need (src/cli/host-hook-file.ts, src/doctor/doctor-hook-file.ts).
 * Zod-free and quick: the hook, the statusline and the pane read it.
 */
import type { InternalEvent } from '../protocol/internal-event.js';
import type { HostId } from './host-id.js';

export interface HostCapabilities {
  /** Subagent start and stop, with an id. */
  subagents: boolean;
  /** The session waits for the user's approval (a permission prompt is on screen): in every mode, only in the host's TUI, or never said (Cline: no event while its dialog waits). */
  waitingForApproval: 'yes' | 'interactive-only' | 'no';
  /** A shell command's exit code (and so a command that failed): as a field, from the host's transcript, or read from the output text. */
  exitCodes: 'field' | 'transcript' | 'text';
  /** An id per tool call: a running call can be shown until its end. */
  toolCallIds: boolean;
  /** How a turn's end is known: always an event, or an event that is missing on a cancelled permission prompt and/or an API error. */
  turnEnd: 'event' | 'missing-on-cancel' | 'missing-on-error' | 'missing-on-cancel-and-error';
  /** A session end event, in the modes the host has. */
  sessionEnd: 'always' | 'interactive-only' | 'never';
}

/** One host's row of the capability table: the values, and a few words on how each is known (the table's cells). */
export interface HostCapabilityRow {
  capabilities: HostCapabilities;
  /** The host as users name it (doctor's section, messages, the table): "Copilot CLI". */
  label: string;
  how: Record<keyof HostCapabilities, string>;
}

export interface HostSpec extends HostCapabilityRow {
  id: HostId;
  /** The translator: the payload as the internal event, `host` set; undefined when it is no event of this host. */
  normalize(payload: Record<string, unknown>): InternalEvent | undefined;
  /** Its full name where `install --help` and the delegate introduce it: "GitHub Copilot CLI" (else `label`). */
  fullLabel?: string;
  /** Claude Code's hooks shape in one JSON file: install, uninstall and doctor come from this. */
  hookFile?: HookFileSpec;
  /** Its CLI; with `delegate`, its one-shot mode, which `auto` prefers for a request from its own session (none: the default order answers). */
  cli?: HostCli;
  /** A plugin file the host loads into its own process (OpenCode, Kilo): install, uninstall and doctor come from this. */
  pluginFile?: PluginFileSpec;
  /** One executable file per event in a hooks folder (Cline): install, uninstall and doctor come from this. */
  hookFolder?: HookFolderSpec;
  /**
   * The host's own time of the payload (ms), for a host whose hooks run in parallel and land out of
   * order (Cline): the drain journals that host's files of one listing in this order (inbox-order.ts).
   */
  eventTime?(payload: Record<string, unknown>): number | undefined;
}

/** A host spec with a hooks folder. */
export type HostWithHookFolder = HostSpec & { hookFolder: HookFolderSpec };

/** Where a hooks-folder host runs one executable per event (src/install/hook-folder.ts writes them). */
export interface HookFolderSpec {
  /** The short name in doctor's titles: "buddy-tui's Cline hooks". */
  short: string;
  /** The host's config folder (`--<flag>`, its variable, its name in the home). */
  folder: HookFileFolder;
  /** The hooks folder, relative to the config folder. */
  dir: string;
  /** The file names buddy-tui writes there, one per event, in the host's names. */
  events: readonly string[];
  /** The oldest version whose hooks this spec was recorded with; `<binary> --version` is compared with it. */
  versionFloor: string;
  /** `install --help`: where the hooks go, then how to name another place (two lines). */
  helpWhere: readonly [string, string];
  /** `uninstall --help`: what it removes. */
  uninstallHelp: string;
  /** Printed after a change. */
  afterInstall: string;
}

/** A host spec with a plugin file. */
export type HostWithPluginFile = HostSpec & { pluginFile: PluginFileSpec };

/**
 * Where buddy-tui's plugin file goes in a host that loads JS plugins into its own process
 * (src/install/plugin-file-install.ts writes it, src/doctor/doctor-plugin-file.ts checks it).
 */
export interface PluginFileSpec {
  /** The short name in doctor's titles: "buddy-tui's OpenCode plugin". */
  short: string;
  /** The config folder: `--<flag> DIR`, else `$XDG_CONFIG_HOME/<name>`, else `~/.config/<name>`. */
  folder: { flag: string; name: string };
  /** buddy-tui's file, relative to the config folder: "plugins/buddy-tui.js". */
  file: string;
  /** The bundle under dist/ that install copies (scripts/build.mjs writes it). */
  bundle: string;
  /** What makes the host load no plugin at all: its flag and its variable. */
  pure: { flag: string; env: string };
  /** The oldest version whose plugin API and events this spec was recorded with. */
  versionFloor: string;
  /** `install --help`: where the plugin goes (one line). */
  helpWhere: string;
}

/** A host's CLI, and the delegate adapter of its one-shot mode when buddy-tui has one (src/delegate/adapters/auto-choice.ts reads it). */
export interface HostCli {
  /** Its name on PATH: "copilot". */
  binary: string;
  delegate?: {
    /** The delegate adapter that runs it (delegate.adapter's value): "copilot"; Claude Code's is "claude-cli". */
    adapter: string;
    /** The key of config.json's `delegate` section that names another binary: "copilotPath". */
    setting: `${string}Path`;
  };
}

/** A host spec with a hook file. */
export type HostWithHookFile = HostSpec & { hookFile: HookFileSpec };

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
  /** `"<key>": true` in `file` (relative to the config folder) turns off every hook; `a.b` names `b` in `a`. */
  | { kind: 'switch-on'; file: string; key: string }
  /** A hooks `file` beside the settings (and in the project's folder) that loads nothing when wrapped in `{"hooks": ...}` (Droid). */
  | { kind: 'unwrapped-hooks-file'; file: string }
  /** Gemini: hooksConfig.enabled / enableHooks false, buddy-tui in hooksConfig.disabled, an untrusted folder. */
  | { kind: 'gemini-settings-and-trust' }
  /** Hook files of this repository (`dir`, relative to the working folder) load only in a trusted folder. */
  | { kind: 'repo-hook-files'; dir: string }
  /** The host rewrites its settings file: a changed file since install is said, not failed. */
  | { kind: 'host-rewrites-file'; note: string };

/** Where buddy-tui's hooks go in a host that takes Claude Code's hooks shape in one JSON file. */
export interface HookFileSpec {
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
  /** The oldest version whose hooks this spec was recorded with: doctor compares `<cli.binary> --version` with it. */
  versionFloor?: string;
}
