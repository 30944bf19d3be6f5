// Corpus: the update operators besides `_set` (`_inc` and the jsonb ones) on update_<t> and
// update_<t>_by_pk, and update_<t>_many (docs/data-layer.md#update-operators). The writes are
// checked against the database with plain SQL. accounting may update invoice (numeric totals, the
// jsonb cost_breakdown; not a locked invoice, nor lock one) and the lines of draft invoices;
// invoice 6 is Aurora's draft, invoice 1 is locked. Each case sets the values it starts from.
import { asRole, demo } from '../data-layer-client.ts';
import type { CorpusCase } from './corpus-case.ts';
import { runCorpus } from './run-corpus.ts';

const accounting = asRole('accounting', { 'x-data-organization-id': demo.aurora, 'x-data-user-id': 'demo-carol' });
const fundManager = asRole('fund_manager', { 'x-data-organization-id': demo.northbridge });
const orgAdmin = asRole('organization_admin', { 'x-data-organization-id': demo.aurora });

/** Invoice 6 with round totals and no cost breakdown or notes. */
const draftTotals =
  "UPDATE invoice SET subtotal = 100.10, tax_total = 7.70, total = 107.80, cost_breakdown = NULL, internal_notes = NULL, status = 'draft' WHERE id = 6";
const breakdown = (json: string) => `UPDATE invoice SET cost_breakdown = '${json}' WHERE id = 6`;
const invoice6 = (columns: string) => ({ sql: `SELECT ${columns} FROM invoice WHERE id = 6` });

