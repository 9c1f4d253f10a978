/**
 * The rooms of the house and the doors between them: every import in src/ and components/
 * (static, type-only, re-export and dynamic, as TypeScript's own scanner reads them) must follow
 * MAY_IMPORT, whose rooms and doors are in test/support/architecture-rooms.ts. The data flow is
 * hook -> journal -> reducer -> store -> components; inner rooms never reach outwards. What a hot
 * path pulls in transitively (no React, Ink or full zod) is guarded by
 * test/hook/hot-path-bundles.test.ts and test/pet/hot-path-imports.test.ts; that no import closes
 * a cycle, by test/architecture-cycles.test.ts.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { existsInRepo, readSourceFiles, resolveImport, type SourceFile } from './support/source-files.js';
import { IMPORTED_ONLY_BY, MAY_IMPORT, NAMED_FILES, roomOf } from './support/architecture-rooms.js';

interface ImportEdge {
  path: string;
  room: string;
  fileName: string;
  target: string;
  targetRoom: string;
}

/** Every import of ours from one room into another (static, type-only, re-export and dynamic). */
function* crossRoomImports(files: readonly SourceFile[], exists: (path: string) => boolean): Generator<ImportEdge> {
  for (const { path, text } of files) {
    const room = roomOf(path);
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue; // a package or node: builtin
      const target = resolveImport(path, fileName, exists);
      if (target.startsWith('node_modules/')) continue; // a package's own file, named by its path
      const targetRoom = roomOf(target);
      if (targetRoom !== room) yield { path, room, fileName, target, targetRoom };
    }
  }
}

/** One message per import that crosses a door MAY_IMPORT does not have. */
function edgeViolations(files: readonly SourceFile[], exists: (path: string) => boolean): string[] {
  const violations: string[] = [];
  for (const { path, room, fileName, target, targetRoom } of crossRoomImports(files, exists)) {
    const allowed = MAY_IMPORT[room];
    if (!allowed || allowed.includes(targetRoom) || allowed.includes(NAMED_FILES[target] ?? '')) continue;
    violations.push(
      `${path} imports '${fileName}' (${NAMED_FILES[target] ?? targetRoom}): ${room} may import only ${allowed.length ? allowed.join(', ') : 'nothing of ours'}`,
    );
  }
  return violations;
}

/** One message per import into a room (or named files) from a room IMPORTED_ONLY_BY does not name. */
function importerViolations(files: readonly SourceFile[], exists: (path: string) => boolean): string[] {
  const violations: string[] = [];
  for (const { path, room, fileName, target, targetRoom } of crossRoomImports(files, exists)) {
    const named = NAMED_FILES[target];
    const door = named && IMPORTED_ONLY_BY[named] ? named : targetRoom;
    const importers = IMPORTED_ONLY_BY[door];
    if (!importers || importers.includes(room)) continue;
    violations.push(`${path} imports '${fileName}' (${door}): only ${importers.join(', ')} may import ${door}`);
  }
  return violations;
}

/** The one file that may read a path whole: the small-file read, with its fd checks. */
const SMALL_FILE_READER = 'src/files/read-small-file.ts';
/** ingest reads inbox files through its own fd check. */
const OWN_FD_CHECK = 'src/ingest/';
/** Reads only buddy-tui's own dist/ (the hot bundles and their V8 cache): the package, trusted as its code is. */
const PACKAGE_READER = 'src/entries/code-cache.ts';
/**
 * A whole-file read of a path: readFileSync (of anything but fd 0, the statusline's stdin) and
 * readFile (fs/promises or the callback form). Such a read blocks on a FIFO and reads
 * /dev/zero until memory runs out; read-small-file.ts checks first.
 */
const BARE_READ = /\breadFileSync\s*\(\s*(?!0\s*[,)])|\breadFile\s*\(/;

/** One message per file outside the small-file reader that reads a path whole. */
function bareReads(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    if (path === SMALL_FILE_READER || path === PACKAGE_READER || path.startsWith(OWN_FD_CHECK)) continue;
    const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const match = BARE_READ.exec(code);
    if (match)
      found.push(
        `${path}: ${match[0].trim()}...) reads a path whole; use readSmallFile (src/files/read-small-file.ts)`,
      );
  }
  return found;
}

