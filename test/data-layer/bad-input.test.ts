// Bad input never reaches PostgreSQL as SQL and never answers 500: malformed GraphQL and
// bodies, wrong variable types, SQL-looking strings in every argument and header, limits
// beyond the maximum, deep or wide queries, malformed scalars (docs/data-layer.md "Limits").
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestService, type TestService } from '../support/test-service.ts';
import { asRole, dataOf, demo, errorOf, postGraphql, type DataResponse } from './data-layer-client.ts';

let service: TestService;

test.before(async () => {
  service = await startTestService({ SEED: 'demo' });
});

test.after(async () => {
  await service?.stop();
});

const admin = asRole(null);
const frontOffice = asRole('front_office');
const injection = "x'); DROP TABLE invoice; --";

function expectError(response: DataResponse, status: number, code: string, message: RegExp, path?: string): void {
  assert.is.not(response.status, 500, response.text);
  const error = errorOf(response);
  assert.is(response.status, status, response.text);
  assert.is(error.extensions.code, code, response.text);
  assert.match(error.message, message);
  if (path !== undefined) assert.is(error.extensions.path, path);
}

async function tableCounts(): Promise<string> {
  const { rows } = await sql<{
    n: string;
  }>`SELECT (SELECT count(*) FROM invoice) || '/' || (SELECT count(*) FROM digital_wallet) AS n`.execute(service.db);
  return rows[0]?.n ?? '';
}

test('malformed GraphQL is a clear syntax error', async () => {
  expectError(
    await postGraphql(service, '{ digital_wallet { id ', { headers: frontOffice }),
    200,
    'BAD_REQUEST',
    /GraphQL syntax error: Expected Name, found <EOF>/,
  );
  expectError(
    await postGraphql(service, 'SELECT * FROM invoice', { headers: frontOffice }),
    200,
    'BAD_REQUEST',
    /GraphQL syntax error/,
  );
});

test('malformed bodies are refused before GraphQL', async () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${service.dataUrl}/v1/graphql`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json', ...headers },
      body,
    });
  for (const [body, message] of [
    ['{not json', /not valid JSON/],
    ['[1]', /must be a JSON object/],
    ['{"query": 42}', /"query" must be a non-empty string/],
    ['{"query": "{ coin { symbol } }", "variables": [1]}', /"variables" must be a JSON object/],
  ] as const) {
    const response = await post(body);
    assert.is(response.status, 400);
    const error = ((await response.json()) as { errors: { message: string; extensions: { code: string } }[] })
      .errors[0];
    assert.is(error?.extensions.code, 'BAD_REQUEST');
    assert.match(error?.message ?? '', message);
  }
  const huge = await post(JSON.stringify({ query: `{ coin { symbol } } # ${'x'.repeat(1024 * 1024)}` }));
  assert.is(huge.status, 413);
});

test('subscriptions over POST are told to use the WebSocket; a role without mutations is told so with the permission wording', async () => {
  expectError(
    await postGraphql(service, 'subscription { coin { symbol } }', { headers: admin }),
    200,
    'BAD_REQUEST',
    /^subscriptions need a WebSocket: open \/v1\/graphql with the graphql-transport-ws protocol/,
  );
  const introspected = dataOf(
    await postGraphql(service, '{ __schema { mutationType { name } subscriptionType { name } } }', { headers: admin }),
  );
  assert.equal(introspected.__schema, {
    mutationType: { name: 'mutation_root' },
    subscriptionType: { name: 'subscription_root' },
  });
  const auditor = { 'x-data-admin-secret': admin['x-data-admin-secret'] as string, 'x-data-role': 'auditor' };
  expectError(
    await postGraphql(service, 'mutation { insert_invoice(objects: []) { affected_rows } }', { headers: auditor }),
    200,
    'VALIDATION_FAILED',
    /no mutations exist for this role \(unknown operation or no permission\)/,
  );
});

