// The rules auditors check by name (the seed rules of the permissions brief) hold exactly
// in the compiled model of the real permissions.yaml.
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compilePermissionsFile } from '../../../../scripts/codegen/permissions/compile-permissions-file.ts';
import type { DbSchema } from '../../../../scripts/codegen/permissions/database-schema.ts';
import type { BoolExp, RuleValue, TablePermissions } from '../../../../scripts/codegen/permissions/permission-model.ts';

const database = JSON.parse(
  readFileSync(new URL('../../../fixtures/database-schema.json', import.meta.url), 'utf8'),
) as DbSchema;
const yamlText = readFileSync(new URL('../../../../permissions.yaml', import.meta.url), 'utf8');
const { model, caslRules } = compilePermissionsFile({ yamlText, fileName: 'permissions.yaml', database });

const session = (name: string): RuleValue => ({ type: 'session', name });
const literal = (value: string): RuleValue => ({ type: 'literal', value });
const eq = (column: string, value: RuleValue): BoolExp => ({ type: 'compare', column, operator: '_eq', value });
const allRows: BoolExp = { type: 'and', operands: [] };
const ofOrganization = eq('organization_id', session('x-data-organization-id'));

function rules(role: string, table: string): TablePermissions {
  const found = model.permissions[role]?.[table];
  assert.ok(found, `${role} has rules on ${table}`);
  return found as TablePermissions;
}

function allColumns(table: string): string[] {
  return database.tables.find((candidate) => candidate.name === table)?.columns.map((column) => column.name) ?? [];
}

const roles = [
  'user',
  'organization_admin',
  'organization_member',
  'accounting',
  'auditor',
  'compliance',
  'front_office',
  'fund_manager',
  'fund_signatory',
  'investor',
  'trader',
  'digital_wallets_admin',
  'client_user_admin',
  'kyc_sdk_user',
  'workflow_sdk_user',
  'family_office',
  'director',
  'shareholder',
  'beneficial_owner',
  'card_holder',
];

test('every role is declared, described and has rules', () => {
  assert.equal(Object.keys(model.roles).sort(), [...roles].sort());
  for (const role of roles) {
    assert.ok((model.roles[role]?.description.length ?? 0) > 20, `${role} has a real description`);
    assert.ok(Object.keys(model.permissions[role] ?? {}).length > 0, `${role} has rules`);
    assert.ok((caslRules[role]?.length ?? 0) > 0, `${role} has CASL rules`);
  }
});

test("organization_admin selects its organization's digital wallets: six columns, aggregates", () => {
  const select = rules('organization_admin', 'digital_wallet').select;
  assert.equal(select, {
    filter: ofOrganization,
    columns: ['id', 'label', 'coin', 'wallet_type', 'usd_value', 'created_at'],
    allowAggregations: true,
    limit: null,
  });
});

test('investor selects own subscriptions within the allowed funds, without aggregates', () => {
  assert.equal(rules('investor', 'fund_subscription').select, {
    filter: {
      type: 'and',
      operands: [
        eq('user_id', session('x-data-user-id')),
        { type: 'compare', column: 'fund_id', operator: '_in', value: session('x-data-allowed-funds') },
      ],
    },
    columns: ['id', 'fund_id', 'subscription_amount', 'status', 'created_at'],
    allowAggregations: false,
    limit: null,
  });
});

test('accounting selects every invoice, every column, with aggregates', () => {
  assert.equal(rules('accounting', 'invoice').select, {
    filter: allRows,
    columns: allColumns('invoice'),
    allowAggregations: true,
    limit: null,
  });
});

test('front_office: all digital wallets (six columns) and all OTC quotes (all columns), with aggregates', () => {
  assert.equal(rules('front_office', 'digital_wallet').select, {
    filter: allRows,
    columns: ['id', 'label', 'coin', 'wallet_type', 'status', 'usd_value'], // the table's column order
    allowAggregations: true,
    limit: null,
  });
  assert.equal(rules('front_office', 'otc_quote').select, {
    filter: allRows,
    columns: allColumns('otc_quote'),
    allowAggregations: true,
    limit: null,
  });
});

test('invoice columns: the basics for accounting, auditor and organization_admin; notes and cost breakdown for accounting only', () => {
  for (const role of ['accounting', 'auditor', 'organization_admin']) {
    const columns = rules(role, 'invoice').select?.columns ?? [];
    for (const column of ['id', 'invoice_number', 'total', 'status'])
      assert.ok(columns.includes(column), `${role} sees invoice.${column}`);
  }
  for (const [role, tables] of Object.entries(model.permissions)) {
    const invoice = tables.invoice;
    if (!invoice) continue;
    for (const column of ['internal_notes', 'cost_breakdown']) {
      const exposed = [invoice.select, invoice.insert, invoice.update].some((rule) => rule?.columns.includes(column));
      assert.is(exposed, role === 'accounting', `${role} and invoice.${column}`);
    }
  }
  assert.equal(rules('organization_admin', 'invoice').select?.filter, ofOrganization);
  assert.equal(rules('auditor', 'invoice').select?.filter, allRows);
});

test('organization relationships, both ways', () => {
  assert.equal(model.tables.organization?.relationships.digital_wallets, {
    kind: 'array',
    remoteTable: 'digital_wallet',
    columnMapping: { id: 'organization_id' },
  });
  assert.equal(model.tables.organization?.relationships.users, {
    kind: 'array',
    remoteTable: 'app_user',
    columnMapping: { id: 'organization_id' },
  });
  assert.equal(model.tables.digital_wallet?.relationships.organization, {
    kind: 'object',
    remoteTable: 'organization',
    columnMapping: { organization_id: 'id' },
  });
  assert.equal(model.tables.app_user?.relationships.organization, {
    kind: 'object',
    remoteTable: 'organization',
    columnMapping: { organization_id: 'id' },
  });
});

