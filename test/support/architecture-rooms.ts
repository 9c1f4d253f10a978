/**
 * The rooms of the house as test/architecture.test.ts checks them: the named files, the doors
 * out of each room (MAY_IMPORT) and into some (IMPORTED_ONLY_BY), and which room a file is in.
 * A new room or door is a row here; the test file keeps the checks.
 */

/**
 * Files that form a smaller room inside their folder; a rule may allow just them.
 * config-lite: the zod-free config read (paths, the format versions, config.json as an object).
 * species-display: pure drawing helpers of species, fit for components.
 * mod-bridge: the Claude Code mod's files in the state root (heartbeats, delegate calls, toasts,
 * views), which the statusline, notifications and the delegate read or write.
 * voice-budget: the voice's settings and the delegate's ledger, which the statusline reads zod-free
 * (src/statusline/voice-budget.ts).
 */
export const NAMED_FILES: Record<string, string> = {
  'src/config/paths.ts': 'config-lite',
  'src/config/config-lite.ts': 'config-lite',
  'src/config/config-migrations.ts': 'config-lite',
  'src/config/retention-setting.ts': 'config-lite',
  'src/species/render.ts': 'species-display',
  'src/species/colors.ts': 'species-display',
  'src/species/picture-states.ts': 'species-display',
  'src/species/picture-view.ts': 'species-display',
  'src/state/lines-from-end.ts': 'lines-from-end',
  'src/hosts/host-id.ts': 'host-id',
  'src/tui/runner-lock.ts': 'runner-lock',
  'src/mod/mod-bridge.ts': 'mod-bridge',
  'src/mod/mod-views.ts': 'mod-bridge',
  'src/voice/voice-settings.ts': 'voice-budget',
  'src/delegate/delegate-usage.ts': 'voice-budget',
};

/**
 * Room (a folder of src/, `store` for src/tui/store/, or `components`) -> the rooms and named
 * files it may import besides itself. A folder name allows all of that folder (`config` includes
 * `config-lite`); a NAMED_FILES name allows only those files. Rooms not listed (cli, tui,
 * delegate, install, ...) are outer rooms that compose the others.
 */
export const MAY_IMPORT: Record<string, readonly string[]> = {
  // A reaction's text is SafeText (a type from text/, the innermost room): made safe once, trusted after.
  protocol: ['text'],
  text: [],
  // The one small-file read (read-small-file.ts): every room that reads a file may use it.
  files: [],
  process: ['files'],
  report: [],
  // No config: whoever calls pruneSessions reads the retention period (config/retention-setting.ts).
  state: ['protocol', 'text', 'process', 'report', 'files'],
  // Host translators: each host's payload -> the one internal event, on the ingest path. Codex's
  // reads its rollout's tail (lines-from-end) for the exit code its payload lacks.
  hosts: ['protocol', 'text', 'lines-from-end', 'files'],
  // The hook spool: the sh hook command and the drain of <root>/inbox into the journals (hot paths load the drain).
  ingest: ['protocol', 'state', 'text', 'process', 'report', 'config-lite', 'hosts', 'files'],
  // The display rules both displays share (mood, reaction expiry, agent colour, tool order, width).
  display: ['protocol', 'state', 'text'],
  statusline: [
    'protocol',
    'state',
    'text',
    'process',
    'report',
    'config-lite',
    'pet',
    'species',
    'display',
    'host-id',
    'files',
    'mod-bridge',
    'voice-budget',
  ],
  // Notifications: moments from the sessions, one module per channel; notify.command runs as plugins run.
  // It owns its config section (notify-config.ts), which config/ composes: no import of config/.
  notify: ['protocol', 'state', 'text', 'process', 'report', 'plugins', 'files', 'mod-bridge'],
  // The plugins own their config section (plugin-config.ts) and its parser; config/ composes them
  // and hands them the loaded config (config/plugin-setup.ts). They read their own JSON files
  // (hooksFile, manifests) through the zod-free config-lite.
  plugins: ['protocol', 'state', 'text', 'process', 'report', 'config-lite', 'host-id', 'files'],
  // The buddy's own voice: moments, its prompt, its consent (reactions.voice, zod-free); it speaks through the delegate.
  voice: ['protocol', 'text', 'plugins', 'delegate', 'config-lite', 'state'],
  components: ['store', 'text', 'display', 'species-display'],
  // Ink's layer: the patched Output's hooks (patches/README.md) and the row cache; Ink and nothing of ours.
  ink: [],
  // The Claude Code mod's side in buddy-tui: its bridge and view files, what it draws, its
  // journal records (src/mod/mod-look.ts names the parts and where the mod's other parts live).
  // Its look is the statusline's own rules (lookBuddy, buildView) over the pet and its species.
  mod: [
    'protocol',
    'state',
    'text',
    'process',
    'report',
    'files',
    'config-lite',
    'display',
    'statusline',
    'pet',
    'species',
  ],
  // The pane's watcher: the state root and Foundry's folders -> the store (it drains the inbox too).
  watch: ['protocol', 'state', 'ingest', 'process', 'report', 'store', 'runner-lock'],
};

/**
 * Room (or a NAMED_FILES name) -> the only rooms that may import it besides itself: a room's
 * other door. The commands are imported only by the entry points, never by the layers they
 * compose (the mod's look in a command file was a tui -> cli arrow). The mod's room is composed
 * by its commands and the pane's runner (the view writer); its floor, the bridge and view files,
 * is also read and written by the statusline, notifications and the delegate's session adapter.
 */
export const IMPORTED_ONLY_BY: Record<string, readonly string[]> = {
  cli: ['entries'],
  mod: ['cli', 'tui'],
  'mod-bridge': ['cli', 'tui', 'statusline', 'notify', 'delegate'],
};

export function roomOf(file: string): string {
  if (file.startsWith('components/')) return 'components';
  // The store is a room of its own inside tui/: components may import it, not the rest of tui/.
  if (file.startsWith('src/tui/store/')) return 'store';
  // The pane's layers beside the store: the Ink layer and the watcher, each a room of its own.
  if (file.startsWith('src/tui/ink/')) return 'ink';
  if (file.startsWith('src/tui/watch/')) return 'watch';
  const folder = /^src\/([^/]+)\//.exec(file);
  return folder ? folder[1] : file.replace(/^src\//, '').replace(/\.tsx?$/, '');
}
