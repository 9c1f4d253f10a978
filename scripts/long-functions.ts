/**
 * Lists the functions in src/ and components/ longer than a limit (default 100 lines), longest
 * first: `node --import tsx scripts/long-functions.ts [limit]`. A function's lines run from its
 * first line to its last, nested functions included (the project's rule counts them so).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const limit = Number(process.argv[2] ?? 100);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function nameOf(node: ts.Node): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

const long: { where: string; name: string; lines: number }[] = [];
for (const file of [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'components'))]) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit) long.push({ where: `${relative(ROOT, file)}:${first + 1}`, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
for (const entry of long.sort((a, b) => b.lines - a.lines))
  console.log(`${String(entry.lines).padStart(4)}  ${entry.where}  ${entry.name}`);
if (long.length === 0) console.log(`no function over ${limit} lines`);
