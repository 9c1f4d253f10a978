/**
 * One backup per file (issue 47: six after three install/uninstall cycles): once a new backup is
 * written, the older `<file>.buddy-tui-backup-<UTC stamp>[-n]` beside it go. Only regular files of
 * exactly that name are removed; a symlink or folder of the name is left alone.
 */
import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Removes the backups of `realPath` other than `keep`; a failure leaves that one in place. */
export function pruneOlderBackups(realPath: string, keep: string): void {
  const folder = dirname(realPath);
  const pattern = new RegExp(`^${escape(basename(realPath))}\\.buddy-tui-backup-\\d{8}T\\d{6}Z(-\\d+)?$`);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(folder, name);
    if (!pattern.test(name) || path === keep) continue;
    try {
      if (lstatSync(path).isFile()) unlinkSync(path);
    } catch {
      // Gone meanwhile, or not ours to remove: kept.
    }
  }
}
