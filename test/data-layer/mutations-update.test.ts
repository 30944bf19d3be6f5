// Update rules of permissions.yaml through the data layer (docs/data-layer.md#mutations):
// `_set` holds only the rule's columns, rows are the rule's filter AND the client's where, and
// the post-update check must hold for every updated row or the whole operation is rolled back.
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

async function scalar(query: ReturnType<typeof sql<{ v: unknown }>>): Promise<unknown> {
  const { rows } = await query.execute(service.db);
  return rows[0]?.v;
}

const investor = asRole('investor', { 'x-data-user-id': 'demo-erin', 'x-data-allowed-funds': '{1,2,3}' });
const fundManager = asRole('fund_manager', { 'x-data-organization-id': demo.northbridge });
const signatory = asRole('fund_signatory', { 'x-data-organization-id': demo.northbridge });
const accounting = asRole('accounting', { 'x-data-organization-id': demo.aurora, 'x-data-user-id': 'demo-carol' });
const walletsAdmin = asRole('digital_wallets_admin', {
  'x-data-organization-id': demo.aurora,
  'x-data-user-id': 'demo-frank',
});

test('investor: cancels an own pending subscription; other states are not matched; any other status fails the check', async () => {
  const failed = errorOf(
    await postGraphql(
      service,
      'mutation { update_fund_subscription_by_pk(pk_columns: {id: 3}, _set: {status: "approved"}) { id } }',
      { headers: investor },
    ),
  );
  assert.is(failed.extensions.code, 'FORBIDDEN');
  assert.match(failed.message, /check constraint of an update permission has failed for 'fund_subscription'/);
  assert.is(await scalar(sql<{ v: unknown }>`SELECT status AS v FROM fund_subscription WHERE id = 3`), 'pending');
  const processed = dataOf(
    await postGraphql(
      service,
      'mutation { update_fund_subscription_by_pk(pk_columns: {id: 1}, _set: {status: "cancelled"}) { id } }',
      { headers: investor },
    ),
  );
  assert.is(processed.update_fund_subscription_by_pk, null);
  const data = dataOf(
    await postGraphql(
      service,
      'mutation($s: String!) { update_fund_subscription_by_pk(pk_columns: {id: 3}, _set: {status: $s}) { id status } }',
      { headers: investor, variables: { s: 'cancelled' } },
    ),
  );
  assert.equal(data.update_fund_subscription_by_pk, { id: 3, status: 'cancelled' });
});

test('fund_manager approves pending requests; fund_signatory rejects approved ones, and processes none: only a dealing does', async () => {
  const approved = dataOf(
    await postGraphql(
      service,
      'mutation { update_fund_redemption(where: {id: {_eq: 2}}, _set: {status: "approved"}) { affected_rows returning { id status } } }',
      { headers: fundManager },
    ),
  );
  assert.equal(approved.update_fund_redemption, { affected_rows: 1, returning: [{ id: 2, status: 'approved' }] });
  // Redemption 3 is approved, not pending: the manager's filter matches no row, so no check fails either.
  const skipped = dataOf(
    await postGraphql(
      service,
      'mutation { update_fund_redemption(where: {id: {_eq: 3}}, _set: {status: "processed"}) { affected_rows } }',
      { headers: fundManager },
    ),
  );
  assert.is(skipped.update_fund_redemption.affected_rows, 0);
  // Processing issues units and writes the register and the journal, which the data layer cannot
  // (docs/funds.md#dealing): the database refuses `processed` and names the business mutation.
  const processed = errorOf(
    await postGraphql(
      service,
      'mutation { update_fund_redemption(where: {}, _set: {status: "processed"}) { affected_rows } }',
      { headers: signatory },
    ),
  );
  assert.equal(processed, {
    message:
      "a fund redemption becomes 'processed' only through the business API's processFundRedemption, which redeems its units at the dealing NAV and writes the fund's register and journal in the same transaction (docs/funds.md#dealing); nothing was written",
    extensions: { code: 'FORBIDDEN', path: '$' },
  });
  assert.is(
    await scalar(
      sql<{
        v: unknown;
      }>`SELECT string_agg(id || ':' || status, ',' ORDER BY id) AS v FROM fund_redemption WHERE id IN (2, 3)`,
    ),
    '2:approved,3:approved',
  );
  const rejected = dataOf(
    await postGraphql(
      service,
      'mutation { update_fund_redemption(where: {}, _set: {status: "rejected"}) { affected_rows } }',
      { headers: signatory },
    ),
  );
  assert.is(rejected.update_fund_redemption.affected_rows, 2);
});

