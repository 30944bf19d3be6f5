// Each lint rule of `access lint` on small crafted permission files (docs/access-review.md#lint):
// what it reports, exactly, and what it must leave alone. Rules the permissions compiler already
// refuses (a role without rules, variables a role lists but does not use or uses but does not
// list, undeclared variables) are shown on a compiled model changed afterwards.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PermissionModel } from '../../src/access/permission-model.ts';
import type { LintFinding, LintRuleId } from '../../src/access-review/lint/lint-finding.ts';
import { lintPermissions } from '../../src/access-review/lint/lint-permissions.ts';
import { craftedModel } from './crafted-permissions.ts';

function findings(model: PermissionModel, rule: LintRuleId): LintFinding[] {
  return lintPermissions(model).filter((finding) => finding.rule === rule);
}

const clerkAndKeeper = `roles:
  clerk: { description: c, session_variables: [] }
  keeper: { description: k, session_variables: [x-data-organization-id] }
`;

test('all-rows-all-columns: select or update of every row and column, delete of every row', () => {
  const model = craftedModel(`${clerkAndKeeper}tables:
  coin:
    description: coins
    select:
      clerk: { filter: {}, columns: '*' }
      keeper: { filter: {}, columns: [symbol, name] }
    update:
      clerk: { filter: {}, columns: '*', check: { decimals: { _gte: 0 } } }
      keeper: { filter: {}, columns: [name] }
    delete:
      clerk: { filter: {} }
  fund:
    description: funds
    select:
      keeper: { filter: { organization_id: { _eq: X-Data-Organization-Id } }, columns: '*' }
    delete:
      keeper: { filter: { organization_id: { _eq: X-Data-Organization-Id } } }
`);
  assert.equal(findings(model, 'all-rows-all-columns'), [
    {
      rule: 'all-rows-all-columns',
      subject: { role: 'clerk', table: 'coin', action: 'delete' },
      message: "role 'clerk' may delete every row of 'coin'",
    },
    {
      rule: 'all-rows-all-columns',
      subject: { role: 'clerk', table: 'coin', action: 'select' },
      message: "role 'clerk' selects every row and every column of 'coin'",
    },
    {
      rule: 'all-rows-all-columns',
      subject: { role: 'clerk', table: 'coin', action: 'update' },
      message: "role 'clerk' may update every column of every row of 'coin'",
    },
  ]);
});

test('unchecked-write: an insert whose check admits every row, an update without a check or with an empty one', () => {
  const model = craftedModel(`roles:
  clerk: { description: c, session_variables: [x-data-user-id] }
tables:
  invoice:
    description: invoices
    select:
      clerk: { filter: {}, columns: [id, status] }
    insert:
      clerk:
        check: {}
        set: { created_by: X-Data-User-Id }
        columns: [invoice_number, organization_id, recipient_user_id, currency, subtotal, tax_total, total, status]
    update:
      clerk: { filter: { status: { _eq: draft } }, columns: [status] }
  coin:
    description: coins
    select:
      clerk: { filter: {}, columns: [symbol] }
    insert:
      clerk: { check: { decimals: { _gte: 0 } }, columns: [symbol, name, network, decimals] }
    update:
      clerk: { filter: {}, columns: [name], check: {} }
  fund:
    description: funds
    select:
      clerk: { filter: {}, columns: [id] }
    update:
      clerk: { filter: {}, columns: [status], check: { status: { _in: [open, closed] } } }
`);
  assert.equal(findings(model, 'unchecked-write'), [
    {
      rule: 'unchecked-write',
      subject: { role: 'clerk', table: 'coin', action: 'update' },
      message: "role 'clerk' updates 'coin' without a check on the updated row",
    },
    {
      rule: 'unchecked-write',
      subject: { role: 'clerk', table: 'invoice', action: 'insert' },
      message: "role 'clerk' inserts into 'invoice' without a check",
    },
    {
      rule: 'unchecked-write',
      subject: { role: 'clerk', table: 'invoice', action: 'update' },
      message: "role 'clerk' updates 'invoice' without a check on the updated row",
    },
  ]);
});

