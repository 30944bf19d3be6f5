// Insert rules of permissions.yaml through the data layer (docs/data-layer.md#mutations):
// presets fill columns the client may not give, the check holds for every inserted row or
// nothing is written, columns outside the rule are refused like unknown ones, and constraint
// violations are clear errors.
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
const accounting = asRole('accounting', { 'x-data-organization-id': demo.aurora, 'x-data-user-id': 'demo-carol' });
const orgAdmin = asRole('organization_admin', {
  'x-data-organization-id': demo.aurora,
  'x-data-user-id': 'demo-alice',
});

async function count(query: ReturnType<typeof sql<{ n: string }>>): Promise<number> {
  const { rows } = await query.execute(service.db);
  return Number(rows[0]?.n);
}

test('investor: a subscription gets the preset investor and the default status; the response shows it', async () => {
  const data = dataOf(
    await postGraphql(
      service,
      `mutation {
    insert_fund_subscription_one(object: {fund_id: 2, subscription_amount: "1234.50"}) { fund_id subscription_amount status }
  }`,
      { headers: investor('demo-erin', '{1,2}') },
    ),
  );
  assert.equal(data.insert_fund_subscription_one, { fund_id: 2, subscription_amount: '1234.50', status: 'pending' });
  assert.is(
    await count(
      sql<{
        n: string;
      }>`SELECT count(*) AS n FROM fund_subscription WHERE user_id = 'demo-erin' AND subscription_amount = 1234.50`,
    ),
    1,
  );
});

test('investor: the preset column is not part of the input type', async () => {
  const error = errorOf(
    await postGraphql(
      service,
      `mutation {
    insert_fund_subscription_one(object: {fund_id: 2, subscription_amount: "1", user_id: "demo-heidi"}) { id }
  }`,
      { headers: investor('demo-erin', '{1,2}') },
    ),
  );
  assert.is(error.extensions.code, 'VALIDATION_FAILED');
  assert.match(
    error.message,
    /field 'user_id' not found in type 'fund_subscription_insert_input' \(unknown field or no permission\)/,
  );
});

test('investor: a check failure in one row of a multi-row insert writes nothing', async () => {
  const before = await count(sql<{ n: string }>`SELECT count(*) AS n FROM fund_subscription`);
  const response = await postGraphql(
    service,
    `mutation {
    insert_fund_subscription(objects: [{fund_id: 2, subscription_amount: "10"}, {fund_id: 3, subscription_amount: "20"}]) { affected_rows }
  }`,
    { headers: investor('demo-erin', '{1,2,3}') },
  );
  const error = errorOf(response);
  assert.is(response.status, 200);
  assert.is(error.extensions.code, 'FORBIDDEN');
  assert.match(error.message, /check constraint of an insert permission has failed for 'fund_subscription'/);
  assert.is(await count(sql<{ n: string }>`SELECT count(*) AS n FROM fund_subscription`), before);
});

test('accounting: invoice insert with variables; many rows; returning shows what the role may select', async () => {
  const data = dataOf(
    await postGraphql(
      service,
      `mutation($objects: [invoice_insert_input!]!) {
    insert_invoice(objects: $objects) { affected_rows returning { invoice_number status created_by total } }
  }`,
      {
        headers: accounting,
        variables: {
          objects: [
            {
              invoice_number: 'INV-T-1',
              organization_id: demo.aurora,
              recipient_user_id: 'demo-alice',
              currency: 'CHF',
              subtotal: '10.00',
              tax_total: '0.81',
              total: '10.81',
            },
            {
              invoice_number: 'INV-T-2',
              organization_id: demo.meridian,
              recipient_user_id: 'demo-grace',
              currency: 'GBP',
              subtotal: '1',
              tax_total: '0',
              total: '1',
            },
          ],
        },
      },
    ),
  );
  assert.is(data.insert_invoice.affected_rows, 2);
  assert.equal(data.insert_invoice.returning.map((row: { invoice_number: string }) => row.invoice_number).sort(), [
    'INV-T-1',
    'INV-T-2',
  ]);
  assert.ok(
    data.insert_invoice.returning.every(
      (row: { status: string; created_by: string }) => row.status === 'draft' && row.created_by === 'demo-carol',
    ),
  );
});

test('a unique violation is a clear CONFLICT naming the constraint, not a 500', async () => {
  const response = await postGraphql(
    service,
    `mutation {
    insert_invoice_one(object: {invoice_number: "INV-2025-0041", organization_id: "${demo.aurora}", recipient_user_id: "demo-alice", currency: "CHF", subtotal: "1", tax_total: "0", total: "1"}) { id }
  }`,
    { headers: accounting },
  );
  const error = errorOf(response);
  assert.is(response.status, 200);
  assert.is(error.extensions.code, 'CONFLICT');
  assert.match(error.message, /uniqueness violation: constraint '[a-z_]+'/);
  assert.not.match(error.message, /INSERT|SELECT/);
});

