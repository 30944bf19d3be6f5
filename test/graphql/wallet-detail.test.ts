// Query.digitalWalletDetailById through the real service on the demo data (schema.graphql
// DigitalWalletDetail; docs/conformance.md#wallet-detail): the summary fields as the summary
// answers them; addresses, whitelist, transfers with their approval, AML status and value
// history as the demo seed stores them, mapped to the schema's enums; null for a missing wallet
// and for a key bound to another organization; refused callers; cached until `refresh: true`.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_PENDING_APPROVAL_ID } from '../../src/db/seed/demo-wallet-activity.ts';
import { demoOrganizationIds } from '../../src/db/seed/demo-organizations.ts';
import { type CallerKey, startBusinessApi } from '../support/business-api-client.ts';
import { startCoinPricesFake } from '../support/provider-fakes/coin-prices-fake.ts';

// A price source that knows no coin: the stored demo prices are the ones valued.
const api = await startBusinessApi({ seed: 'demo', providers: [await startCoinPricesFake()] });
await api.rows(`UPDATE coin_price SET updated_at = now()`);

// Aurora BTC Custody (demo-wallets.ts): addresses, a whitelist in two states, three transfers, one
// of them waiting for the pending approval, an approved AML screening and 30 days of values.
const walletId = 1;
const keyOf = (organization: string | null, scopes: string[], kind: 'service' | 'partner' = 'service') =>
  api.key({ name: `detail ${kind}`, kind, organization, scopes });
const keys = {
  aurora: await keyOf(demoOrganizationIds.aurora, ['read']),
  meridian: await keyOf(demoOrganizationIds.meridian, ['read']),
  noRead: await keyOf(demoOrganizationIds.aurora, ['wallets']),
  partner: await keyOf(demoOrganizationIds.aurora, ['read'], 'partner'),
};

const summaryFields =
  'id label type status coin organizationId ownerUserId usdValue createdAt assets { name symbol balance value decimals unitPriceUsd usdValue allocationPerc priceUpdatedAt walletIds }';
const listFields = `
  addresses { id walletId address network label createdAt }
  whitelistEntries { id walletId address label status requestedByUserId createdAt decidedAt }
  recentTransactions { id walletId txid type state coin amountBaseUnits amount usdValue feeBaseUnits counterpartyAddress comment pendingApprovalId createdAt confirmedAt }
  amlStatus { status riskLevel riskScore screenedAt latestReport { id walletId status riskLevel riskScore provider requestedByUserId createdAt completedAt exposures { category exposureType usdValue sharePerc riskLevel } } }`;

async function post(key: CallerKey | null, query: string) {
  const { status, body } = await api.graphql(query, undefined, { key });
  return { status, body };
}

async function detail(key: CallerKey | null, id: number, selection: string, refresh = false) {
  return post(key, `{ digitalWalletDetailById(id: ${id}${refresh ? ', refresh: true' : ''}) { ${selection} } }`);
}

test.after(() => api.close());