test('write-on-read-only-table: a write rule on a table marked read_only, which the compiler refuses (model changed afterwards)', () => {
  const compiled = craftedModel(`roles:
  clerk: { description: c, session_variables: [] }
tables:
  coin:
    description: coins
    select:
      clerk: { filter: {}, columns: [symbol] }
    insert:
      clerk: { check: { decimals: { _gte: 0 } }, columns: [symbol, name, network, decimals] }
    delete:
      clerk: { filter: {} }
  coin_price:
    description: prices
    select:
      clerk: { filter: {}, columns: [symbol] }
    update:
      clerk: { filter: {}, columns: [usd_price], check: { usd_price: { _gt: 0 } } }
  fund:
    description: funds
    select:
      clerk: { filter: {}, columns: [id] }
`);
  assert.equal(findings(compiled, 'write-on-read-only-table'), []);
  const readOnly = (table: string) =>
    ({ ...compiled.tables[table], readOnly: true }) as PermissionModel['tables'][string];
  const model: PermissionModel = {
    ...compiled,
    tables: { ...compiled.tables, coin: readOnly('coin'), fund: readOnly('fund') },
  };
  assert.equal(findings(model, 'write-on-read-only-table'), [
    {
      rule: 'write-on-read-only-table',
      subject: { role: 'clerk', table: 'coin', action: 'delete' },
      message: "role 'clerk' has a delete rule on 'coin', which is read_only",
    },
    {
      rule: 'write-on-read-only-table',
      subject: { role: 'clerk', table: 'coin', action: 'insert' },
      message: "role 'clerk' has an insert rule on 'coin', which is read_only",
    },
  ]);
});

test('unreadable-table and unreadable-column: tracked but read by no role (only admin)', () => {
  const model = craftedModel(`${clerkAndKeeper}tables:
  coin:
    description: coins
    select:
      clerk: { filter: {}, columns: [symbol, name] }
      keeper: { filter: {}, columns: [symbol, network] }
  coin_price:
    description: prices
  fund:
    description: funds
    select:
      keeper: { filter: { organization_id: { _eq: X-Data-Organization-Id } }, columns: '*' }
`);
  assert.equal(
    lintPermissions(model).filter((finding) => finding.rule.startsWith('unreadable-')),
    [
      {
        rule: 'unreadable-table',
        subject: { table: 'coin_price' },
        message: "no role may select 'coin_price' (only the admin secret reads it)",
      },
      {
        rule: 'unreadable-column',
        subject: { table: 'coin', column: 'decimals' },
        message: "no role may select 'coin.decimals' (only the admin secret reads it)",
      },
      {
        rule: 'unreadable-column',
        subject: { table: 'coin', column: 'network_fee_coin' },
        message: "no role may select 'coin.network_fee_coin' (only the admin secret reads it)",
      },
    ],
  );
});

test('unused-session-variable: declared and referenced by nothing (document rules count as references)', () => {
  const model = craftedModel(`roles:
  keeper: { description: k, session_variables: [x-data-organization-id] }
tables:
  invoice:
    description: invoices
    select:
      keeper: { filter: { organization_id: { _eq: X-Data-Organization-Id } }, columns: [id] }
document_access:
  invoice:
    table: invoice
    description: the invoice route
    rules:
      - { name: recipient, filter: { recipient_user_id: { _eq: X-Data-User-Id } } }
`);
  assert.equal(findings(model, 'unused-session-variable'), [
    {
      rule: 'unused-session-variable',
      subject: { variable: 'x-data-allowed-funds' },
      message: "session variable 'x-data-allowed-funds' is declared but no rule references it",
    },
  ]);
  assert.equal(findings(model, 'undeclared-session-variable'), []);
});

