// Authentication of the data layer (docs/data-layer.md#authentication): the admin secret alone,
// the secret with X-Data-Role and X-Data-* session headers, platform bearer tokens with their
// data_access claims, and every way each can be wrong, over real HTTP.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSessionStore } from '../../src/stores/session-store.ts';
import { createSessionService, type SessionService } from '../../src/domain/identity/session-service.ts';
import { type FakeIdentityProvider, startFakeIdentityProvider } from '../support/fake-identity-provider.ts';
import {
  createPlatformTokenForge,
  type PlatformTokenForge,
  testSigningKeySecret,
} from '../support/platform-token-forge.ts';
import { startTestService, type TestService } from '../support/test-service.ts';
import { asRole, dataAdminSecret, dataOf, demo, errorOf, postGraphql, type DataResponse } from './data-layer-client.ts';

let service: TestService;
let provider: FakeIdentityProvider;
let forge: PlatformTokenForge;
let sessions: SessionService;

test.before(async () => {
  provider = await startFakeIdentityProvider({ audience: 'platform-api' });
  service = await startTestService({
    SEED: 'demo',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: 'platform',
    OIDC_AUDIENCE: 'platform-api',
    SIGNING_KEY_SECRET: testSigningKeySecret,
  });
  forge = await createPlatformTokenForge({
    databaseUrl: service.databaseUrl,
    signingKeySecret: testSigningKeySecret,
    issuer: service.url,
    dataUrl: service.dataUrl,
  });
  sessions = createSessionService({ store: createSessionStore(service.db) });
});

test.after(async () => {
  await forge?.close();
  await service?.stop();
  await provider?.close();
});

const usersQuery = '{ app_user { id } }';
const aliceAsAdmin = { 'x-data-organization-id': demo.aurora, 'x-data-user-id': 'demo-alice' };

function expectError(response: DataResponse, status: number, code: string, message: RegExp): void {
  const error = errorOf(response);
  assert.is(response.status, status, response.text);
  assert.is(error.extensions.code, code, response.text);
  assert.is(error.extensions.path, '$');
  assert.match(error.message, message);
}

/** An access token for a live session of `userId`, with the given data_access claims. */
async function accessToken(userId: string, dataAccess: Record<string, unknown>): Promise<string> {
  const { sessionId } = await sessions.create(userId, 3600);
  return forge.issueAt(new Date(), 'access', { sub: userId, sid: sessionId, data_access: dataAccess }, 900);
}

const aliceClaims = {
  'x-data-allowed-roles': ['user', 'organization_admin', 'family_office'],
  'x-data-default-role': 'user',
  'x-data-user-id': 'demo-alice',
  'x-data-organization-id': demo.aurora,
  'x-data-allowed-funds': '{}',
};

const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

test('without credentials the request is refused, and role headers alone are not credentials', async () => {
  expectError(await postGraphql(service, usersQuery), 401, 'UNAUTHENTICATED', /no credentials/);
  const headersOnly = await postGraphql(service, usersQuery, {
    headers: { 'x-data-role': 'accounting', 'x-data-user-id': 'demo-carol', 'x-data-organization-id': demo.aurora },
  });
  expectError(headersOnly, 401, 'UNAUTHENTICATED', /X-Data-Role and X-Data-\* headers alone are not trusted/);
});

test('a wrong admin secret is refused (and does not fall back to a bearer token)', async () => {
  expectError(
    await postGraphql(service, usersQuery, { headers: { 'x-data-admin-secret': 'nope' } }),
    401,
    'UNAUTHENTICATED',
    /X-Data-Admin-Secret is wrong/,
  );
  const token = await accessToken('demo-alice', aliceClaims);
  const both = await postGraphql(service, usersQuery, {
    headers: { 'x-data-admin-secret': `${dataAdminSecret}x`, authorization: `Bearer ${token}` },
  });
  expectError(both, 401, 'UNAUTHENTICATED', /X-Data-Admin-Secret is wrong/);
});

