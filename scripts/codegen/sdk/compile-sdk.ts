// sdk/src (the hand-written runtime and the generated modules) → sdk/dist: JavaScript and
// declarations, by the TypeScript compiler, in memory. The package ships dist/ so that installing
// it by path or from a tarball needs no build step and no TypeScript (docs/sdk.md#layout); the
// compile is part of codegen, so `--check` keeps dist/ equal to its sources. The options are the
// package's: browser and Node alike (DOM and ES2022 libraries, no Node types), so the runtime
// cannot reach for a Node API.
import path from 'node:path';
import ts from 'typescript';
import { specProblem, type SpecProblem } from '../../../src/spec-problems/spec-problem.ts';
import { SpecProblemsError } from '../../../src/spec-problems/spec-problems-error.ts';
import { type GeneratedFile, tsBanner } from '../shared/generated-file.ts';

/** Where the sources are placed for the compiler: the repository, so `graphql-ws` resolves from its node_modules. */
const repository = path.resolve(import.meta.dirname, '../../..');

const options: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
  strict: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  verbatimModuleSyntax: true,
  erasableSyntaxOnly: true,
  rewriteRelativeImportExtensions: true,
  declaration: true,
  skipLibCheck: true,
  newLine: ts.NewLineKind.LineFeed,
  rootDir: path.join(repository, 'sdk/src'),
  outDir: path.join(repository, 'sdk/dist'),
};

/** Compiles `sources` (paths `sdk/src/…`); type errors fail codegen as `file:line:col` problems. */
export function compileSdk(sources: GeneratedFile[]): GeneratedFile[] {
  const files = new Map(sources.map((file) => [path.join(repository, file.path), file.contents]));
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const folders = new Set([...files.keys()].flatMap((name) => ancestors(path.dirname(name))));
  host.readFile = (name) => files.get(name) ?? readFile(name);
  host.fileExists = (name) => files.has(name) || fileExists(name);
  host.directoryExists = (name) => folders.has(name) || ts.sys.directoryExists(name);
  const program = ts.createProgram([...files.keys()].sort(), options, host);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) throw new SpecProblemsError(diagnostics.map(diagnosticProblem), 'sdk/src');
  const output: GeneratedFile[] = [];
  program.emit(undefined, (name, text) => {
    const relative = path.relative(repository, name).split(path.sep).join('/');
    const source = relative.replace(/^sdk\/dist\//, 'sdk/src/').replace(/\.(js|d\.ts)$/, '.ts');
    // Declarations keep the sources' `.ts` specifiers (tsc rewrites only JavaScript): point them at the `.js` files.
    const contents = name.endsWith('.d.ts') ? text.replace(/(['"])(\.{1,2}\/[^'"]+)\.ts\1/g, '$1$2.js$1') : text;
    output.push({ path: relative, contents: `${tsBanner('tsc (scripts/codegen/sdk)', source)}${contents}` });
  });
  return output;
}

/** A compiler diagnostic as `sdk/src/…ts:line:col: error TS…: message`, the form of every codegen problem. */
function diagnosticProblem(diagnostic: ts.Diagnostic): SpecProblem {
  const message = `error TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  if (!diagnostic.file || diagnostic.start === undefined) return specProblem('sdk/src', 1, 1, message);
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  const file = path.relative(repository, diagnostic.file.fileName).split(path.sep).join('/');
  return specProblem(file, line + 1, character + 1, message);
}

function ancestors(folder: string): string[] {
  const parent = path.dirname(folder);
  return parent === folder ? [folder] : [folder, ...ancestors(parent)];
}