test('session variables a role lists but does not use, uses but does not list, or nobody declared (compiler-refused, on a changed model)', () => {
  const compiled = craftedModel(`roles:
  keeper: { description: k, session_variables: [x-data-organization-id] }
  owner: { description: o, session_variables: [x-data-user-id] }
tables:
  fund:
    description: funds
    select:
      keeper: { filter: { organization_id: { _eq: X-Data-Organization-Id } }, columns: [id] }
  app_user:
    description: users
    select:
      owner: { filter: { id: { _eq: X-Data-User-Id } }, columns: [id] }
      keeper: { filter: { organization_id: { _eq: X-Data-Organization-Id } }, columns: [id] }
`);
  const declared = Object.fromEntries(
    Object.entries(compiled.sessionVariables).filter(([name]) => name !== 'x-data-user-id'),
  );
  const model: PermissionModel = {
    ...compiled,
    sessionVariables: declared,
    roles: {
      keeper: { description: 'k', sessionVariables: ['x-data-allowed-funds'] },
      owner: { description: 'o', sessionVariables: ['x-data-user-id'] },
    },
  };
  assert.equal(
    lintPermissions(model).filter((finding) => finding.rule.endsWith('session-variable')),
    [
      {
        rule: 'unused-session-variable',
        subject: { role: 'keeper', variable: 'x-data-allowed-funds' },
        message: "role 'keeper' lists session variable 'x-data-allowed-funds' but none of its rules uses it",
      },
      {
        rule: 'unused-session-variable',
        subject: { variable: 'x-data-allowed-funds' },
        message: "session variable 'x-data-allowed-funds' is declared but no rule references it",
      },
      {
        rule: 'undeclared-session-variable',
        subject: { role: 'keeper', variable: 'x-data-organization-id' },
        message:
          "the rules of role 'keeper' use session variable 'x-data-organization-id', which the role does not list",
      },
      {
        rule: 'undeclared-session-variable',
        subject: { variable: 'x-data-user-id' },
        message: "session variable 'x-data-user-id' is used but not declared under session_variables",
      },
    ],
  );
});

test('role-without-rules (compiler-refused, on a changed model)', () => {
  const compiled = craftedModel(`roles:
  clerk: { description: c, session_variables: [] }
tables:
  coin:
    description: coins
    select:
      clerk: { filter: {}, columns: [symbol] }
`);
  const model: PermissionModel = {
    ...compiled,
    roles: { ...compiled.roles, idle: { description: 'i', sessionVariables: [] } },
    permissions: { ...compiled.permissions, idle: {} },
  };
  assert.equal(findings(model, 'role-without-rules'), [
    {
      rule: 'role-without-rules',
      subject: { role: 'idle' },
      message: "role 'idle' has no rule on any table: it can do nothing through the data layer",
    },
  ]);
  assert.equal(findings(compiled, 'role-without-rules'), []);
});

/** Whether lint calls the select filter of one role on `table` (organization or fund) unsatisfiable. */
function unsatisfiable(table: 'organization' | 'fund', filter: string, variables = '[]'): boolean {
  const probe = `{ filter: ${filter}, columns: [id] }`;
  const model = craftedModel(`roles:
  probe: { description: p, session_variables: ${variables} }
  other: { description: o, session_variables: [] }
tables:
  organization:
    description: o
    select:
      ${table === 'organization' ? 'probe' : 'other'}: ${table === 'organization' ? probe : '{ filter: {}, columns: [id] }'}
  fund:
    description: t
    object_relationships:
      organization: { remote_table: organization, column_mapping: { organization_id: id } }
    select:
      ${table === 'fund' ? 'probe' : 'other'}: ${table === 'fund' ? probe : '{ filter: {}, columns: [id] }'}
`);
  const found = findings(model, 'unsatisfiable-filter');
  if (found.length === 0) return false;
  assert.equal(found, [
    {
      rule: 'unsatisfiable-filter',
      subject: { role: 'probe', table, action: 'select', part: 'filter' },
      message: `the select filter of role 'probe' on '${table}' can never admit a row`,
    },
  ]);
  return true;
}

test('unsatisfiable-filter: contradictions lint can prove', () => {
  const never: ['organization' | 'fund', string, string?][] = [
    ['organization', '{ _and: [{ kind: { _eq: fund } }, { kind: { _eq: company } }] }'],
    ['organization', '{ kind: { _eq: fund, _neq: fund } }'],
    ['organization', '{ kind: { _in: [fund, company], _nin: [fund, company] } }'],
    ['organization', '{ _and: [{ kind: { _in: [fund, company] } }, { _and: [{ kind: { _in: [person] } }] }] }'],
    ['organization', '{ name: { _in: [] } }'],
    ['organization', '{ _not: {} }'],
    ['organization', '{ slug: { _is_null: true, _eq: x } }'],
    ['organization', '{ _and: [{ slug: { _is_null: true } }, { slug: { _is_null: false } }] }'],
    ['organization', '{ slug: { _is_null: true, _like: "a%" } }'],
    [
      'organization',
      '{ id: { _eq: X-Data-Organization-Id, _neq: X-Data-Organization-Id } }',
      '[x-data-organization-id]',
    ],
    ['fund', '{ id: { _gt: 5, _lt: 3 } }'],
    ['fund', '{ id: { _gt: 3, _lte: 3 } }'],
    ['fund', '{ id: { _in: [1, 2], _gte: 3 } }'],
    ['fund', '{ nav_per_unit: { _eq: 1, _neq: 1.0 } }'],
    ['fund', '{ organization: { kind: { _eq: fund, _neq: fund } } }'],
    ['fund', '{ _or: [{ id: { _in: [] } }, { organization: { name: { _in: [] } } }] }'],
  ];
  for (const [table, filter, variables] of never) assert.ok(unsatisfiable(table, filter, variables), filter);
});

