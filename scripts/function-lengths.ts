// How long the functions of a source tree are (docs/architecture.md#style): every function,
// method, arrow function and accessor of the .ts files under the given folders (default src/),
// measured in lines from its first to its last, nested functions counted on their own as well.
// Prints the count, median, p90, the share over 50 lines and the longest; `--max N` exits 1 when
// one is longer than N lines, so CI can hold the ceiling.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

interface FunctionLength {
  readonly where: string;
  readonly name: string;
  readonly lines: number;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

function nameOf(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText();
  return '(anonymous)';
}

function lengthsIn(path: string): FunctionLength[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: FunctionLength[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ where: `${relative('.', path)}:${first + 1}`, name: nameOf(node), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

const args = process.argv.slice(2);
const maxAt = args.indexOf('--max');
const max = maxAt === -1 ? Infinity : Number(args[maxAt + 1]);
const folders = args.filter((arg, index) => !arg.startsWith('--') && (maxAt === -1 || index !== maxAt + 1));
const all = (folders.length ? folders : ['src']).flatMap(sourceFiles).flatMap(lengthsIn);
const lengths = all.map((f) => f.lines).sort((a, b) => a - b);
const over50 = lengths.filter((n) => n > 50).length;
console.log(
  `${all.length} functions: median ${percentile(lengths, 0.5)}, p90 ${percentile(lengths, 0.9)}, ` +
    `${((100 * over50) / all.length).toFixed(1)} % over 50 lines, longest ${lengths.at(-1)}`,
);
for (const f of [...all].sort((a, b) => b.lines - a.lines).slice(0, Number(process.env.TOP ?? 10)))
  console.log(`${f.lines}\t${f.name}\t${f.where}`);
const tooLong = all.filter((f) => f.lines > max);
if (tooLong.length) {
  console.error(`${tooLong.length} functions over ${max} lines`);
  process.exit(1);
}