test('operation selection: several operations need operationName, an unknown name is refused', async () => {
  const document = 'query A { coin { symbol } } query B { coin { name } }';
  expectError(await postGraphql(service, document, { headers: admin }), 200, 'BAD_REQUEST', /several operations/);
  expectError(
    await postGraphql(service, document, { headers: admin, operationName: injection }),
    200,
    'BAD_REQUEST',
    /no operation named/,
  );
  assert.ok(dataOf(await postGraphql(service, document, { headers: admin, operationName: 'B' })).coin[0].name);
});

test('wrong variable types are validation errors naming the variable', async () => {
  const text = 'query($id: Int!) { digital_wallet_by_pk(id: $id) { id } }';
  expectError(
    await postGraphql(service, text, { headers: frontOffice, variables: { id: 'one' } }),
    200,
    'VALIDATION_FAILED',
    /Int cannot represent/,
    '$.variableValues.id',
  );
  expectError(
    await postGraphql(service, text, { headers: frontOffice, variables: {} }),
    200,
    'VALIDATION_FAILED',
    /\$id/,
    '$.variableValues.id',
  );
  const where = 'query($w: invoice_bool_exp) { invoice(where: $w) { id } }';
  const orgAdmin = asRole('organization_admin', {
    'x-data-organization-id': demo.aurora,
    'x-data-user-id': 'demo-alice',
  });
  const hidden = await postGraphql(service, where, {
    headers: orgAdmin,
    variables: { w: { internal_notes: { _is_null: false } } },
  });
  expectError(
    hidden,
    200,
    'VALIDATION_FAILED',
    /field 'internal_notes' not found in type 'invoice_bool_exp' \(unknown field or no permission\)/,
  );
  assert.not.match(hidden.text, /Did you mean/);
});

test('SQL-looking strings in every argument are plain values', async () => {
  const before = await tableCounts();
  const texts = [
    [`{ digital_wallet(where: {label: {_eq: ${JSON.stringify(injection)}}}) { id } }`, {}],
    [
      `{ digital_wallet(where: {label: {_like: ${JSON.stringify(`%${injection}%`)}}, coin: {_ilike: ${JSON.stringify(injection)}}}) { id } }`,
      {},
    ],
    [
      `{ digital_wallet(where: {coin: {_in: [${JSON.stringify(injection)}]}, status: {_nin: [${JSON.stringify(injection)}]}}) { id } }`,
      {},
    ],
    [
      'query($v: String!, $l: [String!]) { digital_wallet(where: {_or: [{label: {_gt: $v}}, {coin: {_in: $l}}]}) { id } }',
      { v: injection, l: [injection] },
    ],
    ['query($w: digital_wallet_bool_exp!) { digital_wallet(where: $w) { id } }', { w: { label: { _neq: injection } } }],
  ] as const;
  for (const [text, variables] of texts) {
    const response = await postGraphql(service, text, { headers: frontOffice, variables });
    assert.ok(Array.isArray(dataOf(response).digital_wallet), response.text);
  }
  // Session values are parsed when a rule the request uses needs them: fund (X-Data-Allowed-Funds), organization (X-Data-Organization-Id).
  const refusals = [
    [asRole(`admin'; --`), '{ __typename }', 403],
    [
      asRole('investor', { 'x-data-user-id': injection, 'x-data-allowed-funds': '{1); DROP TABLE invoice; --}' }),
      '{ fund { id } }',
      400,
    ],
    [
      asRole('organization_admin', { 'x-data-user-id': injection, 'x-data-organization-id': injection }),
      '{ organization { id } }',
      400,
    ],
  ] as const;
  for (const [header, query, status] of refusals) {
    const response = await postGraphql(service, query, { headers: header });
    assert.is(response.status, status, response.text);
  }
  const user = await postGraphql(service, '{ app_user { id } }', {
    headers: asRole('user', { 'x-data-user-id': injection }),
  });
  assert.equal(dataOf(user).app_user, []);
  assert.is(await tableCounts(), before);
});

