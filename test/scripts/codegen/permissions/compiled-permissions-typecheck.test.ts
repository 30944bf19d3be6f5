// The generated TypeScript type-checks under the project's strict settings: the data
// satisfies the model types of src/access/permission-model.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DbSchema } from '../../../../scripts/codegen/permissions/database-schema.ts';
import { generatePermissions } from '../../../../scripts/codegen/permissions/generate-permissions.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const database = JSON.parse(readFileSync(path.join(root, 'test/fixtures/database-schema.json'), 'utf8')) as DbSchema;
const yamlText = readFileSync(path.join(root, 'permissions.yaml'), 'utf8');

function diagnosticsOf(fileName: string, contents: string): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts'],
    types: [],
    strict: true,
    noEmit: true,
    noUncheckedIndexedAccess: true,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    name === fileName
      ? ts.createSourceFile(name, contents, language)
      : getSourceFile.call(host, name, language, ...rest);
  host.fileExists = (name) => name === fileName || fileExists.call(host, name);
  host.readFile = (name) => (name === fileName ? contents : readFile.call(host, name));
  const program = ts.createProgram([fileName], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

test('generated/permissions/compiled-permissions.ts type-checks', () => {
  const file = generatePermissions({ yamlText, fileName: 'permissions.yaml', database }).files[0];
  assert.ok(file);
  assert.equal(diagnosticsOf(path.join(root, file.path), file.contents), []);
});

test('a model that breaks the declared shape does not', () => {
  const file = generatePermissions({ yamlText, fileName: 'permissions.yaml', database }).files[0];
  const broken = (file?.contents ?? '').replace('allowAggregations: true', "allowAggregations: 'yes'");
  assert.ok(diagnosticsOf(path.join(root, 'generated/permissions/broken.ts'), broken).length > 0);
});

test.run();
