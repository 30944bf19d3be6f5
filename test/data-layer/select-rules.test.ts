// The audited seed select rules of permissions.yaml through the data layer: the rows each role
// gets are compared with plain SQL written from the rule text, the columns with the rule's
// column list, and aggregates are allowed exactly where the rule allows them.
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { permissionModel } from '../../generated/permissions/compiled-permissions.ts';
import { startTestService, type TestService } from '../support/test-service.ts';
import { asRole, dataOf, demo, errorOf, postGraphql } from './data-layer-client.ts';

let service: TestService;

test.before(async () => {
  service = await startTestService({ SEED: 'demo' });
});

test.after(async () => {
  await service?.stop();
});

const orgAdmin = (organization: string, user: string) =>
  asRole('organization_admin', { 'x-data-organization-id': organization, 'x-data-user-id': user });
const investor = (user: string, funds: string) =>
  asRole('investor', { 'x-data-user-id': user, 'x-data-allowed-funds': funds });
const accounting = asRole('accounting', { 'x-data-organization-id': demo.aurora, 'x-data-user-id': 'demo-carol' });
const auditor = asRole('auditor');
const frontOffice = asRole('front_office');

async function expectedIds(query: ReturnType<typeof sql<{ id: string | number }>>): Promise<string[]> {
  const { rows } = await query.execute(service.db);
  return rows.map((row) => String(row.id)).sort();
}

const idsOf = (rows: { id: string | number }[]) => rows.map((row) => String(row.id)).sort();

async function query(headers: Record<string, string>, text: string, variables?: Record<string, unknown>) {
  return dataOf(await postGraphql(service, text, { headers, variables }));
}

/** The columns a role's schema offers on a table: its `<t>_select_column` enum. */
async function visibleColumns(headers: Record<string, string>, table: string): Promise<string[]> {
  const data = await query(headers, `{ __type(name: "${table}_select_column") { enumValues { name } } }`);
  return (data.__type?.enumValues ?? []).map((value: { name: string }) => value.name).sort();
}

const sorted = (names: readonly string[]) => [...names].sort();

type WalletRow = { id: number; usd_value: string; created_at: Date };

const walletRows = async (organization: string) =>
  (
    await sql<WalletRow>`SELECT id, usd_value::text AS usd_value, created_at FROM digital_wallet
      WHERE organization_id = ${organization} ORDER BY id`.execute(service.db)
  ).rows;

/** The answer of `ask` and the organization's wallet rows, read again until they stood unchanged around it. */
async function consistentRead(
  organization: string,
  ask: () => Promise<any>,
): Promise<{ data: any; rows: WalletRow[] }> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const before = await walletRows(organization);
    const data = await ask();
    const after = await walletRows(organization);
    if (JSON.stringify(before) === JSON.stringify(after)) return { data, rows: after };
  }
  throw new Error(`the wallets of ${organization} kept changing around the data layer's answer`);
}

test('organization_admin reads exactly the six audited wallet columns of its own organization', async () => {
  for (const [organization, user] of [
    [demo.aurora, 'demo-alice'],
    [demo.meridian, 'demo-grace'],
  ] as const) {
    // A wallet's usd_value follows every price refresh (docs/valuation.md#one-valuation), and the
    // service refreshes prices at start: compare an answer with rows that stood before and after it.
    const { data, rows } = await consistentRead(organization, () =>
      query(orgAdmin(organization, user), '{ digital_wallet { id label coin wallet_type usd_value created_at } }'),
    );
    assert.equal(
      idsOf(data.digital_wallet),
      await expectedIds(sql`SELECT id FROM digital_wallet WHERE organization_id = ${organization}`),
    );
    for (const row of rows) {
      const found = data.digital_wallet.find((wallet: { id: number }) => wallet.id === row.id);
      assert.is(found.usd_value, row.usd_value, 'numeric arrives as the exact decimal string');
      assert.is(Date.parse(found.created_at), row.created_at.getTime());
    }
  }
  assert.equal(
    await visibleColumns(orgAdmin(demo.aurora, 'demo-alice'), 'digital_wallet'),
    sorted(['id', 'label', 'coin', 'wallet_type', 'usd_value', 'created_at']),
  );
});

