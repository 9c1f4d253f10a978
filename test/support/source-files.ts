/**
 * The source files of src/ and components/ as the architecture tests read them (the import rules
 * in test/architecture.test.ts, the import cycles in test/architecture-cycles.test.ts), and how an
 * import's specifier names one of them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface SourceFile {
  /** Path from the repository root, with forward slashes. */
  path: string;
  text: string;
}

/** The repository path an import names, `.js` mapped back to the source file. */
export function resolveImport(from: string, specifier: string, exists: (path: string) => boolean): string {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  const stem = base.replace(/\.js$/, '');
  return [`${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`].find(exists) ?? base;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = posix.join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every .ts and .tsx file (no .d.ts) of src/ and components/, with its text. */
export function readSourceFiles(): SourceFile[] {
  return [...sourceFiles('src'), ...sourceFiles('components')].map((path) => ({
    path,
    text: readFileSync(join(ROOT, path), 'utf8'),
  }));
}

export const existsInRepo = (path: string): boolean => {
  try {
    return statSync(join(ROOT, path)).isFile();
  } catch {
    return false;
  }
};
