// Fuzzed requests for the two GraphQL endpoints: POST /graphql on the main port (X-API-Key,
// schema.graphql) and POST /v1/graphql on the data port (admin secret with X-Data-Role and
// X-Data-* session headers, or a bearer token; one schema per role, docs/data-layer.md). Half the
// documents are drawn from the schema, half are mutated into something hostile; some carry
// `variables` or `extensions` nested thousands of levels deep.
import type { GraphQLSchema } from 'graphql';
import { apiKeyNames, demoUserIds } from './credential-variants.ts';
import type { Draw } from './draw.ts';
import { type FuzzRequest, secret } from './fuzz-request.ts';
import { randomOperation } from './graphql-documents.ts';
import { type EndpointShape, type ExpensiveSelection, mutateOperation } from './graphql-mutations.ts';
import { deepText, malformJson, withInvalidUtf8 } from './json-bodies.ts';
import { addNoiseHeaders, decorateBody } from './transport-variants.ts';

const demoOrganizations = [
  '11111111-0000-4000-8000-000000000001',
  '11111111-0000-4000-8000-000000000002',
  '11111111-0000-4000-8000-000000000003',
];

/** The campaign's shapes (docs/api-limits.md#why-a-cost-limit): refreshes, decryptions, PDFs, custodian calls. */
const expensiveSelections: readonly ExpensiveSelection[] = [
  { operation: 'query', selection: 'digitalWalletDetailById(id: 1, refresh: true) { id usdValue }' },
  {
    operation: 'query',
    selection:
      'sumsubQuestionnaireDataDecrypted(kycProfileId: "77777777-0000-4000-8000-000000000001") { kycProfileId }',
  },
  { operation: 'query', selection: 'coinPrice(symbol: "BTC", refresh: true) { symbol }' },
  { operation: 'mutation', selection: 'downloadInvoicePdf(input: { invoiceId: 1 }) { errors { code } }' },
  {
    operation: 'mutation',
    selection: 'createDigitalWalletAddress(input: { walletId: 1 }) { errors { code } }',
  },
];

export function businessGraphqlRequest(draw: Draw, schema: GraphQLSchema): FuzzRequest {
  const shape = { leaf: 'ping', queryRoot: 'Query', expensive: expensiveSelections };
  const request = graphqlRequest(draw, schema, shape, 'graphql', '/graphql');
  const credential = draw.weighted<() => [string, string][]>([
    [8, () => [['x-api-key', secret('api-key:admin')]]],
    [3, () => [['x-api-key', secret(`api-key:${draw.pick(apiKeyNames)}`)]]],
    [1, () => []],
    [1, () => [['x-api-key', draw.pick(['', 'garbage', `${secret('api-key:admin')} `, 'k'.repeat(5_000)])]]],
    [1, () => [['authorization', `Bearer ${secret(`access:${draw.pick(demoUserIds)}`)}`]]],
  ])();
  request.headers.unshift(...credential);
  if (draw.chance(0.2)) {
    const accept = draw.pick([
      'application/graphql-response+json',
      'application/json',
      'text/html',
      '*/*',
      '',
      'application/*;q=0',
    ]);
    request.headers.push(['accept', accept]);
    request.variant.push(`accept:${accept || 'empty'}`);
  }
  return request;
}

export function dataGraphqlRequest(draw: Draw, roleSchemas: ReadonlyMap<string, GraphQLSchema>): FuzzRequest {
  const role = draw.pick([...roleSchemas.keys()]);
  const schema = roleSchemas.get(role) as GraphQLSchema;
  const request = graphqlRequest(
    draw,
    schema,
    { leaf: '__typename', queryRoot: 'query_root' },
    'data-graphql',
    '/v1/graphql',
  );
  const credential = dataCredential(draw, role);
  request.headers.unshift(...credential.headers);
  request.variant.unshift(`role:${role}`, `credential:${credential.label}`);
  return request;
}