test('the lists of a demo wallet: newest first, in the schema enums, amounts in base units and whole coins', async () => {
  const { status, body } = await detail(api.adminKey, walletId, `id ${listFields}`);
  assert.is(status, 200);
  assert.equal(body, {
    data: {
      digitalWalletDetailById: {
        id: walletId,
        addresses: [
          {
            id: 2,
            walletId,
            address: 'bc1qfzkdqz3vfe9fcvpewzlpz2f3lnkhvzn8l0ndmj',
            network: 'bitcoin',
            label: 'Q4 rebalancing deposit',
            createdAt: '2025-10-03T00:00:00.000Z',
          },
          {
            id: 1,
            walletId,
            address: 'bc1qpynx6xpxnw8ujx8r34yd248an6fskr4p8s4hvd',
            network: 'bitcoin',
            label: 'Primary deposit',
            createdAt: '2024-08-19T00:00:00.000Z',
          },
        ],
        whitelistEntries: [
          {
            id: 2,
            walletId,
            address: 'bc1q74sfu5xu0pwffdcqcmagwgd254jtxcgdspaf2u',
            label: 'Kraken institutional deposit',
            status: 'PENDING',
            requestedByUserId: 'demo-bob',
            createdAt: '2025-12-30T00:00:00.000Z',
            decidedAt: null,
          },
          {
            id: 1,
            walletId,
            address: 'bc1qmkany2vqxr07ut7qy04j6y5g2d80h236g3jkqx',
            label: 'Aurora cold storage (Zug)',
            status: 'APPROVED',
            requestedByUserId: 'demo-frank',
            createdAt: '2025-09-03T00:00:00.000Z',
            decidedAt: '2025-09-03T06:00:00.000Z',
          },
        ],
        recentTransactions: [
          {
            id: '7c344870959fe29f937ee26f',
            walletId,
            txid: null,
            type: 'SEND',
            state: 'PENDING_APPROVAL',
            coin: 'BTC',
            amountBaseUnits: '200000000',
            amount: '2',
            usdValue: '188500.24',
            feeBaseUnits: null,
            counterpartyAddress: 'bc1qmkany2vqxr07ut7qy04j6y5g2d80h236g3jkqx',
            comment: null,
            pendingApprovalId: DEMO_PENDING_APPROVAL_ID,
            createdAt: '2025-12-31T16:00:00.000Z',
            confirmedAt: null,
          },
          {
            id: '757cb67a6cfc4bf59dc434dd',
            walletId,
            txid: 'ded45a3e616dc4fb7deaefbee4cc4afaf3565b172fd5369805595e7b1c274ef0',
            type: 'SEND',
            state: 'CONFIRMED',
            coin: 'BTC',
            amountBaseUnits: '150000000',
            amount: '1.5',
            usdValue: '141375.18',
            feeBaseUnits: null,
            counterpartyAddress: 'bc1qmkany2vqxr07ut7qy04j6y5g2d80h236g3jkqx',
            comment: null,
            pendingApprovalId: null,
            createdAt: '2025-12-22T14:00:00.000Z',
            confirmedAt: '2025-12-22T14:45:00.000Z',
          },
          {
            id: '79f00197810364047869cb57',
            walletId,
            txid: '2d828cebec7a4e1da7c0f3479f0e3fcbd508636a94a3f7d5b3f59a7a55f7fa00',
            type: 'RECEIVE',
            state: 'CONFIRMED',
            coin: 'BTC',
            amountBaseUnits: '1000000000',
            amount: '10',
            usdValue: '942501.20',
            feeBaseUnits: null,
            counterpartyAddress: 'bc1qnmfaqcgd5604x3ksndke57gsg0k2390h5m3cmf',
            comment: null,
            pendingApprovalId: null,
            createdAt: '2025-12-07T09:00:00.000Z',
            confirmedAt: '2025-12-07T09:45:00.000Z',
          },
        ],
        amlStatus: {
          status: 'APPROVED',
          riskLevel: 'LOW',
          riskScore: 1.2,
          screenedAt: '2025-12-02T08:00:00.000Z',
          latestReport: {
            id: '44444444-0000-4000-8000-000000000001',
            walletId,
            status: 'APPROVED',
            riskLevel: 'LOW',
            riskScore: 1.2,
            provider: 'aml-simulator',
            requestedByUserId: 'demo-frank',
            createdAt: '2025-12-02T08:00:00.000Z',
            completedAt: '2025-12-02T08:00:00.000Z',
            exposures: [
              {
                category: 'exchange',
                exposureType: 'DIRECT',
                usdValue: '2880872.73',
                sharePerc: 71.5,
                riskLevel: 'LOW',
              },
              {
                category: 'custodian',
                exposureType: 'DIRECT',
                usdValue: '1148319.90',
                sharePerc: 28.5,
                riskLevel: 'LOW',
              },
            ],
          },
        },
      },
    },
  });
});

test('the summary fields equal what digitalWalletSummaryById answers for the wallet', async () => {
  const { body } = await post(
    api.adminKey,
    `{ summary: digitalWalletSummaryById(id: ${walletId}, refresh: true) { ${summaryFields} }
       detail: digitalWalletDetailById(id: ${walletId}, refresh: true) { ${summaryFields} } }`,
  );
  assert.equal(body.data.detail, body.data.summary);
  assert.is(body.data.detail.usdValue, '4029192.63');
  assert.is(body.data.detail.label, 'Aurora BTC Custody');
  assert.is(body.data.detail.type, 'CUSTODIAL');
});

test('AML: exposures highest risk first; a pending first screening has no risk yet', async () => {
  const aml =
    'amlStatus { status riskLevel riskScore screenedAt latestReport { id status riskLevel completedAt exposures { category riskLevel sharePerc } } }';
  const sol = (await detail(api.adminKey, 6, aml)).body.data.digitalWalletDetailById.amlStatus;
  assert.equal(sol.latestReport.exposures, [
    { category: 'gambling', riskLevel: 'MEDIUM', sharePerc: 5 },
    { category: 'exchange', riskLevel: 'LOW', sharePerc: 55 },
    { category: 'defi', riskLevel: 'LOW', sharePerc: 40 },
  ]);
  const smart = (await detail(api.adminKey, 7, aml)).body.data.digitalWalletDetailById.amlStatus;
  assert.equal(smart, {
    status: 'PENDING',
    riskLevel: null,
    riskScore: null,
    screenedAt: null,
    latestReport: {
      id: '44444444-0000-4000-8000-000000000006',
      status: 'PENDING',
      riskLevel: 'HIGH',
      completedAt: null,
      exposures: [
        { category: 'high risk exchange', riskLevel: 'HIGH', sharePerc: 32 },
        { category: 'exchange', riskLevel: 'LOW', sharePerc: 68 },
      ],
    },
  });
  const never = (await detail(api.adminKey, 3, 'amlStatus { status }')).body.data.digitalWalletDetailById;
  assert.equal(never, { amlStatus: null });
});