test('organization_admin: wallet insert gets organization and creator presets', async () => {
  const data = dataOf(
    await postGraphql(
      service,
      `mutation {
    insert_digital_wallet_one(object: {label: "T wallet", coin: "BTC", wallet_type: "hot"}) { label }
  }`,
      { headers: orgAdmin },
    ),
  );
  assert.equal(data.insert_digital_wallet_one, { label: 'T wallet' });
  assert.is(
    await count(
      sql<{
        n: string;
      }>`SELECT count(*) AS n FROM digital_wallet WHERE label = 'T wallet' AND organization_id = ${demo.aurora} AND created_by = 'demo-alice'`,
    ),
    1,
  );
});

const clientUserAdmin = asRole('client_user_admin', {
  'x-data-organization-id': demo.meridian,
  'x-data-user-id': 'demo-grace',
});
const walletsAdmin = asRole('digital_wallets_admin', {
  'x-data-organization-id': demo.aurora,
  'x-data-user-id': 'demo-frank',
});
const admin = asRole(null);

test('client_user_admin: a user and a client-role membership in one mutation; the second sees the first', async () => {
  const data = dataOf(
    await postGraphql(
      service,
      `mutation {
    user: insert_app_user_one(object: {id: "t-new-1", email: "t-new-1@example.com", first_name: "New", last_name: "One"}) { id organization_id }
    membership: insert_organization_membership_one(object: {user_id: "t-new-1", role: "investor"}) { user_id role organization_id }
  }`,
      { headers: clientUserAdmin },
    ),
  );
  assert.equal(data.user, { id: 't-new-1', organization_id: demo.meridian });
  assert.equal(data.membership, { user_id: 't-new-1', role: 'investor', organization_id: demo.meridian });
});

test('client_user_admin: a failed check in the second root field rolls back the first', async () => {
  const response = await postGraphql(
    service,
    `mutation {
    user: insert_app_user_one(object: {id: "t-new-2", email: "t-new-2@example.com", first_name: "New", last_name: "Two"}) { id }
    membership: insert_organization_membership_one(object: {user_id: "t-new-2", role: "organization_admin"}) { role }
  }`,
    { headers: clientUserAdmin },
  );
  assert.match(
    errorOf(response).message,
    /check constraint of an insert permission has failed for 'organization_membership' in 'membership'/,
  );
  assert.is(await count(sql<{ n: string }>`SELECT count(*) AS n FROM app_user WHERE id = 't-new-2'`), 0);
});

test('client_user_admin: a membership for a user of another organization fails the check (through the user relationship)', async () => {
  const error = errorOf(
    await postGraphql(
      service,
      'mutation { insert_organization_membership(objects: [{user_id: "demo-erin", role: "director"}]) { affected_rows } }',
      { headers: clientUserAdmin },
    ),
  );
  assert.is(error.extensions.code, 'FORBIDDEN');
});

test("digital_wallets_admin: owner from the own organization or none passes; another organization's owner fails", async () => {
  const ok = dataOf(
    await postGraphql(
      service,
      `mutation {
    insert_digital_wallet(objects: [{label: "T owned", coin: "BTC", wallet_type: "hot", owner_user_id: "demo-bob"}, {label: "T unowned", coin: "ETH", wallet_type: "hot"}]) { affected_rows }
  }`,
      { headers: walletsAdmin },
    ),
  );
  assert.is(ok.insert_digital_wallet.affected_rows, 2);
  const error = errorOf(
    await postGraphql(
      service,
      'mutation { insert_digital_wallet_one(object: {label: "T foreign", coin: "BTC", wallet_type: "hot", owner_user_id: "demo-grace"}) { id } }',
      { headers: walletsAdmin },
    ),
  );
  assert.is(error.extensions.code, 'FORBIDDEN');
  assert.is(await count(sql<{ n: string }>`SELECT count(*) AS n FROM digital_wallet WHERE label = 'T foreign'`), 0);
});

test('digital_wallets_admin: a whitelist entry is created pending with the preset creator', async () => {
  const data = dataOf(
    await postGraphql(
      service,
      'mutation { insert_digital_wallet_whitelist_entry_one(object: {wallet_id: 1, address: "bc1qtest", label: "T"}) { status created_by } }',
      { headers: walletsAdmin },
    ),
  );
  assert.equal(data.insert_digital_wallet_whitelist_entry_one, { status: 'pending', created_by: 'demo-frank' });
  const error = errorOf(
    await postGraphql(
      service,
      'mutation { insert_digital_wallet_whitelist_entry_one(object: {wallet_id: 5, address: "bc1qother", label: "T"}) { id } }',
      { headers: walletsAdmin },
    ),
  );
  assert.match(error.message, /check constraint of an insert permission has failed/);
});