test('the admin secret alone is admin: every table, every column, every row', async () => {
  const data = dataOf(
    await postGraphql(service, '{ app_user { id is_platform_admin } audit_log_aggregate { aggregate { count } } }', {
      headers: asRole(null),
    }),
  );
  const rows = await service.db.selectFrom('app_user').select(['id', 'is_platform_admin']).execute();
  assert.equal(ids(data.app_user), ids(rows));
  assert.ok(data.app_user.some((row: { is_platform_admin: boolean }) => row.is_platform_admin));
  assert.ok(data.audit_log_aggregate.aggregate.count > 0);
  // X-Data-Role: admin is the same as no role.
  assert.equal(
    dataOf(await postGraphql(service, usersQuery, { headers: asRole('admin') })).app_user.length,
    rows.length,
  );
});

test('the secret with X-Data-Role acts as that role with X-Data-* session headers, header names in any case', async () => {
  const response = await postGraphql(service, usersQuery, {
    headers: {
      'X-Data-Admin-Secret': dataAdminSecret,
      'X-DATA-ROLE': 'organization_admin',
      'x-data-organization-id': demo.aurora.toUpperCase(),
      'X-Data-User-Id': 'demo-alice',
    },
  });
  const rows = await service.db
    .selectFrom('app_user')
    .select('id')
    .where('organization_id', '=', demo.aurora)
    .execute();
  assert.equal(ids(dataOf(response).app_user), ids(rows));
});

test('an unknown role is refused, whatever the credential', async () => {
  expectError(
    await postGraphql(service, usersQuery, { headers: asRole('superuser') }),
    403,
    'FORBIDDEN',
    /role 'superuser' is not a data-layer role/,
  );
  const token = await accessToken('demo-alice', { ...aliceClaims, 'x-data-allowed-roles': ['user', 'superuser'] });
  const response = await postGraphql(service, usersQuery, {
    headers: { authorization: `Bearer ${token}`, 'x-data-role': 'superuser' },
  });
  expectError(response, 403, 'FORBIDDEN', /role 'superuser' is not a data-layer role/);
});

test('a request needs only the session variables of the rules it uses', async () => {
  // organization_admin's digital_wallet rule reads X-Data-Organization-Id only.
  const wallets = dataOf(
    await postGraphql(service, '{ digital_wallet { id } }', {
      headers: asRole('organization_admin', { 'x-data-organization-id': demo.aurora }),
    }),
  );
  const auroraWallets = await service.db
    .selectFrom('digital_wallet')
    .select('id')
    .where('organization_id', '=', demo.aurora)
    .execute();
  assert.equal(
    wallets.digital_wallet.map((row: { id: number }) => row.id).sort(),
    auroraWallets.map((row) => row.id).sort(),
  );
  // accounting's invoice rule has no row filter: no session variable at all.
  const invoices = dataOf(await postGraphql(service, '{ invoice { id } }', { headers: asRole('accounting') }));
  const everyInvoice = await service.db.selectFrom('invoice').select('id').execute();
  assert.equal(invoices.invoice.map((row: { id: number }) => row.id).sort(), everyInvoice.map((row) => row.id).sort());
  // Introspection and __typename use no rule.
  assert.equal(dataOf(await postGraphql(service, '{ __typename }', { headers: asRole('investor') })), {
    __typename: 'query_root',
  });
  // Roles whose rules need none (front_office) run without any.
  assert.ok(
    dataOf(await postGraphql(service, '{ coin { symbol } }', { headers: asRole('front_office') })).coin.length > 0,
  );
});

test('a session variable a used rule references is refused when missing, naming it and the root field', async () => {
  expectError(
    await postGraphql(service, usersQuery, {
      headers: asRole('organization_admin', { 'x-data-user-id': 'demo-alice' }),
    }),
    400,
    'BAD_REQUEST',
    /^role 'organization_admin' needs session variable header X-Data-Organization-Id, which the request does not carry \(the rules behind 'app_user' use it\)$/,
  );
  expectError(
    await postGraphql(service, '{ f: fund { id } s: fund_subscription { id } }', { headers: asRole('investor') }),
    400,
    'BAD_REQUEST',
    /^role 'investor' needs session variables header X-Data-Allowed-Funds, header X-Data-User-Id, which the request does not carry \(the rules behind 'f', 's' use them\)$/,
  );
});