test('AML: a screening running after a completed one gives the status; the risk stays the completed one', async () => {
  await api.rows(
    `INSERT INTO aml_report (id, wallet_id, provider, screening_status, requested_by, created_at)
     VALUES ('44444444-0000-4000-8000-000000000099', 5, 'simulator', 'pending', 'demo-grace', '2026-01-01T12:00:00Z')`,
  );
  const { body } = await detail(
    api.adminKey,
    5,
    'amlStatus { status riskLevel riskScore screenedAt latestReport { id status riskLevel riskScore exposures { category } completedAt } }',
    true,
  );
  assert.equal(body.data.digitalWalletDetailById.amlStatus, {
    status: 'PENDING',
    riskLevel: 'LOW',
    riskScore: 0.5,
    screenedAt: '2025-12-12T08:00:00.000Z',
    latestReport: {
      id: '44444444-0000-4000-8000-000000000099',
      status: 'PENDING',
      riskLevel: null,
      riskScore: null,
      exposures: [],
      completedAt: null,
    },
  });
});

test('value history: one point per interval start, the newest value at or before it', async () => {
  const history = async (args: string) =>
    (await detail(api.adminKey, walletId, `valueHistory(${args}) { at usdValue }`)).body;
  assert.equal((await history('from: "2025-12-29T00:00:00Z", to: "2026-01-01T00:00:00Z"')).data, {
    digitalWalletDetailById: {
      valueHistory: [
        { at: '2025-12-29T00:00:00.000Z', usdValue: '4023148.84' },
        { at: '2025-12-30T00:00:00.000Z', usdValue: '4057396.98' },
        { at: '2025-12-31T00:00:00.000Z', usdValue: '3982856.91' },
        { at: '2026-01-01T00:00:00.000Z', usdValue: '4029192.63' },
      ],
    },
  });
  assert.equal(
    (await history('from: "2025-12-31T21:30:00Z", to: "2026-01-01T01:00:00Z", interval: HOUR')).data
      .digitalWalletDetailById.valueHistory,
    [
      { at: '2025-12-31T22:00:00.000Z', usdValue: '3982856.91' },
      { at: '2025-12-31T23:00:00.000Z', usdValue: '3982856.91' },
      { at: '2026-01-01T00:00:00.000Z', usdValue: '4029192.63' },
      { at: '2026-01-01T01:00:00.000Z', usdValue: '4029192.63' },
    ],
  );
  // Mondays 2025-12-01 (before the first value, 2025-12-03: no point), 12-08, 12-15.
  assert.equal(
    (await history('from: "2025-11-30T00:00:00Z", to: "2025-12-20T00:00:00Z", interval: WEEK')).data
      .digitalWalletDetailById.valueHistory,
    [
      { at: '2025-12-08T00:00:00.000Z', usdValue: '3739090.76' },
      { at: '2025-12-15T00:00:00.000Z', usdValue: '3870039.52' },
    ],
  );
  assert.equal(
    (await history('from: "2025-11-15T00:00:00Z", to: "2026-03-01T00:00:00Z", interval: MONTH')).data
      .digitalWalletDetailById.valueHistory,
    [
      { at: '2026-01-01T00:00:00.000Z', usdValue: '4029192.63' },
      { at: '2026-02-01T00:00:00.000Z', usdValue: '4029192.63' },
      { at: '2026-03-01T00:00:00.000Z', usdValue: '4029192.63' },
    ],
  );
});

test('value history: more than 1000 points, or from after to, is BAD_USER_INPUT', async () => {
  const refused = async (args: string) => {
    const { body } = await detail(api.adminKey, walletId, `valueHistory(${args}) { at }`);
    return { code: body.errors[0].extensions.code, message: body.errors[0].message, data: body.data };
  };
  assert.equal(await refused('from: "2025-11-01T00:00:00Z", to: "2026-01-01T00:00:00Z", interval: HOUR'), {
    code: 'BAD_USER_INPUT',
    message:
      'valueHistory: the range needs 1465 points at HOUR, at most 1000 are returned per request: choose a coarser interval or a shorter range',
    data: { digitalWalletDetailById: null },
  });
  assert.equal(await refused('from: "2026-01-02T00:00:00Z", to: "2026-01-01T00:00:00Z"'), {
    code: 'BAD_USER_INPUT',
    message: 'valueHistory: from must not be after to',
    data: { digitalWalletDetailById: null },
  });
});