function graphqlRequest(
  draw: Draw,
  schema: GraphQLSchema,
  shape: EndpointShape,
  target: string,
  path: string,
): FuzzRequest {
  const operation = randomOperation(draw, schema);
  const variant: string[] = [];
  let body: string | Buffer;
  if (draw.chance(0.5)) {
    body = JSON.stringify(operation);
    variant.push('document:from-schema');
  } else {
    const mutated = mutateOperation(draw, operation, shape);
    body = JSON.stringify(mutated.body) ?? 'undefined';
    variant.push(`document:${mutated.variant}`);
  }
  if (draw.chance(0.04)) {
    const field = draw.pick(['variables', 'extensions']);
    body = `{"query":${JSON.stringify(operation.query)},"${field}":{"deep":${deepText(draw)}}}`;
    variant.push(`${field}:deep-nesting`);
  } else if (draw.chance(0.06)) {
    body = draw.chance(0.5) ? malformJson(draw, body) : withInvalidUtf8(draw, body);
    variant.push('body:malformed');
  }
  const request: FuzzRequest = {
    target,
    port: target === 'graphql' ? 'main' : 'data',
    method: 'POST',
    path,
    headers: [],
    body,
    framing: 'length',
    variant,
  };
  if (draw.chance(0.04)) {
    request.method = draw.pick(['GET', 'PUT', 'DELETE', 'OPTIONS', 'HEAD']);
    request.path = `${path}?query=${encodeURIComponent(operation.query).slice(0, 4_000)}`;
    delete request.body;
    variant.push(`method:${request.method}`);
  } else decorateBody(draw, request, 'application/json');
  addNoiseHeaders(draw, request);
  return request;
}

function dataCredential(draw: Draw, role: string): { headers: [string, string][]; label: string } {
  const adminSecret = secret('data-admin-secret');
  return draw.weighted<() => { headers: [string, string][]; label: string }>([
    [
      10,
      () => ({
        headers: [['x-data-admin-secret', adminSecret], ['x-data-role', role], ...sessionHeaders(draw)],
        label: 'secret-and-role',
      }),
    ],
    [2, () => ({ headers: [['x-data-admin-secret', adminSecret]], label: 'secret-alone' })],
    [
      3,
      () => ({
        headers: [
          ['authorization', `Bearer ${secret(`access:${draw.pick(demoUserIds)}`)}`],
          ...(draw.chance(0.5) ? [['x-data-role', role] as [string, string]] : []),
        ],
        label: 'bearer',
      }),
    ],
    [1, () => ({ headers: [], label: 'none' })],
    [
      1,
      () => ({
        headers: [
          ['x-data-admin-secret', draw.pick(['', 'wrong', `${'s'.repeat(5_000)}`])],
          ['x-data-role', role],
        ],
        label: 'wrong-secret',
      }),
    ],
    [1, () => ({ headers: [['x-data-role', role], ...sessionHeaders(draw)], label: 'role-headers-alone' })],
    [
      1,
      () => ({
        headers: [
          [
            'authorization',
            draw.pick(['Bearer garbage', 'Bearer ', `Bearer ${secret('provider:demo-alice')}`, 'Basic eA==']),
          ],
        ],
        label: 'garbage-bearer',
      }),
    ],
    [
      1,
      () => ({
        headers: [
          ['x-data-admin-secret', adminSecret],
          ['x-data-role', draw.pick(['', 'nobody', 'ADMIN', 'admin ', role.toUpperCase(), 'x'.repeat(3_000)])],
        ],
        label: 'odd-role',
      }),
    ],
  ])();
}

function sessionHeaders(draw: Draw): [string, string][] {
  const headers: [string, string][] = [];
  const good = draw.chance(0.8);
  if (draw.chance(0.8))
    headers.push(['x-data-user-id', good ? draw.pick(demoUserIds) : draw.pick(['', '\u00ff', 'x'.repeat(4_000)])]);
  if (draw.chance(0.8))
    headers.push([
      'x-data-organization-id',
      good ? draw.pick(demoOrganizations) : draw.pick(['x', '', '11111111-0000-4000-8000-00000000000g', '{1}']),
    ]);
  if (draw.chance(0.5))
    headers.push([
      'x-data-allowed-funds',
      good
        ? draw.pick(['{1,2,3}', '{}', '{1}'])
        : draw.pick(['x', '{a}', '{{1}}', '{1,', `{${'1,'.repeat(3_000)}1}`, '{99999999999999999999}', '{NULL}']),
    ]);
  return headers;
}
