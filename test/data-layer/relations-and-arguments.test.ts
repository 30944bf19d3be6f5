// Relationships and list arguments: every relation is filtered by the role's rule on the
// related table, a `where` through a relationship only sees rows the role may read, and
// order_by / limit / offset / distinct_on / by_pk / aggregates behave like Hasura's.
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestService, type TestService } from '../support/test-service.ts';
import { asRole, dataOf, demo, errorOf, postGraphql } from './data-layer-client.ts';

let service: TestService;

test.before(async () => {
  service = await startTestService({ SEED: 'demo' });
});

test.after(async () => {
  await service?.stop();
});

const investor = (user: string, funds: string) =>
  asRole('investor', { 'x-data-user-id': user, 'x-data-allowed-funds': funds });
const director = asRole('director', { 'x-data-organization-id': demo.meridian, 'x-data-user-id': 'demo-grace' });
const frontOffice = asRole('front_office');
const admin = asRole(null);

async function query(headers: Record<string, string>, text: string, variables?: Record<string, unknown>) {
  return dataOf(await postGraphql(service, text, { headers, variables }));
}

async function column<T>(text: ReturnType<typeof sql<{ value: T }>>): Promise<T[]> {
  return (await text.execute(service.db)).rows.map((row) => row.value);
}

test('an array relationship lists only related rows the role may read', async () => {
  const data = await query(
    investor('demo-erin', '{1,2}'),
    '{ fund(order_by: {id: asc}) { id subscriptions(order_by: {id: asc}) { id } } }',
  );
  for (const fund of data.fund) {
    const expected = await column<number>(sql`SELECT id AS value FROM fund_subscription
      WHERE fund_id = ${fund.id} AND user_id = 'demo-erin' AND fund_id = ANY('{1,2}'::int[]) ORDER BY id`);
    assert.equal(
      fund.subscriptions.map((row: { id: number }) => row.id),
      expected,
    );
  }
  assert.equal(
    data.fund.map((fund: { id: number }) => fund.id),
    [1, 2],
  );
});

test('an object relationship to a row the role may not read is null', async () => {
  const orgAdmin = asRole('organization_admin', {
    'x-data-organization-id': demo.aurora,
    'x-data-user-id': 'demo-alice',
  });
  const data = await query(
    orgAdmin,
    '{ compliance_case(order_by: {id: asc}) { id fund_id fund { id } organization { id } } }',
  );
  const funds = await column<number | null>(
    sql`SELECT fund_id AS value FROM compliance_case WHERE organization_id = ${demo.aurora} ORDER BY id`,
  );
  assert.ok(
    funds.some((fund) => fund !== null),
    'a case of Aurora names a fund of Northbridge',
  );
  assert.equal(
    data.compliance_case.map((row: { fund_id: number | null }) => row.fund_id),
    funds,
  );
  assert.ok(
    data.compliance_case.every((row: { fund: unknown }) => row.fund === null),
    'the fund belongs to another organization',
  );
  assert.ok(data.compliance_case.every((row: { organization: { id: string } }) => row.organization.id === demo.aurora));
});

test('a relationship whose join column the role may not read is not offered (stricter than Hasura)', async () => {
  // The audited front_office rule hides the wallet owner's id, so `owner { id }` must not reveal it.
  const error = (await postGraphql(service, '{ digital_wallet { owner { id } } }', { headers: frontOffice })).body
    .errors?.[0];
  assert.is(error?.message, "field 'owner' not found in type 'digital_wallet' (unknown field or no permission)");
  const where = (
    await postGraphql(service, '{ digital_wallet(where: {owner: {id: {_eq: "demo-alice"}}}) { id } }', {
      headers: director,
    })
  ).body.errors?.[0];
  assert.is(
    where?.message,
    "field 'owner' not found in type 'digital_wallet_bool_exp' (unknown field or no permission)",
  );
});

test('a where through a relationship only matches related rows the role may read', async () => {
  const text = '{ fund(where: {subscriptions: {status: {_eq: "approved"}}}) { id } }';
  // Heidi's approved subscription is in fund 1; Erin may read fund 1 but not Heidi's row.
  assert.equal((await query(investor('demo-erin', '{1,2}'), text)).fund, []);
  assert.equal((await query(investor('demo-heidi', '{1,2}'), text)).fund, [{ id: 1 }]);
});

