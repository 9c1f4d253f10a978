/**
 * The files an `apply_patch` patch (Codex's edit tool) names. The patch is text in Codex's own
 * envelope: `*** Begin Patch`, then per file `*** Add File: p`, `*** Update File: p` (optionally
 * followed by `*** Move to: q`) or `*** Delete File: p`, then `*** End Patch`.
 * Zod-free and pure: the hook's ingest path and the running-tool detail both read it.
 */

export type PatchChange = 'add' | 'update' | 'delete' | 'move';

export interface PatchFile {
  /** The path as written in the patch (Codex resolves a relative one against the turn's cwd). */
  path: string;
  change: PatchChange;
  /** For a move: the path the file had before. */
  from?: string;
}

const BEGIN = '*** Begin Patch';
const HEADER = /^\*\*\* (Add File|Update File|Delete File|Move to): (.+)$/;
const CHANGE: Record<string, PatchChange> = { 'Add File': 'add', 'Update File': 'update', 'Delete File': 'delete' };
/** A patch naming more files than this is summarised by its first ones. */
const MAX_FILES = 200;

export function isPatchText(text: unknown): text is string {
  return typeof text === 'string' && text.trimStart().startsWith(BEGIN);
}

/** Every file the patch adds, updates, deletes or moves, in patch order, each path once. */
export function patchFiles(patch: string): PatchFile[] {
  const files: PatchFile[] = [];
  for (const raw of patch.split('\n')) {
    const header = HEADER.exec(raw.replace(/\r$/, ''));
    if (!header) continue;
    const path = header[2].trim();
    if (!path) continue;
    if (header[1] === 'Move to') {
      // `*** Move to:` belongs to the Update File header just before it.
      const last = files[files.length - 1];
      if (last && last.change === 'update') files[files.length - 1] = { path, change: 'move', from: last.path };
      continue;
    }
    if (files.length >= MAX_FILES) break;
    files.push({ path, change: CHANGE[header[1]] });
  }
  return files;
}

/** The paths a patch leaves written or removed: for a move both the old and the new path. */
export function patchPaths(patch: string): string[] {
  const paths: string[] = [];
  for (const file of patchFiles(patch)) {
    for (const path of file.from ? [file.from, file.path] : [file.path]) if (!paths.includes(path)) paths.push(path);
  }
  return paths;
}

const VERB: Record<PatchChange, string> = { add: 'add', update: 'edit', delete: 'delete', move: 'move' };

/** One short line for a patch: "edit src/a.ts" or "edit src/a.ts +2 more". */
export function patchSummary(patch: string): string | undefined {
  const files = patchFiles(patch);
  if (files.length === 0) return undefined;
  const first = files[0];
  const name = first.from ? `${first.from} → ${first.path}` : first.path;
  return `${VERB[first.change]} ${name}${files.length > 1 ? ` +${files.length - 1} more` : ''}`;
}
