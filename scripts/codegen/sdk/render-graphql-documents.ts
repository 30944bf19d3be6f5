// The SDK's GraphQL documents module: one typed document per root field of schema.graphql
// (build-operation-documents.ts), typed by graphql-types.ts, and `graphqlOperations`, every
// document by root field.
import { type GeneratedFile, tsBanner } from '../shared/generated-file.ts';
import type { OperationDocument } from './build-operation-documents.ts';

const suffix = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' } as const;

export function renderGraphqlDocuments(documents: OperationDocument[]): GeneratedFile {
  const lines = [
    tsBanner('scripts/codegen/sdk', 'schema.graphql'),
    "// One operation per root field, selecting the whole result; variables are the field's arguments.",
    "import { graphqlDocument } from '../runtime/typed-document.ts';",
    "import type * as types from './graphql-types.ts';",
    '',
    ...documents.flatMap(renderDocument),
    '/** Every document by root field. */',
    'export const graphqlOperations = {',
    ...documents.map((document) => `  ${document.rootField}: ${document.name}Document,`),
    '} as const;',
    '',
  ];
  return { path: 'sdk/src/generated/graphql-documents.ts', contents: lines.join('\n') };
}

function renderDocument(document: OperationDocument): string[] {
  const stem = `types.${document.name}${suffix[document.kind]}`;
  const typeArguments = [stem, `${stem}Variables`, ...(document.paged ? [`'${document.rootField}'`] : [])];
  const spec = {
    kind: document.kind,
    name: document.name,
    text: document.text,
    ...(document.dates ? { dates: document.dates } : {}),
    ...(document.idempotencyKey ? { idempotencyKey: true } : {}),
    ...(document.paged ? { page: document.rootField } : {}),
  };
  const description = document.description
    .replace(/\*\//g, '*\\/')
    .split('\n')
    .map((line) => ` * ${line}`.trimEnd());
  return [
    '/**',
    ...description,
    ' */',
    `export const ${document.name}Document = /* @__PURE__ */ graphqlDocument<${typeArguments.join(', ')}>(${JSON.stringify(spec, null, 2)});`,
    '',
  ];
}