test('comparison operators, _and/_or/_not, and leaf variables bound per request', async () => {
  const text = `query($min: numeric!, $coins: [String!], $pattern: String) {
    digital_wallet(where: {_and: [{usd_value: {_gte: $min}}, {_or: [{coin: {_in: $coins}}, {label: {_ilike: $pattern}}]}, {_not: {status: {_eq: "frozen"}}}]}, order_by: {id: asc}) { id }
  }`;
  const expected = async (min: string, coins: string[], pattern: string) =>
    column<number>(sql`SELECT id AS value FROM digital_wallet
    WHERE usd_value >= ${min}::numeric AND (coin = ANY(${coins}::text[]) OR label ILIKE ${pattern}) AND NOT (status = 'frozen') ORDER BY id`);
  for (const [min, coins, pattern] of [
    ['1000000', ['BTC'], '%smart%'],
    ['0', ['ETH', 'SOL'], 'Aurora%'],
    ['99999999', [], '%'],
  ] as const) {
    const data = await query(frontOffice, text, { min, coins, pattern });
    assert.equal(
      data.digital_wallet.map((wallet: { id: number }) => wallet.id),
      await expected(min, [...coins], pattern),
      `${min} ${coins} ${pattern}`,
    );
  }
  const literals = await query(
    frontOffice,
    '{ digital_wallet(where: {coin: {_nin: ["BTC", "ETH"]}, label: {_like: "%Trading%"}, usd_value: {_is_null: false}}) { id } }',
  );
  assert.equal(
    literals.digital_wallet.map((wallet: { id: number }) => wallet.id),
    await column<number>(
      sql`SELECT id AS value FROM digital_wallet WHERE coin <> ALL('{BTC,ETH}') AND label LIKE '%Trading%'`,
    ),
  );
  const list = await query(
    frontOffice,
    'query($a: String!, $b: String!) { digital_wallet(where: {coin: {_in: [$a, $b]}}, order_by: {id: asc}) { id } }',
    { a: 'SOL', b: 'AVAX' },
  );
  assert.equal(
    list.digital_wallet.map((wallet: { id: number }) => wallet.id),
    await column<number>(sql`SELECT id AS value FROM digital_wallet WHERE coin IN ('SOL', 'AVAX') ORDER BY id`),
  );
});

test('input-object and enum variables shape the plan and are honoured per request', async () => {
  const text =
    'query($where: digital_wallet_bool_exp, $order: [digital_wallet_order_by!]) { digital_wallet(where: $where, order_by: $order) { id } }';
  const btc = await query(frontOffice, text, { where: { coin: { _eq: 'BTC' } }, order: [{ id: 'desc' }] });
  assert.equal(
    btc.digital_wallet.map((wallet: { id: number }) => wallet.id),
    await column<number>(sql`SELECT id AS value FROM digital_wallet WHERE coin = 'BTC' ORDER BY id DESC`),
  );
  const eth = await query(frontOffice, text, { where: { coin: { _eq: 'ETH' } }, order: [{ id: 'asc' }] });
  assert.equal(
    eth.digital_wallet.map((wallet: { id: number }) => wallet.id),
    await column<number>(sql`SELECT id AS value FROM digital_wallet WHERE coin = 'ETH' ORDER BY id`),
  );
  const all = await query(frontOffice, text, {});
  assert.is(all.digital_wallet.length, (await column(sql`SELECT id AS value FROM digital_wallet`)).length);
});

test('order_by on columns and through object relationships, limit and offset', async () => {
  const data = await query(
    frontOffice,
    '{ digital_wallet(order_by: [{coin: asc}, {usd_value: desc_nulls_last}], limit: 3, offset: 2) { id } }',
  );
  assert.equal(
    data.digital_wallet.map((wallet: { id: number }) => wallet.id),
    await column<number>(
      sql`SELECT id AS value FROM digital_wallet ORDER BY coin, usd_value DESC NULLS LAST LIMIT 3 OFFSET 2`,
    ),
  );
  const nested = await query(admin, '{ digital_wallet(order_by: [{organization: {name: desc}}, {id: asc}]) { id } }');
  assert.equal(
    nested.digital_wallet.map((wallet: { id: number }) => wallet.id),
    await column<number>(
      sql`SELECT w.id AS value FROM digital_wallet w JOIN organization o ON o.id = w.organization_id ORDER BY o.name DESC, w.id`,
    ),
  );
});