test('investor reads own subscriptions in allowed funds only, five columns, no aggregates', async () => {
  const cases = [
    ['demo-erin', '{1,2}', [1, 2]],
    ['demo-erin', '{1,2,3}', [1, 2, 3]],
    ['demo-heidi', '{2}', [2]],
    ['demo-erin', '{}', []],
  ] as const;
  for (const [user, funds, fundIds] of cases) {
    const data = await query(
      investor(user, funds),
      '{ fund_subscription { id fund_id subscription_amount status created_at } }',
    );
    const expected = await expectedIds(
      sql`SELECT id FROM fund_subscription WHERE user_id = ${user} AND fund_id = ANY(${[...fundIds]}::int[])`,
    );
    assert.equal(idsOf(data.fund_subscription), expected, `${user} ${funds}`);
  }
  assert.equal(
    await visibleColumns(investor('demo-erin', '{1}'), 'fund_subscription'),
    sorted(['id', 'fund_id', 'subscription_amount', 'status', 'created_at']),
  );
  const aggregate = errorOf(
    await postGraphql(service, '{ fund_subscription_aggregate { aggregate { count } } }', {
      headers: investor('demo-erin', '{1}'),
    }),
  );
  assert.is(
    aggregate.message,
    "field 'fund_subscription_aggregate' not found in type 'query_root' (unknown field or no permission)",
  );
  assert.is(aggregate.extensions.code, 'VALIDATION_FAILED');
});

test('fund requests name their investor user_id (migration 0003); investor_user_id is an unknown field', async () => {
  const fundManager = asRole('fund_manager', { 'x-data-organization-id': demo.northbridge });
  const familyOffice = asRole('family_office', { 'x-data-organization-id': demo.aurora });
  const data = await query(
    fundManager,
    `{
    fund_subscription(order_by: {id: asc}) { id user_id investor { id } }
    fund_redemption(order_by: {id: asc}) { id user_id }
    erin: fund_subscription(where: {user_id: {_eq: "demo-erin"}}) { id }
  }`,
  );
  const subscriptions = (
    await sql<{
      id: number;
      user_id: string;
    }>`SELECT s.id, s.user_id FROM fund_subscription s JOIN fund f ON f.id = s.fund_id WHERE f.organization_id = ${demo.northbridge} ORDER BY s.id`.execute(
      service.db,
    )
  ).rows;
  const redemptions = (
    await sql<{
      id: number;
      user_id: string;
    }>`SELECT r.id, r.user_id FROM fund_redemption r JOIN fund f ON f.id = r.fund_id WHERE f.organization_id = ${demo.northbridge} ORDER BY r.id`.execute(
      service.db,
    )
  ).rows;
  assert.ok(subscriptions.length > 0 && redemptions.length > 0, 'the demo funds have requests');
  assert.equal(
    data.fund_subscription,
    subscriptions.map((row) => ({ id: row.id, user_id: row.user_id, investor: { id: row.user_id } })),
  );
  assert.equal(
    data.fund_redemption,
    redemptions.map((row) => ({ id: row.id, user_id: row.user_id })),
  );
  assert.equal(idsOf(data.erin), idsOf(subscriptions.filter((row) => row.user_id === 'demo-erin')));
  const aurora = await query(familyOffice, '{ fund_subscription { id user_id } }');
  assert.equal(
    idsOf(aurora.fund_subscription),
    await expectedIds(
      sql`SELECT s.id FROM fund_subscription s JOIN app_user u ON u.id = s.user_id WHERE u.organization_id = ${demo.aurora}`,
    ),
  );
  // The old name is gone for every role, even those that could read it (admin, fund_manager, family_office).
  const readers = [
    [asRole(null), 'fund_subscription'],
    [asRole(null), 'fund_redemption'],
    [fundManager, 'fund_subscription'],
    [fundManager, 'fund_redemption'],
    [familyOffice, 'fund_subscription'],
    [investor('demo-erin', '{1,2}'), 'fund_subscription'],
    [investor('demo-erin', '{1,2}'), 'fund_redemption'],
  ] as const;
  for (const [headers, table] of readers) {
    const error = errorOf(await postGraphql(service, `{ ${table} { id investor_user_id } }`, { headers }));
    assert.is(error.message, `field 'investor_user_id' not found in type '${table}' (unknown field or no permission)`);
    assert.is(error.extensions.code, 'VALIDATION_FAILED');
  }
  // The investor's audited rule (permissions.yaml tables.fund_subscription.select.investor) still
  // shows five columns: the renamed column filters its rows but is not among them.
  const hidden = errorOf(
    await postGraphql(service, '{ fund_subscription { id user_id } }', { headers: investor('demo-erin', '{1,2}') }),
  );
  assert.is(hidden.message, "field 'user_id' not found in type 'fund_subscription' (unknown field or no permission)");
});

