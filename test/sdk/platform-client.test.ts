// The SDK's client against the real service with the demo data (docs/sdk.md): typed REST calls
// (token exchange, session, a document as text and as a stream), declared errors as typed values that a switch
// covers, GraphQL documents with Decimal strings and Dates, GraphQL errors typed by
// `extensions.code`, a list followed page by page, and one token refresh for concurrent 401s.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  CoinPriceDocument,
  DigitalAssetsByOrganizationIdDocument,
  DigitalWalletSummaryByIdDocument,
  PingDocument,
  type RestOperations,
  createPlatformClient,
  paginate,
} from '../../sdk/src/index.ts';
import { type FakeIdentityProvider, startFakeIdentityProvider } from '../support/fake-identity-provider.ts';
import { type BusinessApiClient, startBusinessApi } from '../support/business-api-client.ts';

const aurora = '11111111-0000-4000-8000-000000000001';
let provider: FakeIdentityProvider;
let api: BusinessApiClient;

test.before(async () => {
  provider = await startFakeIdentityProvider({ audience: 'platform-api' });
  api = await startBusinessApi({
    seed: 'demo',
    env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: 'platform', OIDC_AUDIENCE: 'platform-api' },
  });
});
test.after(async () => {
  await api?.close();
  await provider?.close();
});

/** A platform token for `user`, through the SDK's token exchange. */
async function platformToken(user: string): Promise<string> {
  const anonymous = createPlatformClient({ baseUrl: api.service.url });
  const exchanged = await anonymous.rest.exchangeToken({ body: { token: await provider.sign({ sub: user }) } });
  if (exchanged.error) throw new Error(exchanged.error.message);
  return exchanged.data.token;
}

/** What a client team writes: every declared error of the operation handled, checked by the compiler. */
function describeInvoiceError(error: RestOperations['getInvoiceDocument']['error']): string {
  switch (error.status) {
    case 400:
      return error.code === 'VALIDATION_FAILED'
        ? `invalid: ${error.body.details?.map((d) => d.path).join()}`
        : 'bad request';
    case 401:
      return 'sign in';
    case 403:
      return 'not with this key';
    case 404:
      return `no such invoice (${error.code})`;
    case 500:
    case 501:
    case 503:
      return `try later (${error.code})`;
    default:
      return ((unhandled: never) => unhandled)(error);
  }
}

test('token exchange, then the session and an invoice as HTML with the platform token', async () => {
  const sdk = createPlatformClient({
    baseUrl: api.service.url,
    auth: { bearerAuth: await platformToken('demo-carol') },
  });
  const session = await sdk.rest.getSession();
  assert.equal([session.data?.userID, session.data?.active, session.error], ['demo-carol', true, undefined]);
  const invoice = await sdk.rest.getInvoiceDocument({ path: { invoiceId: 1 }, query: { format: 'html' } });
  assert.is(typeof invoice.data, 'string');
  assert.match(invoice.data as string, /INV-2025-0041/);
  assert.is(invoice.response.headers.get('content-type'), 'text/html; charset=utf-8');
  const streamed = await sdk.rest.getInvoiceDocument(
    { path: { invoiceId: 1 }, query: { format: 'html' } },
    { as: 'stream' },
  );
  assert.is(await new Response(streamed.data).text(), invoice.data);
});

test('declared errors come back typed: 404, 401 and a validation failure with its details', async () => {
  const sdk = createPlatformClient({
    baseUrl: api.service.url,
    auth: { bearerAuth: await platformToken('demo-carol') },
  });
  const missing = await sdk.rest.getInvoiceDocument({ path: { invoiceId: 999 } });
  assert.equal([missing.error?.status, missing.error?.code], [404, 'NOT_FOUND']);
  assert.is(missing.error && describeInvoiceError(missing.error), 'no such invoice (NOT_FOUND)');
  assert.is(missing.error?.requestId, missing.response.headers.get('x-request-id') ?? undefined);

  const anonymous = await createPlatformClient({ baseUrl: api.service.url }).rest.getInvoiceDocument({
    path: { invoiceId: 1 },
  });
  assert.equal([anonymous.error?.status, anonymous.error?.code], [401, 'UNAUTHENTICATED']);

  // @ts-expect-error format is html or pdf (openapi.yaml DocumentFormat): the server says so too.
  const invalid = await sdk.rest.getInvoiceDocument({ path: { invoiceId: 1 }, query: { format: 'docx' } });
  assert.equal([invalid.error?.status, invalid.error?.code], [400, 'VALIDATION_FAILED']);
  assert.is(invalid.error && describeInvoiceError(invalid.error), 'invalid: query.format');
});