test('accounting: locking an invoice fails the post-update check; a locked invoice is not matched', async () => {
  const error = errorOf(
    await postGraphql(
      service,
      'mutation { update_invoice_by_pk(pk_columns: {id: 2}, _set: {status: "locked"}) { id } }',
      { headers: accounting },
    ),
  );
  assert.is(error.extensions.code, 'FORBIDDEN');
  assert.is(await scalar(sql<{ v: unknown }>`SELECT status AS v FROM invoice WHERE id = 2`), 'paid');
  const locked = dataOf(
    await postGraphql(
      service,
      'mutation { update_invoice(where: {id: {_eq: 1}}, _set: {internal_notes: "x"}) { affected_rows } }',
      { headers: accounting },
    ),
  );
  assert.is(locked.update_invoice.affected_rows, 0);
});

test('a failed check in a later root field rolls back the earlier ones', async () => {
  const response = await postGraphql(
    service,
    `mutation {
    first: update_invoice_by_pk(pk_columns: {id: 5}, _set: {internal_notes: "rolled back"}) { id }
    second: update_invoice_by_pk(pk_columns: {id: 2}, _set: {status: "locked"}) { id }
  }`,
    { headers: accounting },
  );
  assert.match(errorOf(response).message, /in 'second'/);
  assert.not.equal(
    await scalar(sql<{ v: unknown }>`SELECT internal_notes AS v FROM invoice WHERE id = 5`),
    'rolled back',
  );
});

test('digital_wallets_admin: the new owner must belong to the organization (check through a relationship)', async () => {
  const error = errorOf(
    await postGraphql(
      service,
      'mutation { update_digital_wallet_by_pk(pk_columns: {id: 3}, _set: {owner_user_id: "demo-grace"}) { id } }',
      { headers: walletsAdmin },
    ),
  );
  assert.is(error.extensions.code, 'FORBIDDEN');
  const data = dataOf(
    await postGraphql(
      service,
      'mutation { update_digital_wallet_by_pk(pk_columns: {id: 3}, _set: {owner_user_id: "demo-frank", label: "T relabelled"}) { label } }',
      { headers: walletsAdmin },
    ),
  );
  assert.equal(data.update_digital_wallet_by_pk, { label: 'T relabelled' });
});

test('user: only the own row changes, whatever the where says', async () => {
  const user = asRole('user', { 'x-data-user-id': 'demo-judy' });
  const data = dataOf(
    await postGraphql(
      service,
      'mutation { update_app_user(where: {}, _set: {first_name: "Judith"}) { affected_rows returning { id first_name } } }',
      { headers: user },
    ),
  );
  assert.equal(data.update_app_user, { affected_rows: 1, returning: [{ id: 'demo-judy', first_name: 'Judith' }] });
});

test('_set columns outside the rule and a missing _set are refused', async () => {
  const column = errorOf(
    await postGraphql(
      service,
      'mutation { update_invoice(where: {}, _set: {invoice_number: "X"}) { affected_rows } }',
      { headers: accounting },
    ),
  );
  assert.is(column.extensions.code, 'VALIDATION_FAILED');
  assert.match(
    column.message,
    /field 'invoice_number' not found in type 'invoice_set_input' \(unknown field or no permission\)/,
  );
  const email = errorOf(
    await postGraphql(
      service,
      'mutation { update_app_user(where: {}, _set: {email: "x@example.com"}) { affected_rows } }',
      { headers: asRole('user', { 'x-data-user-id': 'demo-judy' }) },
    ),
  );
  assert.match(
    email.message,
    /field 'email' not found in type 'app_user_set_input' \(unknown field or no permission\)/,
  );
  const empty = errorOf(
    await postGraphql(service, 'mutation { update_invoice(where: {}) { affected_rows } }', { headers: accounting }),
  );
  assert.is(empty.extensions.code, 'VALIDATION_FAILED');
  assert.is(
    empty.message,
    "'update_invoice' has nothing to update: give _set, _inc, _append, _prepend, _delete_key, _delete_elem, _delete_at_path",
  );
});

test('admin: a duplicate key on update is a CONFLICT naming the constraint', async () => {
  const error = errorOf(
    await postGraphql(
      service,
      'mutation { update_invoice_by_pk(pk_columns: {id: 2}, _set: {invoice_number: "INV-2025-0041"}) { id } }',
      { headers: asRole(null) },
    ),
  );
  assert.is(error.extensions.code, 'CONFLICT');
  assert.match(error.message, /uniqueness violation: constraint '[a-z_0-9]+' of 'invoice'/);
});

test.run();