describe('architecture: the doors between rooms', () => {
  const files = readSourceFiles();

  it('reads every source file of every constrained room', () => {
    for (const room of Object.keys(MAY_IMPORT))
      expect(
        files.some((file) => roomOf(file.path) === room),
        room,
      ).toBe(true);
    expect(files.length).toBeGreaterThan(100);
  });

  it('every import in src/ and components/ goes through a door the table has', () => {
    expect(edgeViolations(files, existsInRepo)).toEqual([]);
  });

  it('every room is imported only by the rooms its other door names', () => {
    expect(importerViolations(files, existsInRepo)).toEqual([]);
  });

  it('every file read outside the ingest goes through the small-file read', () => {
    expect(bareReads(files)).toEqual([]);
  });

  it('names a bare read of a path, and lets stdin and the helper be', () => {
    const sample: SourceFile[] = [
      { path: 'src/pet/a.ts', text: `const text = readFileSync(path, 'utf8');` },
      {
        path: 'src/tui/b.ts',
        text: `import { readFile } from 'node:fs/promises';\nconst text = await readFile(file, 'utf8');`,
      },
      {
        path: 'src/entries/c.ts',
        text: `return readFileSync(0, 'utf8'); // stdin\n// readFileSync(path) in a comment is no read`,
      },
      { path: 'src/files/read-small-file.ts', text: `readFileSync(file)` },
      { path: 'src/ingest/d.ts', text: `readFileSync(file)` },
    ];
    expect(bareReads(sample)).toEqual([
      `src/pet/a.ts: readFileSync(...) reads a path whole; use readSmallFile (src/files/read-small-file.ts)`,
      `src/tui/b.ts: readFile(...) reads a path whole; use readSmallFile (src/files/read-small-file.ts)`,
    ]);
  });

  it('names the file and the forbidden import, however it is written', () => {
    const repo = new Set([
      'src/state/journal.ts',
      'src/tui/pane-parts.ts',
      'src/config/config-schema.ts',
      'src/config/paths.ts',
      'src/plugins/plugin-runner.ts',
    ]);
    const exists = (path: string) => repo.has(path);
    const sample: SourceFile[] = [
      {
        path: 'src/protocol/x.ts',
        text: `import type { JournalTail } from '../state/journal.js';\n// import '../tui/bubble-queue.js' in a comment is no import`,
      },
      {
        path: 'src/state/y.ts',
        text: `export { configSchema } from '../config/config-schema.js';\nimport { configFilePath } from '../config/paths.js';`,
      },
      { path: 'src/statusline/z.ts', text: `const runner = await import('../plugins/plugin-runner.js');` },
      {
        path: 'components/W.tsx',
        text: `import { openPane } from '../src/tui/pane-parts.js';\nimport { useStore } from 'zustand';`,
      },
    ];
    expect(edgeViolations(sample, exists)).toEqual([
      `src/protocol/x.ts imports '../state/journal.js' (state): protocol may import only text`,
      `src/state/y.ts imports '../config/config-schema.js' (config): state may import only protocol, text, process, report, files`,
      `src/state/y.ts imports '../config/paths.js' (config-lite): state may import only protocol, text, process, report, files`,
      `src/statusline/z.ts imports '../plugins/plugin-runner.js' (plugins): statusline may import only protocol, state, text, process, report, config-lite, pet, species, display, host-id, files, mod-bridge, voice-budget`,
      `components/W.tsx imports '../src/tui/pane-parts.js' (tui): components may import only store, text, display, species-display`,
    ]);
  });

  it('names an import into a room from a room its other door does not name', () => {
    const repo = new Set(['src/cli/status.ts', 'src/mod/mod-look.ts', 'src/mod/mod-views.ts', 'src/mod/mod-bridge.ts']);
    const exists = (path: string) => repo.has(path);
    const sample: SourceFile[] = [
      // The arrow issue 48 removed: the pane's runner loaded the mod's look from a command file.
      { path: 'src/tui/services/w.ts', text: `const look = await import('../../cli/status.js');` },
      { path: 'src/statusline/x.ts', text: `import { modDrawsFor } from '../mod/mod-views.js';` },
      { path: 'src/statusline/y.ts', text: `import { computeModState } from '../mod/mod-look.js';` },
      { path: 'src/state/z.ts', text: `import { bridgeDir } from '../mod/mod-bridge.js';` },
      { path: 'src/entries/v.ts', text: `import { run } from '../cli/status.js';` },
      { path: 'src/tui/u.ts', text: `import { startModViewWriter } from '../mod/mod-view-writer.js';` },
    ];
    expect(importerViolations(sample, exists)).toEqual([
      `src/tui/services/w.ts imports '../../cli/status.js' (cli): only entries may import cli`,
      `src/statusline/y.ts imports '../mod/mod-look.js' (mod): only cli, tui may import mod`,
      `src/state/z.ts imports '../mod/mod-bridge.js' (mod-bridge): only cli, tui, statusline, notify, delegate may import mod-bridge`,
    ]);
  });
});