test('GraphQL: ping, a price as an exact Decimal string with a Date, a wallet summary', async () => {
  const sdk = createPlatformClient({ baseUrl: api.service.url, auth: { apiKey: api.adminKey } });
  assert.equal((await sdk.graphql.request(PingDocument)).data, { ping: 'pong' });
  const price = await sdk.graphql.request(CoinPriceDocument, { symbol: 'BTC' });
  // The price simulator moves the price; the query is cached, so the wire answers the same one.
  const wire = await fetch(`${api.service.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': api.adminKey },
    body: JSON.stringify({ query: CoinPriceDocument.text, variables: { symbol: 'BTC' } }),
  }).then((response) => response.json() as Promise<any>);
  assert.equal(
    [price.data?.coinPrice?.symbol, price.data?.coinPrice?.usdPrice, price.data?.coinPrice?.updatedAt.toISOString()],
    ['BTC', wire.data.coinPrice.usdPrice, wire.data.coinPrice.updatedAt],
  );
  assert.is(typeof price.data?.coinPrice?.usdPrice, 'string');
  const summary = await sdk.graphql.request(DigitalWalletSummaryByIdDocument, { id: 1 });
  const wallet = summary.data?.digitalWalletSummaryById;
  assert.equal(
    [wallet?.label, wallet?.type, wallet?.assets.map((asset) => [asset.symbol, asset.balance])],
    ['Aurora BTC Custody', 'CUSTODIAL', [['BTC', '42.75']]],
  );
  assert.ok(wallet?.createdAt instanceof Date);
});

test('GraphQL errors carry their typed extensions.code', async () => {
  const unknownKey = createPlatformClient({ baseUrl: api.service.url, auth: { apiKey: 'wpk_000000000000_unknown' } });
  const refused = await unknownKey.graphql.request(PingDocument);
  assert.equal(
    [refused.response.status, refused.errors?.map((error) => error.extensions.code)],
    [401, ['UNAUTHENTICATED']],
  );
  const sdk = createPlatformClient({ baseUrl: api.service.url, auth: { apiKey: api.adminKey } });
  const negative = await sdk.graphql.request(DigitalAssetsByOrganizationIdDocument, {
    organizationId: aurora,
    limit: -1,
  });
  assert.equal(
    negative.errors?.map((error) => error.extensions.code),
    ['BAD_USER_INPUT'],
  );
});

test('paginate follows a list page by page and yields what one large page holds', async () => {
  const requests: string[] = [];
  const sdk = createPlatformClient({
    baseUrl: api.service.url,
    auth: { apiKey: api.adminKey },
    fetch: (input, init) => {
      requests.push(JSON.parse(String(init?.body)).variables.offset);
      return fetch(input, init);
    },
  });
  const whole = await sdk.graphql.request(DigitalAssetsByOrganizationIdDocument, {
    organizationId: aurora,
    limit: 200,
  });
  const symbols = whole.data?.digitalAssetsByOrganizationId.items.map((asset) => asset.symbol) ?? [];
  assert.is(symbols.length, 5);
  requests.length = 0;
  const paged: string[] = [];
  for await (const asset of paginate(
    sdk.graphql,
    DigitalAssetsByOrganizationIdDocument,
    { organizationId: aurora },
    { pageSize: 2 },
  )) {
    paged.push(asset.symbol);
  }
  assert.equal(paged, symbols);
  assert.equal(requests, [0, 2, 4]);
});

test('five concurrent calls with an expired token refresh it once through the token exchange', async () => {
  let refreshes = 0;
  const sdk = createPlatformClient({
    baseUrl: api.service.url,
    auth: { bearerAuth: 'not-a-valid-token' },
    refreshAccessToken: async () => {
      refreshes += 1;
      return platformToken('demo-alice');
    },
  });
  const sessions = await Promise.all(Array.from({ length: 5 }, () => sdk.rest.getSession()));
  assert.equal(
    sessions.map((session) => session.data?.userID),
    ['demo-alice', 'demo-alice', 'demo-alice', 'demo-alice', 'demo-alice'],
  );
  assert.is(refreshes, 1);
});

test.run();