test('insert rules: presets, limited columns, checks', () => {
  assert.equal(rules('organization_admin', 'digital_wallet').insert, {
    check: ofOrganization,
    set: { organization_id: session('x-data-organization-id'), created_by: session('x-data-user-id') },
    columns: ['label', 'coin', 'wallet_type'],
  });
  const invoice = rules('accounting', 'invoice').insert;
  assert.equal(invoice?.set, { created_by: session('x-data-user-id') });
  assert.equal(invoice?.check, eq('status', literal('draft')));
  assert.not.ok(invoice?.columns.includes('status'), 'status is not client input on insert');
});

test('update rules: accounting never touches locked invoices; organization_admin relabels its wallets', () => {
  const invoice = rules('accounting', 'invoice').update;
  const notLocked: BoolExp = { type: 'compare', column: 'status', operator: '_neq', value: literal('locked') };
  assert.equal(invoice?.filter, notLocked);
  assert.equal(invoice?.check, notLocked);
  for (const column of ['id', 'invoice_number', 'organization_id', 'created_by', 'created_at']) {
    assert.not.ok(invoice?.columns.includes(column), `accounting cannot update invoice.${column}`);
  }
  assert.equal(rules('organization_admin', 'digital_wallet').update, {
    filter: ofOrganization,
    columns: ['label'],
    check: ofOrganization,
    set: {},
  });
});

test('delete: accounting deletes draft invoices of its session organization only', () => {
  assert.equal(rules('accounting', 'invoice').delete, {
    filter: { type: 'and', operands: [eq('status', literal('draft')), ofOrganization] },
  });
});

test('secret tables are not tracked and secret columns are never exposed', () => {
  for (const table of ['api_key', 'auth_session', 'signing_key'])
    assert.not.ok(table in model.tables, `${table} is not tracked`);
  assert.equal(model.secretColumns.kyc_profile, ['questionnaire_ciphertext']);
  assert.not.ok(
    model.tables.kyc_profile?.columns.some((column) => column.name === 'questionnaire_ciphertext'),
    'not even in the table model',
  );
  for (const [role, tables] of Object.entries(model.permissions)) {
    for (const [table, permissions] of Object.entries(tables)) {
      const secret = model.secretColumns[table] ?? [];
      for (const rule of [permissions.select, permissions.insert, permissions.update]) {
        for (const column of rule?.columns ?? [])
          assert.not.ok(secret.includes(column), `${role} exposes ${table}.${column}`);
      }
    }
  }
});

test('least privilege for people-facing roles', () => {
  assert.equal(rules('user', 'app_user').select?.filter, eq('id', session('x-data-user-id')));
  for (const table of ['otc_quote', 'otc_trade']) assert.equal(rules('trader', table).select?.filter, ofOrganization);
  for (const table of ['kyc_profile', 'aml_report', 'compliance_case'])
    assert.ok(rules('compliance', table).select, `compliance reads ${table}`);
  for (const table of ['fund', 'fund_subscription', 'fund_redemption'])
    assert.ok(rules('fund_manager', table).select, `fund_manager reads ${table}`);
  for (const role of ['card_holder', 'kyc_sdk_user', 'workflow_sdk_user']) {
    for (const [table, permissions] of Object.entries(model.permissions[role] ?? {})) {
      assert.is(permissions.insert ?? permissions.update ?? permissions.delete, null, `${role} only reads ${table}`);
    }
  }
  assert.equal(Object.keys(model.permissions.kyc_sdk_user ?? {}), ['kyc_document', 'kyc_profile']);
});

test('select limits', () => {
  assert.is(rules('auditor', 'audit_log').select?.limit, 1000);
  assert.is(rules('organization_admin', 'digital_wallet').select?.limit, null);
});

test('document access rules', () => {
  const names = (document: string) => model.documentAccess[document]?.rules.map((rule) => rule.name);
  assert.equal(names('invoice'), ['recipient', 'administrator']);
  assert.equal(model.documentAccess.invoice?.rules[0], {
    name: 'recipient',
    kind: 'filter',
    filter: eq('recipient_user_id', session('x-data-user-id')),
  });
  assert.equal(model.documentAccess.invoice?.rules[1], {
    name: 'administrator',
    kind: 'administrator',
    credentials: ['admin_api_key', 'admin_user'],
  });
  assert.equal(names('receipt'), ['recipient', 'invoice_recipient', 'administrator']);
  assert.equal(names('quote'), ['quote_user', 'administrator']);
  assert.equal(model.documentAccess.digital_wallet_sparkline?.rules[0], {
    name: 'owner',
    kind: 'filter',
    filter: eq('owner_user_id', session('x-data-user-id')),
  });
  assert.equal(names('file_upload'), [
    'owner',
    'case_subject',
    'case_invitation_holder',
    'fund_investor',
    'administrator',
  ]);
  assert.equal(names('fund_user_agreement'), ['investor', 'administrator']);
  for (const document of ['compliance_case_report', 'compliance_case_agreement']) {
    assert.equal(model.documentAccess[document]?.rules, [
      { name: 'administrator_api_key', kind: 'administrator', credentials: ['admin_api_key'] },
    ]);
  }
});

test.run();
