// Delete rules of permissions.yaml through the data layer (docs/data-layer.md#mutations): the
// rows deleted are those matching the rule's filter AND the client's where; others are
// untouched.
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

async function count(query: ReturnType<typeof sql<{ n: string }>>): Promise<number> {
  const { rows } = await query.execute(service.db);
  return Number(rows[0]?.n);
}

const accounting = (organization: string) =>
  asRole('accounting', { 'x-data-organization-id': organization, 'x-data-user-id': 'demo-carol' });
const orgAdmin = asRole('organization_admin', {
  'x-data-organization-id': demo.aurora,
  'x-data-user-id': 'demo-alice',
});
const clientUserAdmin = asRole('client_user_admin', {
  'x-data-organization-id': demo.meridian,
  'x-data-user-id': 'demo-grace',
});

test('accounting: only draft invoices of the session organization are deleted', async () => {
  const none = dataOf(
    await postGraphql(service, 'mutation { delete_invoice(where: {status: {_neq: "draft"}}) { affected_rows } }', {
      headers: accounting(demo.aurora),
    }),
  );
  assert.is(none.delete_invoice.affected_rows, 0);
  const foreign = dataOf(
    await postGraphql(service, 'mutation { delete_invoice_by_pk(id: 6) { id } }', {
      headers: accounting(demo.meridian),
    }),
  );
  assert.is(foreign.delete_invoice_by_pk, null);
  assert.is(await count(sql<{ n: string }>`SELECT count(*) AS n FROM invoice WHERE id = 6`), 1);
  const data = dataOf(
    await postGraphql(
      service,
      `mutation {
    lines: delete_invoice_line(where: {invoice_id: {_eq: 6}}) { affected_rows }
    invoice: delete_invoice_by_pk(id: 6) { id invoice_number status }
  }`,
      { headers: accounting(demo.aurora) },
    ),
  );
  assert.ok(data.lines.affected_rows > 0);
  assert.equal(data.invoice, { id: 6, invoice_number: 'INV-2026-0001', status: 'draft' });
  assert.is(await count(sql<{ n: string }>`SELECT count(*) AS n FROM invoice WHERE id = 6`), 0);
});

test('accounting: invoice lines of non-draft invoices are never deleted', async () => {
  const before = await count(sql<{ n: string }>`SELECT count(*) AS n FROM invoice_line`);
  const data = dataOf(
    await postGraphql(service, 'mutation { delete_invoice_line(where: {}) { affected_rows returning { id } } }', {
      headers: accounting(demo.aurora),
    }),
  );
  assert.equal(data.delete_invoice_line, { affected_rows: 0, returning: [] });
  assert.is(await count(sql<{ n: string }>`SELECT count(*) AS n FROM invoice_line`), before);
});

test("organization_admin: memberships of the organization except the caller's own", async () => {
  const own = dataOf(
    await postGraphql(
      service,
      'mutation { delete_organization_membership(where: {user_id: {_eq: "demo-alice"}}) { affected_rows } }',
      { headers: orgAdmin },
    ),
  );
  assert.is(own.delete_organization_membership.affected_rows, 0);
  const foreign = dataOf(
    await postGraphql(
      service,
      'mutation { delete_organization_membership(where: {user_id: {_eq: "demo-grace"}}) { affected_rows } }',
      { headers: orgAdmin },
    ),
  );
  assert.is(foreign.delete_organization_membership.affected_rows, 0);
  const data = dataOf(
    await postGraphql(
      service,
      `mutation {
    delete_organization_membership(where: {user_id: {_eq: "demo-bob"}, role: {_eq: "trader"}}) { affected_rows returning { user_id role } }
  }`,
      { headers: orgAdmin },
    ),
  );
  assert.equal(data.delete_organization_membership, {
    affected_rows: 1,
    returning: [{ user_id: 'demo-bob', role: 'trader' }],
  });
});

test('client_user_admin: only client roles may be revoked', async () => {
  const data = dataOf(
    await postGraphql(
      service,
      'mutation { delete_organization_membership(where: {user_id: {_eq: "demo-ivan"}}) { affected_rows returning { role } } }',
      { headers: clientUserAdmin },
    ),
  );
  assert.equal(data.delete_organization_membership, { affected_rows: 1, returning: [{ role: 'organization_member' }] });
  assert.is(
    await count(
      sql<{
        n: string;
      }>`SELECT count(*) AS n FROM organization_membership WHERE user_id = 'demo-ivan' AND role = 'trader'`,
    ),
    1,
  );
});

test('front_office: quote lines of draft quotes only; where is required; no delete rule → permission', async () => {
  const sent = dataOf(
    await postGraphql(service, 'mutation { delete_quote_line(where: {quote_id: {_eq: 4}}) { affected_rows } }', {
      headers: asRole('front_office'),
    }),
  );
  assert.is(sent.delete_quote_line.affected_rows, 0);
  const draft = dataOf(
    await postGraphql(service, 'mutation { delete_quote_line(where: {quote_id: {_eq: 5}}) { affected_rows } }', {
      headers: asRole('front_office'),
    }),
  );
  assert.ok(draft.delete_quote_line.affected_rows > 0);
  const noWhere = errorOf(
    await postGraphql(service, 'mutation { delete_quote_line { affected_rows } }', { headers: asRole('front_office') }),
  );
  assert.is(noWhere.extensions.code, 'VALIDATION_FAILED');
  const noRule = errorOf(
    await postGraphql(service, 'mutation { delete_quote(where: {}) { affected_rows } }', {
      headers: asRole('front_office'),
    }),
  );
  assert.match(
    noRule.message,
    /field 'delete_quote' not found in type 'mutation_root' \(unknown field or no permission\)/,
  );
});

test('admin: a delete blocked by a foreign key is a clear CONFLICT and deletes nothing', async () => {
  const error = errorOf(
    await postGraphql(service, 'mutation { delete_organization(where: {}) { affected_rows } }', {
      headers: asRole(null),
    }),
  );
  assert.is(error.extensions.code, 'CONFLICT');
  assert.match(error.message, /foreign key violation: constraint '[a-z_]+'/);
  assert.is(await count(sql<{ n: string }>`SELECT count(*) AS n FROM organization`), 3);
});

test.run();