test('limit and offset outside their range are refused; huge offsets just page past the end', async () => {
  expectError(
    await postGraphql(service, '{ digital_wallet(limit: 10001) { id } }', { headers: frontOffice }),
    200,
    'VALIDATION_FAILED',
    /limit must be an integer from 0 to 10000, got 10001/,
  );
  expectError(
    await postGraphql(service, '{ digital_wallet(limit: -1) { id } }', { headers: frontOffice }),
    200,
    'VALIDATION_FAILED',
    /limit must be/,
  );
  expectError(
    await postGraphql(service, 'query($n: Int) { digital_wallet(limit: $n) { id } }', {
      headers: frontOffice,
      variables: { n: 50000 },
    }),
    200,
    'VALIDATION_FAILED',
    /got 50000/,
  );
  expectError(
    await postGraphql(service, '{ digital_wallet(offset: -5) { id } }', { headers: frontOffice }),
    200,
    'VALIDATION_FAILED',
    /offset must be a non-negative integer/,
  );
  expectError(
    await postGraphql(service, '{ digital_wallet(limit: 99999999999) { id } }', { headers: frontOffice }),
    200,
    'VALIDATION_FAILED',
    /Int cannot represent/,
  );
  assert.equal(
    dataOf(await postGraphql(service, '{ digital_wallet(offset: 2147483647) { id } }', { headers: frontOffice }))
      .digital_wallet,
    [],
  );
  assert.is(
    dataOf(
      await postGraphql(service, 'query($n: Int) { digital_wallet(limit: $n) { id } }', {
        headers: frontOffice,
        variables: { n: null },
      }),
    ).digital_wallet.length,
    8,
  );
});

test('an unbounded root list beyond 10000 rows is refused, asking for a limit', async () => {
  await sql`INSERT INTO audit_log (action, resource_type) SELECT 'test.flood', 'test' FROM generate_series(1, 10001)`.execute(
    service.db,
  );
  try {
    expectError(
      await postGraphql(service, '{ audit_log { id } }', { headers: admin }),
      200,
      'BAD_REQUEST',
      /'audit_log' would return more than 10000 rows; pass a limit/,
    );
    assert.is(
      dataOf(await postGraphql(service, '{ audit_log(limit: 10) { id } }', { headers: admin })).audit_log.length,
      10,
    );
    const count = dataOf(
      await postGraphql(service, '{ audit_log_aggregate { aggregate { count } } }', { headers: admin }),
    );
    assert.ok(count.audit_log_aggregate.aggregate.count > 10000, 'a bare aggregate reads every row');
  } finally {
    await sql`DELETE FROM audit_log WHERE action = 'test.flood'`.execute(service.db);
  }
});

test('deep nesting, too many fields and too many root fields are refused', async () => {
  const chain = Array.from({ length: 11 }, (_, index) => (index % 2 === 0 ? 'organization' : 'digital_wallets'));
  const nested = `{ ${chain.reduceRight((inner, field) => `${field} { ${inner} }`, 'id')} }`;
  expectError(
    await postGraphql(service, nested, { headers: admin }),
    200,
    'VALIDATION_FAILED',
    /nests deeper than 10 levels/,
  );
  const ten = `{ ${chain.slice(0, 9).reduceRight((inner, field) => `${field} { ${inner} }`, 'id')} }`;
  assert.ok(
    Array.isArray(dataOf(await postGraphql(service, ten, { headers: admin })).organization),
    'ten levels (nine relationships and a column) are fine',
  );
  const wide = `{ coin { ${Array.from({ length: 1001 }, (_, index) => `f${index}: symbol`).join(' ')} } }`;
  expectError(await postGraphql(service, wide, { headers: admin }), 200, 'VALIDATION_FAILED', /more than 1000 fields/);
  const roots = `{ ${Array.from({ length: 51 }, (_, index) => `r${index}: coin { symbol }`).join(' ')} }`;
  expectError(
    await postGraphql(service, roots, { headers: admin }),
    200,
    'VALIDATION_FAILED',
    /more than 50 root fields/,
  );
  const fragments = `query { coin { ...a } } ${Array.from({ length: 12 }, (_, index) => `fragment ${String.fromCharCode(97 + index)} on coin { symbol price { coin { ...${String.fromCharCode(98 + index)} } } }`).join(' ')} fragment m on coin { name }`;
  expectError(
    await postGraphql(service, fragments, { headers: admin }),
    200,
    'VALIDATION_FAILED',
    /nests deeper than 10 levels/,
  );
});