test('the rules of nested relationships and of relationships in where count too', async () => {
  const onlyFunds = asRole('investor', { 'x-data-allowed-funds': '{1,3}' });
  // investor's fund rule reads X-Data-Allowed-Funds; its fund_subscription rule also X-Data-User-Id.
  assert.equal(
    dataOf(await postGraphql(service, '{ fund(order_by: {id: asc}) { id } }', { headers: onlyFunds })).fund,
    [{ id: 1 }, { id: 3 }],
  );
  const missingUser =
    /^role 'investor' needs session variable header X-Data-User-Id, which the request does not carry \(the rules behind 'fund' use it\)$/;
  expectError(
    await postGraphql(service, '{ fund { id subscriptions { id } } }', { headers: onlyFunds }),
    400,
    'BAD_REQUEST',
    missingUser,
  );
  expectError(
    await postGraphql(service, '{ fund(where: {subscriptions: {}}) { id } }', { headers: onlyFunds }),
    400,
    'BAD_REQUEST',
    missingUser,
  );
});

test('a mutation whose preset needs a missing session variable is refused before anything is written', async () => {
  const before = await service.db
    .selectFrom('digital_wallet')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  const response = await postGraphql(
    service,
    'mutation { insert_digital_wallet_one(object: {label: "no creator", coin: "BTC", wallet_type: "hot"}) { id } }',
    {
      headers: asRole('organization_admin', { 'x-data-organization-id': demo.aurora }),
    },
  );
  expectError(
    response,
    400,
    'BAD_REQUEST',
    /^role 'organization_admin' needs session variable header X-Data-User-Id, which the request does not carry \(the rules behind 'insert_digital_wallet_one' use it\)$/,
  );
  const after = await service.db
    .selectFrom('digital_wallet')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  assert.is(after.count, before.count);
});

test('malformed session values are refused with what is wrong', async () => {
  expectError(
    await postGraphql(service, usersQuery, {
      headers: asRole('organization_admin', { ...aliceAsAdmin, 'x-data-organization-id': "1' OR '1'='1" }),
    }),
    400,
    'BAD_REQUEST',
    /header X-Data-Organization-Id is malformed: invalid uuid session value/,
  );
  expectError(
    await postGraphql(service, '{ fund { id } }', {
      headers: asRole('investor', { 'x-data-user-id': 'demo-erin', 'x-data-allowed-funds': '{1,two}' }),
    }),
    400,
    'BAD_REQUEST',
    /header X-Data-Allowed-Funds is malformed: invalid integer session value "two"/,
  );
  expectError(
    await postGraphql(service, '{ fund { id } }', {
      headers: asRole('investor', { 'x-data-user-id': 'demo-erin', 'x-data-allowed-funds': '1,2' }),
    }),
    400,
    'BAD_REQUEST',
    /expected a Postgres array literal like \{1,2,3\}/,
  );
});

test('a malformed session value that no used rule references is ignored, as Hasura does', async () => {
  const invoices = dataOf(
    await postGraphql(service, '{ invoice { id } }', {
      headers: asRole('accounting', { 'x-data-organization-id': 'not-a-uuid', 'x-data-allowed-funds': '1,2' }),
    }),
  );
  assert.is(invoices.invoice.length, (await service.db.selectFrom('invoice').select('id').execute()).length);
  // The same header is refused as soon as a used rule references it (accounting's invoice delete rule).
  expectError(
    await postGraphql(service, 'mutation { delete_invoice(where: {id: {_eq: -1}}) { affected_rows } }', {
      headers: asRole('accounting', { 'x-data-organization-id': 'not-a-uuid' }),
    }),
    400,
    'BAD_REQUEST',
    /^header X-Data-Organization-Id is malformed: invalid uuid session value "not-a-uuid"$/,
  );
});

test('X-Data-Allowed-Funds is a Postgres array literal', async () => {
  const response = await postGraphql(service, '{ fund { id } }', {
    headers: asRole('investor', { 'x-data-user-id': 'demo-erin', 'x-data-allowed-funds': '{1, 3}' }),
  });
  assert.equal(
    dataOf(response)
      .fund.map((row: { id: number }) => row.id)
      .sort(),
    [1, 3],
  );
  const none = await postGraphql(service, '{ fund { id } }', {
    headers: asRole('investor', { 'x-data-user-id': 'demo-erin', 'x-data-allowed-funds': '{}' }),
  });
  assert.equal(dataOf(none).fund, []);
});