test('array relationships: unsorted with a limit; sorted by a column named twice and a key through an object relationship, with limit and offset', async () => {
  const data = await query(
    admin,
    `{ organization(order_by: {id: asc}) {
        id
        first: digital_wallets(limit: 2) { id organization { id } }
        sorted: digital_wallets(order_by: [{coin: asc}, {coin: desc}, {organization: {name: asc}}, {id: desc}], limit: 3, offset: 1) { id }
      } }`,
  );
  assert.ok(data.organization.length >= 2);
  for (const organization of data.organization) {
    const all = await column<number>(
      sql`SELECT id AS value FROM digital_wallet WHERE organization_id = ${organization.id}`,
    );
    assert.equal(organization.first.length, Math.min(2, all.length));
    for (const wallet of organization.first) {
      assert.ok(all.includes(wallet.id), `wallet ${wallet.id} belongs to organization ${organization.id}`);
      assert.equal(wallet.organization, { id: organization.id });
    }
    assert.equal(
      organization.sorted.map((wallet: { id: number }) => wallet.id),
      await column<number>(sql`SELECT id AS value FROM digital_wallet WHERE organization_id = ${organization.id}
        ORDER BY coin, id DESC LIMIT 3 OFFSET 1`),
    );
  }
});

test('distinct_on keeps the first row of each value in the given order', async () => {
  const data = await query(
    frontOffice,
    '{ digital_wallet(distinct_on: [coin], order_by: [{coin: asc}, {usd_value: desc}]) { coin id } }',
  );
  const expected = await column<number>(
    sql`SELECT DISTINCT ON (coin) id AS value FROM digital_wallet ORDER BY coin, usd_value DESC`,
  );
  assert.equal(
    data.digital_wallet.map((wallet: { id: number }) => wallet.id),
    expected,
  );
  const paged = await query(
    frontOffice,
    '{ digital_wallet(distinct_on: [wallet_type], order_by: {usd_value: desc}, limit: 2) { id } }',
  );
  const pagedExpected = await column<number>(
    sql`SELECT id AS value FROM (SELECT DISTINCT ON (wallet_type) * FROM digital_wallet ORDER BY wallet_type, usd_value DESC) w ORDER BY usd_value DESC LIMIT 2`,
  );
  assert.equal(
    paged.digital_wallet.map((wallet: { id: number }) => wallet.id),
    pagedExpected,
  );
});

test('distinct_on selecting no column (only __typename, or a count) still answers', async () => {
  const data = await query(
    frontOffice,
    '{ digital_wallet(distinct_on: [coin]) { __typename } digital_wallet_aggregate(distinct_on: [coin]) { aggregate { count } } }',
  );
  const [coins] = await column<number>(sql`SELECT count(DISTINCT coin)::int AS value FROM digital_wallet`);
  assert.equal(data.digital_wallet.length, coins);
  assert.equal(data.digital_wallet_aggregate.aggregate.count, coins);
});

test('by_pk returns the row, or null when it is missing or hidden by the rule', async () => {
  const orgAdmin = asRole('organization_admin', {
    'x-data-organization-id': demo.aurora,
    'x-data-user-id': 'demo-alice',
  });
  const text = 'query($id: Int!) { digital_wallet_by_pk(id: $id) { id label } }';
  assert.equal((await query(orgAdmin, text, { id: 1 })).digital_wallet_by_pk, { id: 1, label: 'Aurora BTC Custody' });
  assert.is((await query(orgAdmin, text, { id: 5 })).digital_wallet_by_pk, null, 'a Meridian wallet');
  assert.is((await query(orgAdmin, text, { id: 999 })).digital_wallet_by_pk, null);
  const composite = await query(
    admin,
    `{ organization_membership_by_pk(organization_id: "${demo.aurora}", user_id: "demo-alice", role: "organization_admin") { role } }`,
  );
  assert.equal(composite.organization_membership_by_pk, { role: 'organization_admin' });
});

