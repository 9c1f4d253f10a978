/**
 * The size rules of CONTRIBUTING.md: no file over 300 lines, no function over 100. A function is
 * counted from the line it starts on to its closing line, as Biome formats it (the formatter runs
 * in `npm test`, so the count is the same for everyone).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 100;

/** Every tracked source file: the product, its tests, scripts, benches, examples and the mod. */
function trackedSources(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '*.ts', '*.tsx', '*.js', '*.mjs', '*.cjs'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return listed.split('\0').filter(Boolean);
}

/** Where the function rule holds: what ships (tests are long lists of cases on purpose). */
const FUNCTION_RULE_ROOTS = ['src/', 'components/', 'claude-plugin/hooks/'];

function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function scriptKind(path: string): ts.ScriptKind {
  if (path.endsWith('.tsx')) return ts.ScriptKind.TSX;
  return path.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
}

/** `path:line name (N lines)` for each function with a body longer than the limit. */
function longFunctions(path: string, text: string, limit = MAX_FUNCTION_LINES): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKind(path));
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      const lines = last - first + 1;
      const name = node.name ? node.name.getText(source) : '(anonymous)';
      if (lines > limit) found.push(`${path} ${name}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('code size', () => {
  const files = trackedSources().map((path) => ({ path, text: readFileSync(`${ROOT}${path}`, 'utf8') }));

  it('has no source file over 300 lines', () => {
    expect(files.length).toBeGreaterThan(500);
    const long = files
      .map(({ path, text }) => ({ path, lines: lineCount(text) }))
      .filter(({ lines }) => lines > MAX_FILE_LINES)
      .map(({ path }) => path);
    expect(long).toEqual([]);
  });

  it('has no function over 100 lines in src/, components/ or the mod', () => {
    const shipped = files.filter(({ path }) => FUNCTION_RULE_ROOTS.some((root) => path.startsWith(root)));
    expect(shipped.length).toBeGreaterThan(300);
    expect(shipped.flatMap(({ path, text }) => longFunctions(path, text))).toEqual([]);
  });

  it('counts a function from its first line to its closing line', () => {
    const body = Array.from({ length: 99 }, (_, index) => `  const a${index} = ${index};`).join('\n');
    const fits = `function fits() {\n${body.split('\n').slice(1).join('\n')}\n}\n`;
    const over = `const over = () => {\n${body}\n  return 1;\n};\n`;
    expect(longFunctions('fits.ts', fits)).toEqual([]);
    expect(longFunctions('over.ts', over)).toEqual(['over.ts (anonymous)']);
  });
});