test('recentTransactions: default 20, larger limits clamped to 100, negative refused', async () => {
  const northbridge = 8;
  await api.rows(
    `INSERT INTO digital_wallet_transaction (wallet_id, transfer_id, direction, coin, amount_base_units, state, created_at)
     SELECT $1, 'bulk' || n, 'receive', 'BTC', n, 'confirmed', '2026-01-01T00:00:00Z'::timestamptz + n * interval '1 minute'
     FROM generate_series(1, 120) AS n`,
    [northbridge],
  );
  const ids = async (limit: string) =>
    (
      await detail(api.adminKey, northbridge, `recentTransactions${limit} { id }`, true)
    ).body.data.digitalWalletDetailById.recentTransactions.map((transfer: { id: string }) => transfer.id);
  const newest = Array.from({ length: 120 }, (_, index) => `bulk${120 - index}`);
  assert.equal(await ids(''), newest.slice(0, 20));
  assert.equal(await ids('(limit: 1000)'), newest.slice(0, 100));
  assert.equal(await ids('(limit: 0)'), []);
  const { body } = await detail(api.adminKey, northbridge, 'recentTransactions(limit: -1) { id }');
  assert.is(body.errors[0].extensions.code, 'BAD_USER_INPUT');
});

test('an admin key and a key of the wallet organization see it; another organization and a missing id get null', async () => {
  assert.equal((await detail(api.adminKey, walletId, 'id organizationId')).body, {
    data: { digitalWalletDetailById: { id: walletId, organizationId: demoOrganizationIds.aurora } },
  });
  assert.equal((await detail(keys.aurora, walletId, 'id organizationId')).body, {
    data: { digitalWalletDetailById: { id: walletId, organizationId: demoOrganizationIds.aurora } },
  });
  assert.equal((await detail(keys.meridian, walletId, 'id')).body, { data: { digitalWalletDetailById: null } });
  assert.equal((await detail(api.adminKey, 2_000_000, 'id')).body, { data: { digitalWalletDetailById: null } });
  assert.is((await detail(api.adminKey, 0, 'id')).body.errors[0].extensions.code, 'BAD_USER_INPUT');
});

test('partner keys, keys without read, and no key are refused', async () => {
  const partner = await detail(keys.partner, walletId, 'id');
  assert.equal([partner.status, partner.body.errors[0].extensions.code], [200, 'FORBIDDEN']);
  const noRead = await detail(keys.noRead, walletId, 'id');
  assert.equal([noRead.status, noRead.body.errors[0].extensions.code], [200, 'FORBIDDEN']);
  const anonymous = await detail(null, walletId, 'id');
  assert.equal([anonymous.status, anonymous.body.errors[0].extensions.code], [401, 'UNAUTHENTICATED']);
});

test('cached per caller scope until refresh: true, value history included', async () => {
  const selection = `addresses { label } valueHistory(from: "2026-01-01T00:00:00Z", to: "2026-01-03T00:00:00Z") { at usdValue }`;
  const first = (await detail(keys.aurora, walletId, selection)).body.data.digitalWalletDetailById;
  // Unannounced (a write the records_changed notifications would otherwise drop the results for).
  await api.unannouncedRows(
    `INSERT INTO digital_wallet_address (wallet_id, address, network, label, created_at)
     VALUES ($1, 'bc1qnewdepositaddress', 'bitcoin', 'Added later', now())`,
    [walletId],
  );
  await api.unannouncedRows(
    `INSERT INTO digital_wallet_value_history (wallet_id, recorded_at, usd_value) VALUES ($1, '2026-01-02T00:00:00Z', '4100000.00')`,
    [walletId],
  );
  assert.equal((await detail(keys.aurora, walletId, selection)).body.data.digitalWalletDetailById, first);
  const fresh = (await detail(keys.aurora, walletId, selection, true)).body.data.digitalWalletDetailById;
  assert.equal(
    fresh.addresses.map((address: { label: string }) => address.label),
    ['Added later', 'Q4 rebalancing deposit', 'Primary deposit'],
  );
  assert.equal(fresh.valueHistory, [
    { at: '2026-01-01T00:00:00.000Z', usdValue: '4029192.63' },
    { at: '2026-01-02T00:00:00.000Z', usdValue: '4100000.00' },
    { at: '2026-01-03T00:00:00.000Z', usdValue: '4100000.00' },
  ]);
  // The refreshed result is stored: the next request without refresh gets it.
  assert.equal((await detail(keys.aurora, walletId, selection)).body.data.digitalWalletDetailById, fresh);
});

test.run();