test('aggregates: count (columns, distinct), sum, avg, min, max, and nodes under the same arguments', async () => {
  const data = await query(
    frontOffice,
    `{ digital_wallet_aggregate(where: {coin: {_neq: "AVAX"}}, order_by: {id: asc}) {
    aggregate { count all: count(columns: [coin]) coins: count(columns: [coin], distinct: true) sum { usd_value } avg { usd_value } min { label usd_value } max { label } __typename }
    nodes { id }
  } }`,
  );
  const [expected] = (
    await sql<
      Record<string, string>
    >`SELECT count(*)::text AS count, count(DISTINCT coin)::text AS coins, sum(usd_value)::text AS sum, avg(usd_value)::text AS avg,
    min(label) AS min_label, min(usd_value)::text AS min_value, max(label) AS max_label FROM digital_wallet WHERE coin <> 'AVAX'`.execute(
      service.db,
    )
  ).rows;
  const aggregate = data.digital_wallet_aggregate.aggregate;
  assert.equal(aggregate, {
    count: Number(expected?.count),
    all: Number(expected?.count),
    coins: Number(expected?.coins),
    sum: { usd_value: expected?.sum },
    avg: { usd_value: expected?.avg },
    min: { label: expected?.min_label, usd_value: expected?.min_value },
    max: { label: expected?.max_label },
    __typename: 'digital_wallet_aggregate_fields',
  });
  assert.equal(
    data.digital_wallet_aggregate.nodes.map((node: { id: number }) => node.id),
    await column<number>(sql`SELECT id AS value FROM digital_wallet WHERE coin <> 'AVAX' ORDER BY id`),
  );
});

test("a rule's limit caps the client's (Hasura: the smaller wins); admin has none", async () => {
  await sql`INSERT INTO audit_log (action, resource_type) SELECT 'test.bulk', 'test' FROM generate_series(1, 1003)`.execute(
    service.db,
  );
  try {
    const auditor = asRole('auditor');
    assert.is((await query(auditor, '{ audit_log { id } }')).audit_log.length, 1000);
    assert.is((await query(auditor, '{ audit_log(limit: 5000) { id } }')).audit_log.length, 1000);
    assert.is((await query(auditor, '{ audit_log(limit: 7) { id } }')).audit_log.length, 7);
    const total = Number((await column<string>(sql`SELECT count(*)::text AS value FROM audit_log`))[0]);
    assert.is((await query(admin, '{ audit_log { id } }')).audit_log.length, total);
  } finally {
    await sql`DELETE FROM audit_log WHERE action = 'test.bulk'`.execute(service.db);
  }
});

test('aliases, fragments, @skip/@include and __typename', async () => {
  const text = `query($withLabel: Boolean!) {
    first: digital_wallet(order_by: {id: asc}, limit: 1) { ...walletFields __typename }
    second: digital_wallet(order_by: {id: desc}, limit: 1) { key: id ... on digital_wallet { label @include(if: $withLabel) } }
    __typename
  }
  fragment walletFields on digital_wallet { id coin label @skip(if: $withLabel) }`;
  const withLabel = await query(frontOffice, text, { withLabel: true });
  assert.equal(Object.keys(withLabel), ['first', 'second', '__typename']);
  assert.equal(withLabel.first, [{ id: 1, coin: 'BTC', __typename: 'digital_wallet' }]);
  assert.equal(Object.keys(withLabel.second[0]), ['key', 'label']);
  assert.is(withLabel.__typename, 'query_root');
  const without = await query(frontOffice, text, { withLabel: false });
  assert.equal(without.first, [{ id: 1, coin: 'BTC', label: 'Aurora BTC Custody', __typename: 'digital_wallet' }]);
  assert.equal(Object.keys(without.second[0]), ['key']);
});

test('an aggregate the role may not use is refused with the permission message', async () => {
  const orgMember = asRole('organization_member', {
    'x-data-organization-id': demo.aurora,
    'x-data-user-id': 'demo-bob',
  });
  const error = errorOf(
    await postGraphql(service, '{ app_user_aggregate { aggregate { count } } }', { headers: orgMember }),
  );
  assert.is(
    error.message,
    "field 'app_user_aggregate' not found in type 'query_root' (unknown field or no permission)",
  );
});

test.run();