test('a bearer token acts as its default role with its own session values', async () => {
  const token = await accessToken('demo-alice', aliceClaims);
  const data = dataOf(await postGraphql(service, usersQuery, { headers: { authorization: `Bearer ${token}` } }));
  assert.equal(ids(data.app_user), ['demo-alice']);
});

test("X-Data-Role picks one of the token's allowed roles, and only those", async () => {
  const token = await accessToken('demo-alice', aliceClaims);
  const asOrgAdmin = await postGraphql(service, usersQuery, {
    headers: { authorization: `Bearer ${token}`, 'x-data-role': 'organization_admin' },
  });
  const rows = await service.db
    .selectFrom('app_user')
    .select('id')
    .where('organization_id', '=', demo.aurora)
    .execute();
  assert.equal(ids(dataOf(asOrgAdmin).app_user), ids(rows));
  const notAllowed = await postGraphql(service, usersQuery, {
    headers: { authorization: `Bearer ${token}`, 'x-data-role': 'accounting' },
  });
  expectError(
    notAllowed,
    403,
    'FORBIDDEN',
    /role 'accounting' is not among the roles this token allows \(user, organization_admin, family_office\)/,
  );
  const admin = await postGraphql(service, usersQuery, {
    headers: { authorization: `Bearer ${token}`, 'x-data-role': 'admin' },
  });
  expectError(admin, 403, 'FORBIDDEN', /role 'admin' is not among the roles this token allows/);
});

test("with a bearer token, X-Data-* session headers are ignored: the token's values win", async () => {
  const token = await accessToken('demo-alice', aliceClaims);
  const response = await postGraphql(service, usersQuery, {
    headers: {
      authorization: `Bearer ${token}`,
      'x-data-user-id': 'demo-grace',
      'x-data-organization-id': demo.meridian,
    },
  });
  assert.equal(ids(dataOf(response).app_user), ['demo-alice']);
  const asOrgAdmin = await postGraphql(service, '{ organization { id } }', {
    headers: {
      authorization: `Bearer ${token}`,
      'x-data-role': 'organization_admin',
      'x-data-organization-id': demo.meridian,
    },
  });
  assert.equal(ids(dataOf(asOrgAdmin).organization), [demo.aurora]);
});

test('a token without a session variable a used rule needs is refused, naming the claim', async () => {
  const claims: Record<string, unknown> = { ...aliceClaims };
  delete claims['x-data-organization-id'];
  const token = await accessToken('demo-alice', claims);
  const response = await postGraphql(service, usersQuery, {
    headers: { authorization: `Bearer ${token}`, 'x-data-role': 'organization_admin' },
  });
  expectError(
    response,
    400,
    'BAD_REQUEST',
    /^role 'organization_admin' needs session variable token claim x-data-organization-id, which the request does not carry \(the rules behind 'app_user' use it\)$/,
  );
});

test('a token needs only the claims of the rules the request uses', async () => {
  const token = await accessToken('demo-alice', {
    'x-data-allowed-roles': ['organization_admin'],
    'x-data-default-role': 'organization_admin',
    'x-data-organization-id': demo.aurora,
  });
  const headers = { authorization: `Bearer ${token}` };
  const wallets = dataOf(await postGraphql(service, '{ digital_wallet { id } }', { headers }));
  const auroraWallets = await service.db
    .selectFrom('digital_wallet')
    .select('id')
    .where('organization_id', '=', demo.aurora)
    .execute();
  assert.equal(
    wallets.digital_wallet.map((row: { id: number }) => row.id).sort(),
    auroraWallets.map((row) => row.id).sort(),
  );
  // Creating a wallet presets created_by from X-Data-User-Id, which this token does not carry.
  const insert = await postGraphql(
    service,
    'mutation { insert_digital_wallet_one(object: {label: "x", coin: "BTC", wallet_type: "hot"}) { id } }',
    { headers },
  );
  expectError(
    insert,
    400,
    'BAD_REQUEST',
    /^role 'organization_admin' needs session variable token claim x-data-user-id, which the request does not carry \(the rules behind 'insert_digital_wallet_one' use it\)$/,
  );
});

