// The business API's cost limits through the real service (docs/api-limits.md): an operation over
// GRAPHQL_MAX_COST or selecting one root field more often than its cap is refused with
// QUERY_TOO_COSTLY before any resolver runs, on the fast lane and on the Koa route alike; the
// per-minute cost budget answers 429 with Retry-After once spent. "No resolver ran" is read from
// the audit rows sumsubQuestionnaireDataDecrypted writes on every call (docs/kyc.md). Expected
// costs are worked out from the weights docs/api-limits.md lists.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BusinessApiClient, startBusinessApi } from '../support/business-api-client.ts';

const api = await startBusinessApi({ seed: 'demo' });
test.after(() => api.close());

/** The demo's first KYC profile (src/db/seed); each decryption of it writes one audit row. */
const profile = '77777777-0000-4000-8000-000000000001';
const decryption = `sumsubQuestionnaireDataDecrypted(kycProfileId: "${profile}") { kycProfileId }`;
const aliases = (count: number, field: string, prefix = 'a') =>
  Array.from({ length: count }, (_, index) => `${prefix}${index}: ${field}`).join(' ');

/** The fast lane serves `/graphql`; any query string sends the request to the Koa route. */
const ways = { lane: '/graphql', koa: '/graphql?via=koa' } as const;

async function post(target: BusinessApiClient, path: string, query: string) {
  const response = await target.graphql(query, undefined, {
    key: target.adminKey,
    // The admin key decrypts for the user it names (docs/identity.md#acting-user).
    actingUser: 'demo-admin',
    headers: { 'content-type': 'application/json' },
    path,
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: response.body };
}

async function auditRows(): Promise<number> {
  const rows = await api.rows(`SELECT count(*)::int AS n FROM audit_log WHERE resource_type = 'kyc_profile'`);
  return rows[0].n;
}

test('the audit rows count decryptions: one allowed decryption writes one', async () => {
  const before = await auditRows();
  const answer = await post(api, ways.lane, `{ ${decryption} }`);
  assert.is(answer.status, 200);
  assert.is(await auditRows(), before + 1);
});

// 5 decryptions (25 each) and 20 each of detail, net worth by user and by organization, summary and
// coin price with refresh: true (10, 10, 10, 5, 10): 125 + 200 + 200 + 200 + 100 + 200 = 1,025.
const overMaximum = `{ ${[
  aliases(5, decryption, 'k'),
  aliases(20, 'digitalWalletDetailById(id: 1, refresh: true) { id }', 'd'),
  aliases(20, 'netWorthUsdByUserId(userId: "demo-alice", refresh: true) { usdValue }', 'u'),
  aliases(
    20,
    'netWorthUsdByOrganizationId(organizationId: "11111111-0000-4000-8000-000000000001", refresh: true) { usdValue }',
    'o',
  ),
  aliases(20, 'digitalWalletSummaryById(id: 1, refresh: true) { id }', 's'),
  aliases(20, 'coinPrice(symbol: "BTC", refresh: true) { symbol }', 'p'),
].join(' ')} }`;

for (const [way, path] of Object.entries(ways)) {
  test(`${way}: an operation costing 1,025 of 1,000 points is refused with its cost and the maximum, nothing run`, async () => {
    const before = await auditRows();
    const answer = await post(api, path, overMaximum);
    assert.equal(answer, {
      status: 400,
      retryAfter: null,
      body: {
        errors: [
          {
            message: 'the operation costs 1025 points; at most 1000 are accepted per request (docs/api-limits.md)',
            extensions: { code: 'QUERY_TOO_COSTLY', cost: 1025, maximum: 1000 },
          },
        ],
      },
    });
    assert.is(await auditRows(), before);
  });

  test(`${way}: the campaign's 700 aliases of digitalWalletDetailById(refresh: true) cost 7,000 and are refused`, async () => {
    const answer = await post(api, path, `{ ${aliases(700, 'digitalWalletDetailById(id: 1, refresh: true) { id }')} }`);
    assert.is(answer.status, 400);
    assert.equal(answer.body.errors[0].extensions, { code: 'QUERY_TOO_COSTLY', cost: 7000, maximum: 1000 });
  });

  test(`${way}: six decryptions (150 points) pass the maximum but not the cap of 5, nothing run`, async () => {
    const before = await auditRows();
    const answer = await post(api, path, `{ ${aliases(6, decryption)} }`);
    assert.equal(answer, {
      status: 400,
      retryAfter: null,
      body: {
        errors: [
          {
            message:
              'the operation selects sumsubQuestionnaireDataDecrypted 6 times; at most 5 are accepted per request (docs/api-limits.md)',
            extensions: {
              code: 'QUERY_TOO_COSTLY',
              cost: 150,
              field: 'sumsubQuestionnaireDataDecrypted',
              selections: 6,
              maximumSelections: 5,
            },
          },
        ],
      },
    });
    assert.is(await auditRows(), before);
  });
}

test('five PDFs of one kind are within the cap; six are refused before any renders', async () => {
  const pdf = 'downloadInvoicePdf(input: { invoiceId: 1 }) { errors { code } }';
  const six = await post(api, ways.lane, `mutation { ${aliases(6, pdf)} }`);
  assert.is(six.status, 400);
  assert.equal(six.body.errors[0].extensions, {
    code: 'QUERY_TOO_COSTLY',
    cost: 600,
    field: 'downloadInvoicePdf',
    selections: 6,
    maximumSelections: 5,
  });
});

test('the cost budget: 10-point operations pass until 30 points a minute are spent, then 429 with Retry-After, both ways', async () => {
  const limited = await startBusinessApi({
    seed: 'demo',
    env: { GRAPHQL_MAX_COST: '30', GRAPHQL_COST_RATE_LIMIT: '30' },
  });
  try {
    const refreshed = '{ digitalWalletDetailById(id: 1, refresh: true) { id } }';
    const answers = [
      await post(limited, ways.lane, refreshed),
      await post(limited, ways.koa, refreshed),
      await post(limited, ways.lane, refreshed),
      await post(limited, ways.lane, refreshed),
      await post(limited, ways.koa, refreshed),
    ];
    assert.equal(
      answers.map((answer) => answer.status),
      [200, 200, 200, 429, 429],
    );
    for (const refused of answers.slice(3)) {
      const seconds = Number(refused.retryAfter);
      assert.ok(seconds >= 1 && seconds <= 60, `Retry-After ${refused.retryAfter}`);
      assert.equal(refused.body, {
        errors: [
          {
            message: `Too many requests: the cost limit is 30 points per 60 seconds and this operation costs 10; retry after ${seconds} seconds`,
            extensions: { code: 'RATE_LIMITED', retryAfterSeconds: seconds, cost: 10 },
          },
        ],
      });
    }
  } finally {
    await limited.close();
  }
});

test('an operation the budget refuses over the maximum spends none of it', async () => {
  const limited = await startBusinessApi({ env: { GRAPHQL_MAX_COST: '5', GRAPHQL_COST_RATE_LIMIT: '5' } });
  try {
    for (let attempt = 0; attempt < 3; attempt += 1)
      assert.is((await post(limited, ways.lane, `{ ${aliases(6, 'ping')} }`)).status, 400);
    const five = await post(limited, ways.lane, `{ ${aliases(5, 'ping')} }`);
    assert.equal(five.status, 200);
  } finally {
    await limited.close();
  }
});

test.run();
