/**
 * What `install --dry-run` would change in a Claude Code settings.json, in a few lines: the
 * events buddy-tui's hook goes on, the user's own hooks kept, the statusLine, the backup. The
 * whole line diff (17 copies of the spool script) is behind `--diff`.
 */
import { isBuddyGroup } from './buddy-entries.js';
import { buddyPresence } from './merge-settings.js';
import { readSettingsSnapshot } from './settings-file.js';
import { detectStyle, parseSettings, serializeSettings } from './settings-json.js';

/** `A, B, C and 14 more` */
function listed(names: readonly string[], shown = 4): string {
  return names.length <= shown
    ? names.join(', ')
    : `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

/** The summary's lines for installing onto `path` (read as it is now), hooking `events`. */
export function installSummary(opts: {
  path: string;
  events: readonly string[];
  statuslineOnly?: boolean;
  chained?: string;
}): string[] {
  const snapshot = readSettingsSnapshot(opts.path);
  const settings = parseSettings(opts.path, snapshot.text ?? '');
  const present = buddyPresence(settings);
  const hooks = (settings.hooks ?? {}) as Record<string, unknown>;
  const own = Object.entries(hooks).flatMap(([event, groups]) =>
    Array.isArray(groups) ? groups.filter((group) => !isBuddyGroup(group)).map(() => event) : [],
  );
  const lines = [snapshot.text === undefined ? `creates ${opts.path}` : `changes ${opts.path}:`];
  if (!opts.statuslineOnly)
    lines.push(
      `  ${present.events.length ? '~' : '+'} buddy-tui's hook on ${opts.events.length} events (${listed(opts.events)})`,
    );
  if (own.length)
    lines.push(
      `  = your own hooks: ${own.length} group${own.length === 1 ? '' : 's'} (${listed([...new Set(own)])}), kept as they are`,
    );
  lines.push(
    opts.chained
      ? `  ~ statusLine: yours ("${opts.chained}") stays, printed above buddy-tui's`
      : `  ${present.statusLine ? '~' : '+'} statusLine: buddy-tui's`,
  );
  if (snapshot.text !== undefined && serializeSettings(settings, detectStyle(snapshot.text)) !== snapshot.text)
    lines.push(
      '  the file is written back as formatted JSON: in --diff, lines of yours may show as removed and added, with the same content',
    );
  if (snapshot.text !== undefined) lines.push('  a backup of the file is written first');
  return lines;
}