test('investor: a redemption from a fund outside X-Data-Allowed-Funds fails the check', async () => {
  const error = errorOf(
    await postGraphql(
      service,
      'mutation { insert_fund_redemption_one(object: {fund_id: 2, redemption_amount: "5"}) { id } }',
      { headers: investor('demo-erin', '{1}') },
    ),
  );
  assert.is(error.extensions.code, 'FORBIDDEN');
  const data = dataOf(
    await postGraphql(
      service,
      'mutation { insert_fund_redemption(objects: {fund_id: 1, redemption_amount: "5"}) { affected_rows } }',
      { headers: investor('demo-erin', '{1}') },
    ),
  );
  assert.is(data.insert_fund_redemption.affected_rows, 1);
});

test('accounting: a receipt for a draft invoice fails the check; one without an invoice passes', async () => {
  const base = `organization_id: "${demo.aurora}", recipient_user_id: "demo-alice", currency: "CHF", amount: "5.00", payment_method: "card", paid_at: "2026-01-01T00:00:00Z"`;
  const error = errorOf(
    await postGraphql(
      service,
      `mutation { insert_receipt_one(object: {receipt_number: "R-T-1", invoice_id: 6, ${base}}) { id } }`,
      { headers: accounting },
    ),
  );
  assert.is(error.extensions.code, 'FORBIDDEN');
  const data = dataOf(
    await postGraphql(
      service,
      `mutation { insert_receipt_one(object: {receipt_number: "R-T-2", ${base}}) { receipt_number invoice_id } }`,
      { headers: accounting },
    ),
  );
  assert.equal(data.insert_receipt_one, { receipt_number: 'R-T-2', invoice_id: null });
});

test('front_office: quote lines only on a draft quote', async () => {
  const line = 'position: 9, description: "T", quantity: "1", unit_price: "1", tax_rate: "0", amount: "1"';
  dataOf(
    await postGraphql(service, `mutation { insert_quote_line_one(object: {quote_id: 5, ${line}}) { id } }`, {
      headers: asRole('front_office'),
    }),
  );
  const error = errorOf(
    await postGraphql(service, `mutation { insert_quote_line_one(object: {quote_id: 4, ${line}}) { id } }`, {
      headers: asRole('front_office'),
    }),
  );
  assert.is(error.extensions.code, 'FORBIDDEN');
});

test('columns outside the rule and mutations the role has no rule for read like unknown ones (permission)', async () => {
  const column = errorOf(
    await postGraphql(
      service,
      `mutation { insert_invoice_one(object: {invoice_number: "X", status: "issued"}) { id } }`,
      { headers: accounting },
    ),
  );
  assert.is(column.extensions.code, 'VALIDATION_FAILED');
  assert.match(
    column.message,
    /field 'status' not found in type 'invoice_insert_input' \(unknown field or no permission\)/,
  );
  const variable = errorOf(
    await postGraphql(service, 'mutation($o: invoice_insert_input!) { insert_invoice_one(object: $o) { id } }', {
      headers: accounting,
      variables: { o: { invoice_number: 'X', created_by: 'me' } },
    }),
  );
  assert.match(
    variable.message,
    /field 'created_by' not found in type 'invoice_insert_input' \(unknown field or no permission\)/,
  );
  const field = errorOf(
    await postGraphql(service, 'mutation { insert_invoice(objects: []) { affected_rows } }', {
      headers: asRole('trader', { 'x-data-organization-id': demo.aurora, 'x-data-user-id': 'demo-bob' }),
    }),
  );
  assert.match(
    field.message,
    /field 'insert_invoice' not found in type 'mutation_root' \(unknown field or no permission\)/,
  );
});

test('admin: an empty insert affects nothing; database errors are clear and never a 500', async () => {
  assert.equal(
    dataOf(
      await postGraphql(service, 'mutation { insert_coin(objects: []) { affected_rows returning { symbol } } }', {
        headers: admin,
      }),
    ).insert_coin,
    { affected_rows: 0, returning: [] },
  );
  const line = 'position: 1, description: "T", quantity: "1", unit_price: "1", tax_rate: "0", amount: "1"';
  const foreign = await postGraphql(
    service,
    `mutation { insert_invoice_line_one(object: {invoice_id: 99999, ${line}}) { id } }`,
    { headers: admin },
  );
  assert.is(foreign.status, 200);
  assert.is(errorOf(foreign).extensions.code, 'CONFLICT');
  assert.match(errorOf(foreign).message, /foreign key violation: constraint '[a-z_]+' of 'invoice_line'/);
  const missing = errorOf(
    await postGraphql(service, `mutation { insert_invoice_line_one(object: {invoice_id: 6, position: 1}) { id } }`, {
      headers: admin,
    }),
  );
  assert.is(missing.extensions.code, 'BAD_REQUEST');
  assert.match(missing.message, /not-null violation: column '[a-z_]+' of 'invoice_line' needs a value/);
  const invalid = errorOf(
    await postGraphql(
      service,
      `mutation { update_invoice(where: {id: {_eq: 6}}, _set: {status: "bogus"}) { affected_rows } }`,
      { headers: admin },
    ),
  );
  assert.is(invalid.extensions.code, 'BAD_REQUEST');
  assert.not.match(invalid.message, /UPDATE|WITH|SELECT/);
});

test.run();