const cases: CorpusCase[] = [
  {
    name: '_inc adds exact decimals to numeric columns, a negative increment subtracts',
    hasura: 'docs: mutations/postgres/update — increment/decrement a field with _inc',
    headers: accounting,
    given: [draftTotals],
    query:
      'mutation { update_invoice_by_pk(pk_columns: {id: 6}, _inc: {subtotal: "0.05", total: "-7.70"}) { subtotal tax_total total } }',
    expect: { data: { update_invoice_by_pk: { subtotal: '100.15', tax_total: '7.70', total: '100.10' } } },
    then: {
      ...invoice6('subtotal::text, tax_total::text, total::text'),
      rows: [{ subtotal: '100.15', tax_total: '7.70', total: '100.10' }],
    },
  },
  {
    name: '_inc keeps a numeric exact beyond a float (JSON number and decimal string operands)',
    hasura:
      'docs: mutations/postgres/update — _inc on a numeric column (a decimal string here: numeric travels as text)',
    headers: accounting,
    given: [draftTotals, 'UPDATE invoice SET subtotal = 99999999999999999999.99 WHERE id = 6'],
    query:
      'mutation($inc: invoice_inc_input) { update_invoice(where: {id: {_eq: 6}}, _inc: $inc) { affected_rows returning { subtotal tax_total } } }',
    variables: { inc: { subtotal: '0.01', tax_total: 0.1 } },
    expect: {
      data: {
        update_invoice: { affected_rows: 1, returning: [{ subtotal: '100000000000000000000.00', tax_total: '7.80' }] },
      },
    },
    then: {
      ...invoice6('subtotal::text, tax_total::text'),
      rows: [{ subtotal: '100000000000000000000.00', tax_total: '7.80' }],
    },
  },
  {
    name: '_inc on an integer column, up then down, on every line the rule lets through',
    hasura: 'docs: mutations/postgres/update — _inc on an Int column; rows are the rule filter AND where',
    headers: accounting,
    given: ['UPDATE invoice_line SET position = id WHERE invoice_id = 6'],
    query: `mutation {
      up: update_invoice_line(where: {invoice_id: {_eq: 6}}, _inc: {position: 100}) { affected_rows }
      down: update_invoice_line(where: {id: {_eq: 12}}, _inc: {position: -50}) { affected_rows returning { id position } }
    }`,
    expect: { data: { up: { affected_rows: 2 }, down: { affected_rows: 1, returning: [{ id: 12, position: 62 }] } } },
    then: {
      sql: 'SELECT id, position FROM invoice_line WHERE invoice_id = 6 ORDER BY id',
      rows: [
        { id: 12, position: 62 },
        { id: 13, position: 113 },
      ],
    },
  },
  {
    name: '_inc of a column outside the update rule is an unknown field of <t>_inc_input',
    hasura:
      'docs: auth/authorization/permission-rules — column permissions: a column outside the update rule is not in the input types',
    headers: accounting,
    query: 'mutation { update_invoice_by_pk(pk_columns: {id: 6}, _inc: {id: 1}) { id } }',
    expect: { error: { code: 'VALIDATION_FAILED', message: /'id'.*'invoice_inc_input'.*no permission/ } },
  },
  {
    name: 'a role whose update rule has no numeric column is offered no _inc at all',
    hasura: 'docs: mutations/postgres/update — _inc exists only for tables with numeric columns the role may update',
    headers: orgAdmin,
    query: 'mutation { update_digital_wallet(where: {}, _inc: {id: 1}) { affected_rows } }',
    expect: { error: { code: 'VALIDATION_FAILED', message: /'_inc'.*no permission/ } },
  },
  {
    name: 'fund_manager increments the NAV of a fund of its organization; other funds are not matched',
    hasura: 'docs: mutations/postgres/update — _inc with the update permission filter and check',
    headers: fundManager,
    given: ['UPDATE fund SET nav_per_unit = 1.25', `UPDATE fund SET organization_id = '${demo.aurora}' WHERE id = 3`],
    query: 'mutation { update_fund(where: {}, _inc: {nav_per_unit: "0.125"}) { affected_rows } }',
    expect: { data: { update_fund: { affected_rows: 2 } } },
    then: {
      sql: 'SELECT id, nav_per_unit::text AS nav FROM fund ORDER BY id',
      rows: [
        { id: 1, nav: '1.37500000' },
        { id: 2, nav: '1.37500000' },
        { id: 3, nav: '1.25000000' },
      ],
    },
  },
  {
    name: '_append merges an object into a jsonb object',
    hasura: 'docs: mutations/postgres/update — _append on a jsonb column (the || operator)',
    headers: accounting,
    given: [draftTotals, breakdown('{"currency": "USD"}')],
    query:
      'mutation { update_invoice_by_pk(pk_columns: {id: 6}, _append: {cost_breakdown: {reviewed: true, currency: "CHF"}}) { cost_breakdown } }',
    expect: { data: { update_invoice_by_pk: { cost_breakdown: { currency: 'CHF', reviewed: true } } } },
    then: { ...invoice6('cost_breakdown'), rows: [{ cost_breakdown: { currency: 'CHF', reviewed: true } }] },
  },
  {
    name: '_prepend puts elements before those of a jsonb array, _append after (two root fields, in order)',
    hasura: 'docs: mutations/postgres/update — _prepend and _append on a jsonb array',
    headers: accounting,
    given: [draftTotals, breakdown('[1, 2]')],
    query: `mutation($front: jsonb) {
      a: update_invoice_by_pk(pk_columns: {id: 6}, _prepend: {cost_breakdown: $front}) { cost_breakdown }
      b: update_invoice_by_pk(pk_columns: {id: 6}, _append: {cost_breakdown: [3]}) { cost_breakdown }
    }`,
    variables: { front: [0] },
    expect: { data: { a: { cost_breakdown: [0, 1, 2] }, b: { cost_breakdown: [0, 1, 2, 3] } } },
    then: { ...invoice6('cost_breakdown'), rows: [{ cost_breakdown: [0, 1, 2, 3] }] },
  },
  {
    name: '_delete_key removes a key of a jsonb object',
    hasura: 'docs: mutations/postgres/update — _delete_key (the - text operator)',
    headers: accounting,
    given: [draftTotals, breakdown('{"a": 1, "b": {"a": 2}}')],
    query:
      'mutation { update_invoice_by_pk(pk_columns: {id: 6}, _delete_key: {cost_breakdown: "a"}) { cost_breakdown } }',
    expect: { data: { update_invoice_by_pk: { cost_breakdown: { b: { a: 2 } } } } },
    then: { ...invoice6('cost_breakdown'), rows: [{ cost_breakdown: { b: { a: 2 } } }] },
  },
  {
    name: '_delete_elem removes an element of a jsonb array, a negative index counting from the end',
    hasura: 'docs: mutations/postgres/update — _delete_elem (the - integer operator)',
    headers: accounting,
    given: [draftTotals, breakdown('["a", "b", "c", "d"]')],
    query:
      'mutation($i: Int) { update_invoice_by_pk(pk_columns: {id: 6}, _delete_elem: {cost_breakdown: $i}) { cost_breakdown } }',
    variables: { i: -1 },
    expect: { data: { update_invoice_by_pk: { cost_breakdown: ['a', 'b', 'c'] } } },
    then: { ...invoice6('cost_breakdown'), rows: [{ cost_breakdown: ['a', 'b', 'c'] }] },
  },
  {
    name: '_delete_elem on a jsonb object is refused by PostgreSQL and writes nothing',
    hasura: 'docs: mutations/postgres/update — _delete_elem throws an error if the top level container is not an array',
    headers: accounting,
    given: [draftTotals, breakdown('{"a": 1}')],
    query: 'mutation { update_invoice_by_pk(pk_columns: {id: 6}, _delete_elem: {cost_breakdown: 0}) { id } }',
    expect: { error: { code: 'BAD_REQUEST', message: /cannot delete from object using integer index/ } },
    then: { ...invoice6('cost_breakdown'), rows: [{ cost_breakdown: { a: 1 } }] },
  },
  {
    name: '_delete_at_path removes the element at a path',
    hasura: 'docs: mutations/postgres/update — _delete_at_path (the #- text[] operator)',
    headers: accounting,
    given: [draftTotals, breakdown('{"components": [{"name": "x"}, {"name": "y"}], "currency": "USD"}')],
    query:
      'mutation { update_invoice(where: {id: {_eq: 6}}, _delete_at_path: {cost_breakdown: ["components", "0"]}) { affected_rows } }',
    expect: { data: { update_invoice: { affected_rows: 1 } } },
    then: {
      ...invoice6('cost_breakdown'),
      rows: [{ cost_breakdown: { components: [{ name: 'y' }], currency: 'USD' } }],
    },
  },
  {
    name: '_set and _inc of one column are refused, nothing written',
    hasura: 'graphql-engine Hasura.GraphQL.Schema.Update — a column found in multiple operators is a validation error',
    headers: accounting,
    given: [draftTotals],
    query:
      'mutation { update_invoice_by_pk(pk_columns: {id: 6}, _set: {total: "1.00", internal_notes: "x"}, _inc: {total: "1.00"}) { id } }',
    expect: {
      error: { code: 'VALIDATION_FAILED', message: "column found in multiple operators: 'total' in _set, _inc" },
    },
    then: { ...invoice6('total::text, internal_notes'), rows: [{ total: '107.80', internal_notes: null }] },
  },
  {
    name: 'an update naming no operator is refused, naming the operators the rule offers',
    hasura: 'docs: mutations/postgres/update — at least one of _set, _inc or the jsonb operators is required',
    headers: accounting,
    query: 'mutation { update_invoice_line(where: {}) { affected_rows } }',
    expect: {
      error: { code: 'VALIDATION_FAILED', message: "'update_invoice_line' has nothing to update: give _set, _inc" },
    },
  },
  {
    name: 'a null _inc operand is refused rather than turning the column null',
    hasura:
      'deliberate difference (docs/data-layer.md, update operators): Hasura computes col + NULL, which writes NULL',
    headers: accounting,
    given: [draftTotals],
    query: 'mutation($d: numeric) { update_invoice_by_pk(pk_columns: {id: 6}, _inc: {total: $d}) { id } }',
    variables: { d: null },
    expect: { error: { code: 'VALIDATION_FAILED', message: /_inc got null for 'total'/ } },
    then: { ...invoice6('total::text'), rows: [{ total: '107.80' }] },
  },
  {
    name: 'update_many: the second element sees what the first wrote',
    hasura: 'docs: mutations/postgres/update — update_<t>_many runs its updates in sequence, in one transaction',
    headers: accounting,
    given: [draftTotals],
    query: `mutation {
      update_invoice_many(updates: [
        {where: {id: {_eq: 6}}, _inc: {total: "1.00"}},
        {where: {total: {_eq: "108.80"}}, _set: {internal_notes: "seen"}, _append: {cost_breakdown: {}}}
      ]) { affected_rows returning { id total internal_notes } }
    }`,
    expect: {
      data: {
        update_invoice_many: [
          { affected_rows: 1, returning: [{ id: 6, total: '108.80', internal_notes: null }] },
          { affected_rows: 1, returning: [{ id: 6, total: '108.80', internal_notes: 'seen' }] },
        ],
      },
    },
    then: {
      ...invoice6('total::text, internal_notes, cost_breakdown'),
      rows: [{ total: '108.80', internal_notes: 'seen', cost_breakdown: null }],
    },
  },
  {
    name: 'update_many: an element whose where reaches only rows outside the rule filter affects none',
    hasura: 'docs: mutations/postgres/update — each update of update_<t>_many applies the permission filter',
    headers: accounting,
    given: [draftTotals],
    query: `mutation($u: [invoice_updates!]!) { update_invoice_many(updates: $u) { affected_rows } }`,
    variables: {
      u: [
        { where: { id: { _eq: 1 } }, _set: { internal_notes: 'changed' } },
        { where: { id: { _in: [1, 6] } }, _inc: { tax_total: '0.30' } },
      ],
    },
    expect: { data: { update_invoice_many: [{ affected_rows: 0 }, { affected_rows: 1 }] } },
    then: {
      sql: 'SELECT id, tax_total::text, internal_notes FROM invoice WHERE id IN (1, 6) ORDER BY id',
      rows: [
        { id: 1, tax_total: '473.85', internal_notes: 'Q3 2025 closed; period locked by accounting on 2025-11-15.' },
        { id: 6, tax_total: '8.00', internal_notes: null },
      ],
    },
  },
  {
    name: 'update_many: a failed check in the second element rolls back the first',
    hasura:
      'docs: mutations/postgres/update — update_<t>_many is one transaction; a failed update permission check fails it',
    headers: accounting,
    given: [draftTotals],
    query: `mutation {
      update_invoice_many(updates: [
        {where: {id: {_eq: 6}}, _inc: {total: "5.00"}},
        {where: {id: {_eq: 6}}, _set: {status: "locked"}}
      ]) { affected_rows }
    }`,
    expect: {
      error: {
        code: 'FORBIDDEN',
        message:
          "check constraint of an update permission has failed for 'invoice' in 'update_invoice_many.updates[1]'; nothing was written (permission check)",
      },
    },
    then: { ...invoice6('total::text, status'), rows: [{ total: '107.80', status: 'draft' }] },
  },
  {
    name: 'update_many with no updates answers an empty list',
    hasura: 'docs: mutations/postgres/update — update_<t>_many answers one response per update',
    headers: accounting,
    query: 'mutation { update_invoice_many(updates: []) { affected_rows } }',
    expect: { data: { update_invoice_many: [] } },
  },
  {
    name: 'update_many: _set and _inc of one column in an element are refused',
    hasura: 'graphql-engine Hasura.GraphQL.Schema.Update — a column found in multiple operators is a validation error',
    headers: accounting,
    query:
      'mutation { update_invoice_line_many(updates: [{where: {}, _set: {position: 1}, _inc: {position: 1}}]) { affected_rows } }',
    expect: {
      error: { code: 'VALIDATION_FAILED', message: "column found in multiple operators: 'position' in _set, _inc" },
    },
  },
];

runCorpus('hasura corpus: update operators and update_many', cases);