test('accounting reads every invoice with every column, including internal notes and cost breakdown', async () => {
  const data = await query(
    accounting,
    '{ invoice { id invoice_number total internal_notes cost_breakdown created_by } }',
  );
  assert.equal(idsOf(data.invoice), await expectedIds(sql`SELECT id FROM invoice`));
  const { rows } = await sql<{
    id: number;
    total: string;
    internal_notes: string | null;
    cost_breakdown: unknown;
  }>`SELECT id, total::text AS total, internal_notes, cost_breakdown FROM invoice`.execute(service.db);
  for (const row of rows) {
    const found = data.invoice.find((invoice: { id: number }) => invoice.id === row.id);
    assert.equal(
      [found.total, found.internal_notes, found.cost_breakdown],
      [row.total, row.internal_notes, row.cost_breakdown],
    );
  }
  assert.ok(
    rows.some((row) => row.internal_notes !== null),
    'the demo data has internal notes to hide',
  );
  const allColumns = permissionModel.tables.invoice.columns.map((column) => column.name);
  assert.equal(await visibleColumns(accounting, 'invoice'), sorted(allColumns));
  const totals = await query(accounting, '{ invoice_aggregate { aggregate { count sum { total } } } }');
  const [sums] = (
    await sql<{
      count: string;
      total: string;
    }>`SELECT count(*) AS count, sum(total)::text AS total FROM invoice`.execute(service.db)
  ).rows;
  assert.equal(totals.invoice_aggregate.aggregate, { count: Number(sums?.count), sum: { total: sums?.total } });
});

test('front_office reads every client wallet (six columns, no owner or custodian ids) and every OTC quote', async () => {
  const wallets = await query(frontOffice, '{ digital_wallet { id label coin wallet_type usd_value status } }');
  assert.equal(idsOf(wallets.digital_wallet), await expectedIds(sql`SELECT id FROM digital_wallet`));
  assert.equal(
    await visibleColumns(frontOffice, 'digital_wallet'),
    sorted(['id', 'label', 'coin', 'wallet_type', 'usd_value', 'status']),
  );
  const quotes = await query(frontOffice, '{ otc_quote { id } otc_quote_aggregate { aggregate { count } } }');
  assert.equal(idsOf(quotes.otc_quote), await expectedIds(sql`SELECT id FROM otc_quote`));
  assert.is(quotes.otc_quote_aggregate.aggregate.count, quotes.otc_quote.length);
  assert.equal(
    await visibleColumns(frontOffice, 'otc_quote'),
    sorted(permissionModel.tables.otc_quote.columns.map((column) => column.name)),
  );
  const sums = await query(
    frontOffice,
    '{ digital_wallet_aggregate { aggregate { sum { usd_value } max { usd_value } } } }',
  );
  const [expected] = (
    await sql<{
      sum: string;
      max: string;
    }>`SELECT sum(usd_value)::text AS sum, max(usd_value)::text AS max FROM digital_wallet`.execute(service.db)
  ).rows;
  assert.equal(sums.digital_wallet_aggregate.aggregate, {
    sum: { usd_value: expected?.sum },
    max: { usd_value: expected?.max },
  });
});