test('unsatisfiable-filter: what lint cannot prove, or what can match, is left alone', () => {
  const possible: ['organization' | 'fund', string, string?][] = [
    ['organization', '{}'],
    ['organization', '{ kind: { _eq: fund, _neq: company } }'],
    [
      'organization',
      '{ _or: [{ kind: { _eq: fund } }, { _and: [{ kind: { _eq: fund } }, { kind: { _eq: company } }] }] }',
    ],
    ['organization', '{ kind: { _in: [fund, company], _nin: [fund] } }'],
    ['organization', '{ slug: { _is_null: false, _neq: x } }'],
    ['organization', '{ _not: { kind: { _eq: fund } } }'],
    // uuid text may differ in case and still be one value: undecided.
    [
      'organization',
      '{ id: { _eq: 11111111-0000-4000-8000-00000000000A, _neq: 11111111-0000-4000-8000-00000000000a } }',
    ],
    // bpchar ignores trailing blanks: 'DE' and 'DE ' are equal, so not a contradiction.
    ['organization', "{ country_code: { _eq: 'DE', _neq: 'DE ' } }"],
    // A session value against a constant is undecided.
    [
      'organization',
      '{ id: { _eq: X-Data-Organization-Id, _neq: 11111111-0000-4000-8000-000000000001 } }',
      '[x-data-organization-id]',
    ],
    ['fund', '{ id: { _gt: 1, _lt: 3 } }'],
    ['fund', '{ id: { _gte: 3, _lte: 3 } }'],
    ['fund', '{ id: { _in: [1, 5], _gte: 3 } }'],
    // Never matches, but only by distributing the _and over the _or: outside the decided subset.
    [
      'fund',
      '{ _and: [{ status: { _eq: open } }, { _or: [{ id: { _lt: 1, _gt: 1 } }, { status: { _eq: closed } }] }] }',
    ],
    ['fund', '{ organization: { kind: { _eq: fund } } }'],
  ];
  for (const [table, filter, variables] of possible) assert.not.ok(unsatisfiable(table, filter, variables), filter);
});

test('unsatisfiable-filter: checks, document rules and an empty _or (the schema refuses `_or: []`; a changed model)', () => {
  const compiled = craftedModel(`roles:
  clerk: { description: c, session_variables: [] }
tables:
  fund:
    description: funds
    select:
      clerk: { filter: {}, columns: [id] }
    update:
      clerk: { filter: { status: { _eq: open } }, columns: [status], check: { status: { _in: [] } } }
document_access:
  fund_paper:
    table: fund
    description: a fund document
    rules:
      - { name: nobody, filter: { _and: [{ status: { _eq: open } }, { status: { _eq: closed } }] } }
      - { name: open, filter: { status: { _eq: open } } }
`);
  const fund = compiled.permissions.clerk?.fund;
  if (!fund?.select) throw new Error('crafted rule missing');
  const model: PermissionModel = {
    ...compiled,
    permissions: {
      clerk: { fund: { ...fund, select: { ...fund.select, filter: { type: 'or', operands: [] } } } },
    },
  };
  assert.equal(findings(model, 'unsatisfiable-filter'), [
    {
      rule: 'unsatisfiable-filter',
      subject: { document: 'fund_paper', documentRule: 'nobody' },
      message: "document rule 'nobody' of 'fund_paper' can never admit a row of 'fund'",
    },
    {
      rule: 'unsatisfiable-filter',
      subject: { role: 'clerk', table: 'fund', action: 'select', part: 'filter' },
      message: "the select filter of role 'clerk' on 'fund' can never admit a row",
    },
    {
      rule: 'unsatisfiable-filter',
      subject: { role: 'clerk', table: 'fund', action: 'update', part: 'check' },
      message: "the update check of role 'clerk' on 'fund' can never admit a row",
    },
  ]);
});

test.run();
