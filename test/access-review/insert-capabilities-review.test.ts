// The access review of what `insert_<t>` offers beyond its insert rule
// (docs/access-review.md#upserts-and-nested-inserts): explain and export list `on_conflict` and
// the nested inserts per role and table, and `diff` prints a widening through them as the
// request that shows it, on two versions of the real rules (the committed ones, and the same
// without one rule).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { permissionModel } from '../../generated/permissions/compiled-permissions.ts';
import type { PermissionModel, RuleAction } from '../../src/access/permission-model.ts';
import { judgeDiff, parseDiffAllowList } from '../../src/access-review/diff/diff-allow-list.ts';
import { diffPermissions } from '../../src/access-review/diff/diff-permissions.ts';
import { renderDiff } from '../../src/access-review/diff/render-diff.ts';
import { explainAccess } from '../../src/access-review/explain-access.ts';
import { accessRecords } from '../../src/access-review/export/access-records.ts';

const model: PermissionModel = permissionModel;

/** The committed rules without one role's rule on one table. */
function without(role: string, table: string, action: RuleAction): PermissionModel {
  const rules = model.permissions[role]?.[table];
  if (!rules?.[action]) throw new Error(`${role} has no ${action} rule on ${table}`);
  const tables = { ...model.permissions[role], [table]: { ...rules, [action]: null } };
  return { ...model, permissions: { ...model.permissions, [role]: tables } };
}

test('explain: on_conflict with its update path, and the nested inserts with their rules', () => {
  const investor = explainAccess({ role: 'investor', table: 'fund_subscription', action: 'insert' });
  assert.equal(investor.insertCapabilities, {
    upsert: {
      constraints: [
        { name: 'fund_subscription_dealing_key', columns: ['id', 'fund_id', 'user_id', 'subscription_amount'] },
        { name: 'fund_subscription_pkey', columns: ['id'] },
      ],
      updateColumns: ['status'],
      updateRows: "user_id equals the caller's X-Data-User-Id, and status equals 'pending'",
      updateCheck: "status equals 'cancelled'",
      updatePresets: [],
    },
    nestedInserts: [],
  });
  const accounting = explainAccess({ role: 'accounting', table: 'invoice', action: 'insert' });
  assert.equal(
    accounting.insertCapabilities?.nestedInserts.map((nested) => [
      nested.relationship,
      nested.kind,
      nested.table,
      nested.upsert,
    ]),
    [
      ['lines', 'array', 'invoice_line', true],
      ['receipts', 'array', 'receipt', false],
    ],
  );
  assert.is(
    accounting.insertCapabilities?.nestedInserts[0]?.rule,
    "check the related invoice (via `invoice`) matches [status equals 'draft']; columns invoice_id, position, description, quantity, unit_price, tax_rate, amount",
  );
  assert.is(
    explainAccess({ role: 'investor', table: 'fund_redemption', action: 'insert' }).insertCapabilities?.upsert,
    null,
  );
  assert.is(explainAccess({ role: 'investor', table: 'fund_subscription', action: 'select' }).insertCapabilities, null);
});

test('export: on_conflict, the update columns it may name, and the nested inserts per role x table', () => {
  const record = (role: string, table: string, column: string) =>
    accessRecords(model).find((found) => found.role === role && found.table === table && found.column === column);
  const status = record('investor', 'fund_subscription', 'status');
  assert.equal(
    [status?.onConflict, status?.upsertUpdate, status?.nestedInserts],
    [
      'constraints fund_subscription_dealing_key (id, fund_id, user_id, subscription_amount), fund_subscription_pkey (id); update columns status',
      true,
      'none',
    ],
  );
  assert.is(record('investor', 'fund_subscription', 'fund_id')?.upsertUpdate, false);
  assert.is(
    record('accounting', 'invoice', 'id')?.nestedInserts,
    'lines (array) -> invoice_line + on_conflict, receipts (array) -> receipt',
  );
  assert.equal([record('investor', 'fund_redemption', 'status')?.onConflict], ['no']);
});