test('the invoice column split: accounting, auditor and organization_admin each see their columns', async () => {
  const all = permissionModel.tables.invoice.columns.map((column) => column.name);
  const hiddenFromAuditor = ['internal_notes', 'cost_breakdown'];
  const hiddenFromOrgAdmin = ['internal_notes', 'cost_breakdown', 'created_by'];
  assert.equal(
    await visibleColumns(auditor, 'invoice'),
    sorted(all.filter((column) => !hiddenFromAuditor.includes(column))),
  );
  assert.equal(
    await visibleColumns(orgAdmin(demo.aurora, 'demo-alice'), 'invoice'),
    sorted(all.filter((column) => !hiddenFromOrgAdmin.includes(column))),
  );
  assert.equal(
    idsOf((await query(auditor, '{ invoice { id created_by } }')).invoice),
    await expectedIds(sql`SELECT id FROM invoice`),
  );
  const own = await query(orgAdmin(demo.meridian, 'demo-grace'), '{ invoice { id } }');
  assert.equal(
    idsOf(own.invoice),
    await expectedIds(sql`SELECT id FROM invoice WHERE organization_id = ${demo.meridian}`),
  );
});

test('a column the role may not read answers exactly like a column that does not exist', async () => {
  const cases = [
    [auditor, 'internal_notes'],
    [auditor, 'cost_breakdown'],
    [orgAdmin(demo.aurora, 'demo-alice'), 'created_by'],
    [orgAdmin(demo.aurora, 'demo-alice'), 'internal_notes'],
  ] as const;
  for (const [headers, column] of cases) {
    for (const shape of [
      (name: string) => `{ invoice { id ${name} } }`,
      (name: string) => `{ invoice(where: {${name}: {_is_null: false}}) { id } }`,
      (name: string) => `{ invoice(order_by: {${name}: asc}) { id } }`,
      (name: string) => `{ invoice(distinct_on: [${name}]) { id } }`,
    ]) {
      const forbidden = errorOf(await postGraphql(service, shape(column), { headers }));
      const missing = errorOf(await postGraphql(service, shape('no_such_column'), { headers }));
      assert.match(forbidden.message, /permission/);
      assert.is(forbidden.message, missing.message.replace('no_such_column', column));
      assert.is(forbidden.extensions.path, missing.extensions.path.replace('no_such_column', column));
      assert.is(forbidden.extensions.code, 'VALIDATION_FAILED');
    }
  }
  // A table the role cannot read at all, and one that does not exist, answer alike.
  const table = errorOf(await postGraphql(service, '{ audit_log { id } }', { headers: frontOffice }));
  assert.is(table.message, "field 'audit_log' not found in type 'query_root' (unknown field or no permission)");
  assert.is(
    errorOf(await postGraphql(service, '{ api_key { id } }', { headers: asRole(null) })).message,
    "field 'api_key' not found in type 'query_root' (unknown field or no permission)",
  );
});

test('every role schema offers <t>_aggregate exactly where its rule allows aggregations', async () => {
  for (const [role, tables] of Object.entries(permissionModel.permissions)) {
    const declared = permissionModel.roles[role as keyof typeof permissionModel.roles]
      .sessionVariables as readonly string[];
    const session = Object.fromEntries(
      declared.map((name) => [
        name,
        name === 'x-data-organization-id' ? demo.aurora : name === 'x-data-allowed-funds' ? '{1}' : 'demo-alice',
      ]),
    );
    const data = await query(asRole(role, session), '{ __schema { queryType { fields { name } } } }');
    const fields = new Set(data.__schema.queryType.fields.map((field: { name: string }) => field.name));
    for (const [table, rules] of Object.entries(tables)) {
      if (!rules.select) continue;
      assert.ok(fields.has(table), `${role} selects ${table}`);
      assert.is(fields.has(`${table}_aggregate`), rules.select.allowAggregations, `${role} ${table}_aggregate`);
    }
  }
});

test('bigint columns arrive as strings, timestamps as ISO strings, jsonb as JSON', async () => {
  const data = await query(auditor, '{ audit_log(order_by: {id: asc}, limit: 1) { id occurred_at details } }');
  const [row] = (
    await sql<{
      id: string;
      occurred_at: Date;
      details: unknown;
    }>`SELECT id::text AS id, occurred_at, details FROM audit_log ORDER BY id LIMIT 1`.execute(service.db)
  ).rows;
  const [log] = data.audit_log;
  assert.is(log.id, row?.id);
  assert.is(typeof log.id, 'string');
  assert.is(Date.parse(log.occurred_at), row?.occurred_at.getTime());
  assert.equal(log.details, row?.details);
});

test.run();