test('malformed scalar values are refused before SQL', async () => {
  expectError(
    await postGraphql(service, '{ organization_by_pk(id: "not-a-uuid") { id } }', { headers: admin }),
    200,
    'VALIDATION_FAILED',
    /uuid expects a UUID string, got "not-a-uuid"/,
  );
  expectError(
    await postGraphql(service, 'query($id: uuid!) { organization_by_pk(id: $id) { id } }', {
      headers: admin,
      variables: { id: injection },
    }),
    200,
    'VALIDATION_FAILED',
    /uuid expects a UUID string/,
  );
  expectError(
    await postGraphql(service, '{ digital_wallet(where: {created_at: {_gt: "yesterday"}}) { id } }', {
      headers: admin,
    }),
    200,
    'VALIDATION_FAILED',
    /timestamptz expects an ISO 8601 timestamp/,
  );
  expectError(
    await postGraphql(service, '{ digital_wallet(where: {created_at: {_gt: "2026-02-30"}}) { id } }', {
      headers: admin,
    }),
    200,
    'VALIDATION_FAILED',
    /timestamptz expects/,
  );
  expectError(
    await postGraphql(service, '{ digital_wallet(where: {usd_value: {_gt: "1e400"}}) { id } }', { headers: admin }),
    200,
    'VALIDATION_FAILED',
    /numeric expects a decimal string/,
  );
  expectError(
    await postGraphql(service, '{ audit_log(where: {id: {_eq: "99999999999999999999"}}) { id } }', { headers: admin }),
    200,
    'VALIDATION_FAILED',
    /bigint expects an integer string/,
  );
  assert.ok(
    Array.isArray(
      dataOf(
        await postGraphql(
          service,
          '{ digital_wallet(where: {usd_value: {_gt: 1000.5}, created_at: {_lt: "2030-01-01T00:00:00Z"}}) { id } }',
          { headers: admin },
        ),
      ).digital_wallet,
    ),
  );
  assert.ok(
    Array.isArray(
      dataOf(
        await postGraphql(service, '{ audit_log(where: {details: {_eq: {a: [1, "x"]}}}) { id } }', { headers: admin }),
      ).audit_log,
    ),
  );
  // Values pg itself refuses are the client's error, with pg's reason.
  expectError(
    await postGraphql(service, '{ digital_wallet(where: {label: {_like: "\\\\"}}) { id } }', { headers: admin }),
    200,
    'BAD_REQUEST',
    /invalid value: LIKE pattern must not end with escape character/,
  );
});

test('null operands are refused rather than matching every row', async () => {
  expectError(
    await postGraphql(service, '{ digital_wallet(where: {coin: {_eq: null}}) { id } }', { headers: frontOffice }),
    200,
    'VALIDATION_FAILED',
    /null is not a valid value .*_is_null/,
    '$.selectionSet.digital_wallet.args.where.coin._eq',
  );
  expectError(
    await postGraphql(service, 'query($c: String) { digital_wallet(where: {coin: {_eq: $c}}) { id } }', {
      headers: frontOffice,
      variables: { c: null },
    }),
    200,
    'VALIDATION_FAILED',
    /_eq got null from \$c; compare with null through _is_null/,
  );
  expectError(
    await postGraphql(service, '{ digital_wallet(where: {_not: null}) { id } }', { headers: frontOffice }),
    200,
    'VALIDATION_FAILED',
    /null is not a valid value/,
  );
  expectError(
    await postGraphql(service, '{ digital_wallet(where: {_and: [null]}) { id } }', { headers: frontOffice }),
    200,
    'VALIDATION_FAILED',
    /null/,
  );
});

test.run();
