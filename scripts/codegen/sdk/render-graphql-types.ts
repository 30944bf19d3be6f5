// The SDK's GraphQL operations → result and variables types by GraphQL Code Generator's
// typescript-operations plugin (with the enums and inputs they use). Scalars: `Decimal` is the
// runtime's branded exact string, `DecimalInput` takes one or a numeric literal (never a float),
// `DateTime` results are Dates (the client converts them; inputs may be Dates or strings).
import { codegen } from '@graphql-codegen/core';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import { type DocumentNode, parse } from 'graphql';
import { type GeneratedFile, tsBanner } from '../shared/generated-file.ts';
import type { OperationDocument } from './build-operation-documents.ts';

const config = {
  useTypeImports: true,
  strictScalars: true,
  scalars: {
    DateTime: { input: 'Date | string', output: 'Date' },
    Decimal: { input: 'DecimalInput', output: 'Decimal' },
    DecimalInput: { input: 'DecimalInput', output: 'Decimal' },
    UUID: 'string',
  },
};

export async function renderGraphqlTypes(schema: DocumentNode, documents: OperationDocument[]): Promise<GeneratedFile> {
  const output = await codegen({
    schema,
    documents: documents.map((document) => ({ document: parse(document.text), location: `${document.name}.graphql` })),
    filename: 'graphql-types.ts',
    plugins: [{ 'typescript-operations': {} }],
    pluginMap: { 'typescript-operations': typescriptOperations },
    config,
  });
  const banner = tsBanner('@graphql-codegen/typescript-operations', 'schema.graphql');
  const imports = "import type { Decimal, DecimalInput } from '../runtime/decimal.ts';\n";
  return { path: 'sdk/src/generated/graphql-types.ts', contents: `${banner}${imports}\n${output.trimEnd()}\n` };
}
