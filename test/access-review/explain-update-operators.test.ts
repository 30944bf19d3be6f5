// `access explain` on an update names the operators that write each client column
// (docs/access-review.md#explain, docs/data-layer.md#update-operators): literal answers for the
// seed rules, the columns' types read from migration 0001 (invoice: numeric totals, jsonb
// cost_breakdown; digital_wallet.label text).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { explainAccess } from '../../src/access-review/explain-access.ts';

test('accounting on invoice: _set every client column, _inc the numeric ones, the jsonb operators cost_breakdown', () => {
  const explanation = explainAccess({ role: 'accounting', table: 'invoice', action: 'update' });
  const jsonb = ['cost_breakdown'];
  assert.equal(explanation.updateOperators, [
    { operator: '_set', columns: explanation.columns },
    { operator: '_inc', columns: ['subtotal', 'tax_total', 'total'] },
    { operator: '_append', columns: jsonb },
    { operator: '_prepend', columns: jsonb },
    { operator: '_delete_key', columns: jsonb },
    { operator: '_delete_elem', columns: jsonb },
    { operator: '_delete_at_path', columns: jsonb },
  ]);
  assert.is(explanation.columns.length, 10);
  const total = explainAccess({ role: 'accounting', table: 'invoice', action: 'update', column: 'total' });
  assert.is(total.column?.words, 'a client may give total (through _set, _inc)');
});

test('organization_admin on digital_wallet: _set alone; select and insert name no operator', () => {
  assert.equal(
    explainAccess({ role: 'organization_admin', table: 'digital_wallet', action: 'update' }).updateOperators,
    [{ operator: '_set', columns: ['label'] }],
  );
  assert.equal(explainAccess({ role: 'accounting', table: 'invoice', action: 'select' }).updateOperators, []);
  assert.equal(explainAccess({ role: 'accounting', table: 'invoice', action: 'insert' }).updateOperators, []);
});

test.run();