test('broken bearer tokens are refused, each saying what is wrong', async () => {
  const bearer = async (token: string) =>
    postGraphql(service, usersQuery, { headers: { authorization: `Bearer ${token}` } });
  expectError(await bearer('not-a-jwt'), 401, 'UNAUTHENTICATED', /malformed/);
  expectError(
    await postGraphql(service, usersQuery, { headers: { authorization: 'Basic YTpi' } }),
    401,
    'UNAUTHENTICATED',
    /Bearer/,
  );
  const { sessionId } = await sessions.create('demo-alice', 3600);
  expectError(await bearer(await forge.expiredAccessToken('demo-alice', sessionId)), 401, 'UNAUTHENTICATED', /expired/);
  expectError(
    await bearer(await forge.unknownKeyAccessToken('demo-alice', sessionId)),
    401,
    'UNAUTHENTICATED',
    /unknown key/,
  );
  const ended = await accessToken('demo-alice', aliceClaims);
  await service.db.deleteFrom('auth_session').execute();
  expectError(await bearer(ended), 401, 'UNAUTHENTICATED', /session this token was issued from has ended/);
  const wallet = await forge.issueAt(new Date(), 'wallet', { sub: 'demo-alice' }, 900);
  expectError(await bearer(wallet), 401, 'UNAUTHENTICATED', /not a platform access or workflow-SDK token/);
  const noClaims = await forge.issueAt(
    new Date(),
    'access',
    { sub: 'demo-alice', sid: (await sessions.create('demo-alice', 60)).sessionId },
    900,
  );
  expectError(await bearer(noClaims), 403, 'FORBIDDEN', /carries no data_access claims/);
});

test('a real token from token exchange works with the claims the platform computed', async () => {
  const exchange = await service.request('POST', '/auth/token-exchange', {
    body: { token: await provider.sign({ sub: 'demo-grace' }) },
  });
  assert.is(exchange.status, 200, exchange.text);
  const authorization = `Bearer ${exchange.json().token}`;
  const own = dataOf(await postGraphql(service, usersQuery, { headers: { authorization } }));
  assert.equal(ids(own.app_user), ['demo-grace']);
  const wallets = dataOf(
    await postGraphql(service, '{ digital_wallet { id } }', {
      headers: { authorization, 'x-data-role': 'organization_admin' },
    }),
  );
  const rows = await service.db
    .selectFrom('digital_wallet')
    .select('id')
    .where('organization_id', '=', demo.meridian)
    .execute();
  assert.equal(wallets.digital_wallet.map((row: { id: number }) => row.id).sort(), rows.map((row) => row.id).sort());
});

test('a workflow SDK token acts as workflow_sdk_user', async () => {
  const token = await forge.issueAt(
    new Date(),
    'workflow-sdk',
    {
      sub: 'demo-heidi',
      data_access: {
        'x-data-allowed-roles': ['workflow_sdk_user'],
        'x-data-default-role': 'workflow_sdk_user',
        'x-data-user-id': 'demo-heidi',
      },
    },
    900,
  );
  const data = dataOf(
    await postGraphql(service, '{ case_invitation { id } }', { headers: { authorization: `Bearer ${token}` } }),
  );
  const rows = await service.db
    .selectFrom('case_invitation')
    .select('id')
    .where('user_id', '=', 'demo-heidi')
    .execute();
  assert.equal(ids(data.case_invitation), ids(rows));
});

test('transport: POST with JSON only; /healthz answers', async () => {
  const get = await fetch(`${service.dataUrl}/v1/graphql?query={coin{symbol}}`, { headers: asRole(null) });
  assert.is(get.status, 405);
  assert.is(get.headers.get('allow'), 'POST');
  const text = await fetch(`${service.dataUrl}/v1/graphql`, {
    method: 'POST',
    headers: { ...asRole(null), 'content-type': 'text/plain' },
    body: '{}',
  });
  assert.is(text.status, 415);
  const health = await fetch(`${service.dataUrl}/healthz`);
  assert.is(health.status, 200);
  assert.is(await health.text(), 'ok');
});

test.run();
