/**
 * No import cycles in src/ and components/: every import (static, type-only, re-export and
 * dynamic, as TypeScript's own scanner reads them) is an edge of the graph, and the graph has no
 * cycle but the allowed ones. The doors between folders are test/architecture.test.ts.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { cycleLoop, importCycles, type ImportGraph } from './support/import-cycles.js';
import { existsInRepo, readSourceFiles, resolveImport, type SourceFile } from './support/source-files.js';

/** File -> the files of ours it imports: static, type-only, re-export and dynamic imports alike. */
function importGraph(files: readonly SourceFile[], exists: (path: string) => boolean): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const { path, text } of files) {
    const targets = ts
      .preProcessFile(text, true, true)
      .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => resolveImport(path, fileName, exists));
    graph.set(path, [...new Set(targets.filter(exists))]);
  }
  return graph;
}

/**
 * Import cycles let in for now, each with a comment naming the imports that close it and the move
 * that will break it. Any other cycle fails the test, and so does an entry here that is no longer a
 * cycle. Empty since the store moved into src/tui/store/ (issue 23): keep it so.
 */
const ALLOWED_CYCLES: readonly (readonly string[])[] = [];

/** One message per cycle that is not allowed, and one per allowed cycle that is gone. */
function cycleViolations(graph: ImportGraph, allowed: readonly (readonly string[])[]): string[] {
  const found = importCycles(graph);
  const key = (cycle: readonly string[]) => [...cycle].sort().join(' ');
  const allowedKeys = new Set(allowed.map(key));
  const foundKeys = new Set(found.map(key));
  return [
    ...found.filter((cycle) => !allowedKeys.has(key(cycle))).map((cycle) => `import cycle: ${cycleLoop(graph, cycle)}`),
    ...allowed
      .filter((cycle) => !foundKeys.has(key(cycle)))
      .map((cycle) => `no longer a cycle, remove it from ALLOWED_CYCLES: ${cycle.join(', ')}`),
  ];
}

describe('architecture: no import cycles', () => {
  const files = readSourceFiles();

  it('src/ and components/ import in no cycle but the allowed ones', () => {
    expect(cycleViolations(importGraph(files, existsInRepo), ALLOWED_CYCLES)).toEqual([]);
  });

  it('finds every cycle of a small graph, and only the cycles', () => {
    const graph: ImportGraph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', ['e']],
      ['e', []],
      ['f', ['f']],
      ['g', ['h', 'a']],
      ['h', ['g']],
    ]);
    expect(importCycles(graph)).toEqual([['a', 'b', 'c'], ['f'], ['g', 'h']]);
    expect(
      importCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
    expect(cycleLoop(graph, ['a', 'b', 'c'])).toBe('a -> b -> c -> a');
    expect(cycleLoop(graph, ['f'])).toBe('f -> f');
  });

  it('counts type-only, re-export and dynamic imports, and names new and stale cycles', () => {
    const repo = new Set(['src/state/a.ts', 'src/state/b.ts', 'src/tui/c.ts', 'src/tui/d.ts', 'src/tui/e.tsx']);
    const exists = (path: string) => repo.has(path);
    const sample: SourceFile[] = [
      { path: 'src/state/a.ts', text: `import { b } from './b.js';` },
      { path: 'src/state/b.ts', text: `import type { A } from './a.js';` },
      { path: 'src/tui/c.ts', text: `export { d } from './d.js';` },
      { path: 'src/tui/d.ts', text: `const e = await import('./e.js');` },
      { path: 'src/tui/e.tsx', text: `import type { C } from './c.js';\n// import './a.js' in a comment is no import` },
    ];
    const graph = importGraph(sample, exists);
    expect(cycleViolations(graph, [])).toEqual([
      'import cycle: src/state/a.ts -> src/state/b.ts -> src/state/a.ts',
      'import cycle: src/tui/c.ts -> src/tui/d.ts -> src/tui/e.tsx -> src/tui/c.ts',
    ]);
    expect(
      cycleViolations(graph, [
        ['src/state/b.ts', 'src/state/a.ts'],
        ['src/tui/c.ts', 'src/tui/d.ts', 'src/tui/e.tsx'],
      ]),
    ).toEqual([]);
    expect(
      cycleViolations(graph, [
        ['src/tui/c.ts', 'src/tui/d.ts', 'src/tui/e.tsx'],
        ['src/x.ts', 'src/y.ts'],
      ]),
    ).toEqual([
      'import cycle: src/state/a.ts -> src/state/b.ts -> src/state/a.ts',
      'no longer a cycle, remove it from ALLOWED_CYCLES: src/x.ts, src/y.ts',
    ]);
  });
});