test('diff: a new update rule on a table the role inserts into is witnessed by an upsert', () => {
  const diff = judgeDiff(diffPermissions(without('investor', 'fund_subscription', 'update'), model), []);
  assert.equal(renderDiff(diff, 'a -> b', 'allow.yaml').split('\n').slice(2), [
    '',
    'FAIL  investor fund_subscription update: more permissive (action gained)',
    '  not in allow.yaml',
    '  columns gained: status',
    '  rows: more permissive',
    '    admitted now, not before:',
    "      session: x-data-user-id = 'value-1'",
    "      row:     user_id = 'value-1', status = 'pending'",
    '  check: more permissive',
    '    admitted now, not before:',
    "      session: x-data-user-id = 'value-1'",
    "      row:     status = 'cancelled', user_id = 'value-1'",
    '  through on_conflict: allowed now, refused before (insert_fund_subscription_one takes no on_conflict):',
    "    session: x-data-allowed-funds = [1], x-data-user-id = 'value-1'",
    '    mutation { insert_fund_subscription_one(object: {fund_id: 1}, on_conflict: {constraint: fund_subscription_dealing_key, update_columns: [status]}) { __typename } }',
    '',
  ]);
  // The gate is the rule's: one widening, excused by the entry naming the update rule.
  const entries = parseDiffAllowList(
    'allow:\n  - { role: investor, table: fund_subscription, action: update, reason: Investors cancel pending subscriptions. }\n',
    'allow.yaml',
  );
  const allowed = judgeDiff(diffPermissions(without('investor', 'fund_subscription', 'update'), model), entries);
  assert.equal([diff.unallowed, allowed.unallowed, allowed.stale], [1, 0, []]);
  // The reverse (the update rule lost) narrows and phrases nothing as a request.
  const narrowed = diffPermissions(model, without('investor', 'fund_subscription', 'update'));
  assert.equal(
    narrowed.rules.map((rule) => [rule.action, rule.verdict, rule.requests]),
    [['update', 'less-permissive', []]],
  );
});

test('diff: a new insert rule on a related table is witnessed by nested inserts and its own upsert', () => {
  const diff = judgeDiff(diffPermissions(without('accounting', 'invoice_line', 'insert'), model), []);
  assert.equal(renderDiff(diff, 'a -> b', 'allow.yaml').split('\n').slice(2), [
    '',
    'FAIL  accounting invoice_line insert: more permissive (action gained)',
    '  not in allow.yaml',
    '  columns gained: amount, description, invoice_id, position, quantity, tax_rate, unit_price',
    '  check: more permissive',
    '    admitted now, not before:',
    '      session: (any)',
    '      row:     invoice_id = 1',
    "      related invoice (invoice): id = 1, status = 'draft'",
    '  through nested insert: allowed now, refused before (invoice_insert_input has no field lines):',
    "    session: x-data-user-id = 'value-1'",
    '    mutation { insert_invoice_one(object: {lines: {data: [{}]}}) { __typename } }',
    '  through on_conflict: allowed now, refused before (insert_invoice_line_one takes no on_conflict):',
    '    session: (any)',
    '    mutation { insert_invoice_line_one(object: {invoice_id: 1}, on_conflict: {constraint: invoice_line_invoice_id_position_key, update_columns: [position, description, quantity, unit_price, tax_rate, amount]}) { __typename } }',
    '  through nested insert: allowed now, refused before (invoice_line_insert_input has no field invoice):',
    "    session: x-data-user-id = 'value-1'",
    '    mutation { insert_invoice_line_one(object: {invoice: {data: {}}}) { __typename } }',
    '',
  ]);
});

test('diff: a nested insert no request can pass both checks of is not phrased as a request', () => {
  // A receipt needs an issued or paid invoice; an invoice is inserted as a draft: nested either
  // way, the two checks contradict, so only the rule's own witness is printed.
  const diff = diffPermissions(without('accounting', 'receipt', 'insert'), model);
  assert.equal(
    diff.rules.map((rule) => [rule.table, rule.action, rule.verdict, rule.requests]),
    [['receipt', 'insert', 'more-permissive', []]],
  );
});

test.run();
