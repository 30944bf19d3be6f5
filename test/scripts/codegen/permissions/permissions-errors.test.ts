// Every kind of invalid permissions.yaml is reported as `file:line:col: message`, with the
// position of the offending key or value, and all problems are collected in one error.
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DbSchema } from '../../../../scripts/codegen/permissions/database-schema.ts';
import {
  compilePermissionsFile,
  generatePermissions,
  PermissionsFileError,
} from '../../../../scripts/codegen/permissions/generate-permissions.ts';

const database = JSON.parse(
  readFileSync(new URL('../../../fixtures/database-schema.json', import.meta.url), 'utf8'),
) as DbSchema;

// Line numbers below refer to this text (line 1 is `version: 1`).
const base = `version: 1
session_variables:
  x-data-user-id: { type: text, description: The caller. }
  x-data-organization-id: { type: uuid, description: The organization. }
  x-data-allowed-funds: { type: 'integer[]', description: Allowed funds. }
roles:
  organization_admin:
    description: Administers an organization.
    session_variables: [x-data-user-id, x-data-organization-id]
  investor:
    description: Invests.
    session_variables: [x-data-user-id, x-data-allowed-funds]
tables:
  digital_wallet:
    description: Wallets.
    object_relationships:
      organization: { remote_table: organization, column_mapping: { organization_id: id } }
    select:
      organization_admin:
        filter: { organization_id: { _eq: X-Data-Organization-Id } }
        columns: [id, label, coin]
    insert:
      organization_admin:
        check: { organization_id: { _eq: X-Data-Organization-Id } }
        set: { organization_id: X-Data-Organization-Id, created_by: X-Data-User-Id }
        columns: [label, coin, wallet_type]
  organization:
    description: Organizations.
    select:
      organization_admin:
        filter: { id: { _eq: X-Data-Organization-Id } }
        columns: [id, name]
  fund_subscription:
    description: Subscriptions.
    select:
      investor:
        filter: { _and: [{ user_id: { _eq: X-Data-User-Id } }, { fund_id: { _in: X-Data-Allowed-Funds } }] }
        columns: [id, fund_id]
`;

function errorsOf(yamlText: string): string[] {
  try {
    generatePermissions({ yamlText, fileName: 'permissions.yaml', database });
  } catch (error) {
    if (error instanceof PermissionsFileError) return [...error.errors];
    throw error;
  }
  assert.unreachable('expected a PermissionsFileError');
  return [];
}

function replaceOnce(text: string, search: string, replacement: string): string {
  assert.ok(text.includes(search), `base text contains ${search}`);
  return text.replace(search, replacement);
}

test('the base document compiles', () => {
  const { files } = generatePermissions({ yamlText: base, fileName: 'permissions.yaml', database });
  assert.is(files.length, 3);
});

test('unknown role', () => {
  const yaml = replaceOnce(
    base,
    '    select:\n      organization_admin:\n        filter: { organization_id',
    '    select:\n      organisation_admin:\n        filter: { organization_id',
  );
  assert.equal(errorsOf(yaml), [
    "permissions.yaml:19:7: unknown role 'organisation_admin' (select rules of table 'digital_wallet'; roles are declared under roles)",
  ]);
});

test('unknown table', () => {
  const yaml = replaceOnce(base, '  fund_subscription:\n', '  fund_subscriptions:\n');
  assert.equal(errorsOf(yaml), ["permissions.yaml:33:3: unknown table 'fund_subscriptions'"]);
});

test('unknown column in a columns list', () => {
  const yaml = replaceOnce(base, 'columns: [id, label, coin]', 'columns: [id, labl, coin]');
  assert.equal(errorsOf(yaml), [
    "permissions.yaml:21:23: unknown column 'labl' in table 'digital_wallet' (select rule for role 'organization_admin')",
  ]);
});

test('unknown column in a filter, a check and a set', () => {
  let yaml = replaceOnce(base, 'filter: { organization_id: { _eq', 'filter: { organisation_id: { _eq');
  yaml = replaceOnce(yaml, 'check: { organization_id:', 'check: { org_id:');
  yaml = replaceOnce(yaml, 'created_by: X-Data-User-Id }', 'creator: X-Data-User-Id }');
  assert.equal(errorsOf(yaml), [
    "permissions.yaml:20:19: unknown column or relationship 'organisation_id' in table 'digital_wallet' (select rule for role 'organization_admin')",
    "permissions.yaml:24:18: unknown column or relationship 'org_id' in table 'digital_wallet' (insert rule for role 'organization_admin')",
    "permissions.yaml:25:57: unknown column 'creator' in table 'digital_wallet' (insert rule for role 'organization_admin')",
  ]);
});

test('unknown operator', () => {
  const yaml = replaceOnce(
    base,
    '{ organization_id: { _eq: X-Data-Organization-Id } }\n        columns',
    '{ organization_id: { _equals: X-Data-Organization-Id } }\n        columns',
  );
  const errors = errorsOf(yaml);
  assert.equal(errors, [
    "permissions.yaml:20:38: unknown operator '_equals' on column 'organization_id' of table 'digital_wallet' (expected one of _eq, _neq, _gt, _lt, _gte, _lte, _in, _nin, _like, _ilike, _is_null, _nlike, _nilike, _similar, _nsimilar, _regex, _nregex, _iregex, _niregex, _contains, _contained_in, _has_key, _has_keys_any, _has_keys_all, _cast, _ceq, _cneq, _cgt, _clt, _cgte, _clte) (select rule for role 'organization_admin')",
  ]);
});

test('a bad _exists: an untracked table, a missing _where', () => {
  let yaml = replaceOnce(
    base,
    'filter: { organization_id: { _eq: X-Data-Organization-Id } }\n        columns',
    'filter: { _exists: { _table: { schema: public, name: nowhere }, _where: {} } }\n        columns',
  );
  yaml = replaceOnce(
    yaml,
    'check: { organization_id:',
    'check: { _exists: { _table: { name: organization } }, organization_id:',
  );
  assert.equal(errorsOf(yaml), [
    "permissions.yaml:20:62: _exists names table 'nowhere', which is not tracked (select rule for role 'organization_admin')",
    "permissions.yaml:24:27: _exists expects { _table: { schema: public, name: <table> }, _where: <boolean expression> } (insert rule for role 'organization_admin')",
  ]);
});

test('unknown relationship in a filter', () => {
  const yaml = replaceOnce(
    base,
    'filter: { organization_id: { _eq: X-Data-Organization-Id } }\n        columns: [id, label',
    'filter: { organisation: { slug: { _eq: acme } } }\n        columns: [id, label',
  );
  assert.equal(errorsOf(yaml), [
    "permissions.yaml:20:19: unknown column or relationship 'organisation' in table 'digital_wallet' (select rule for role 'organization_admin')",
  ]);
});

test('undeclared session variable', () => {
  const yaml = replaceOnce(
    base,
    '{ organization_id: { _eq: X-Data-Organization-Id } }\n        columns',
    '{ organization_id: { _eq: X-Data-Org-Id } }\n        columns',
  );
  assert.equal(errorsOf(yaml), [
    "permissions.yaml:20:43: undeclared session variable 'X-Data-Org-Id' (declare it under session_variables) (select rule for role 'organization_admin')",
  ]);
});

test('a role using a session variable it does not declare', () => {
  const yaml = replaceOnce(
    base,
    'session_variables: [x-data-user-id, x-data-allowed-funds]',
    'session_variables: [x-data-user-id]',
  );
  assert.equal(errorsOf(yaml), [
    "permissions.yaml:37:82: session variable 'X-Data-Allowed-Funds' is used by role 'investor' but missing from roles.investor.session_variables (select rule for role 'investor')",
  ]);
});

test('a role declaring a session variable no rule uses, and a role without rules', () => {
  let yaml = replaceOnce(
    base,
    'session_variables: [x-data-user-id, x-data-allowed-funds]',
    'session_variables: [x-data-user-id, x-data-allowed-funds, x-data-organization-id]',
  );
  yaml = replaceOnce(yaml, 'roles:\n', 'roles:\n  auditor: { description: Audits., session_variables: [] }\n');
  assert.equal(errorsOf(yaml), [
    "permissions.yaml:7:3: role 'auditor' has no rule on any table",
    "permissions.yaml:13:63: role 'investor' declares session variable 'x-data-organization-id' but none of its rules uses it",
  ]);
});

test('session variables are whole values, never list elements', () => {
  const yaml = replaceOnce(
    base,
    'filter: { id: { _eq: X-Data-Organization-Id } }',
    'filter: { id: { _in: [X-Data-Organization-Id] } }',
  );
  assert.equal(errorsOf(yaml), [
    "permissions.yaml:31:31: session variable 'X-Data-Organization-Id' cannot be an element of a list; declare an array session variable instead (select rule for role 'organization_admin')",
  ]);
});

test('value types: _in needs an array, _eq a single value, types must match', () => {
  let yaml = replaceOnce(base, '{ fund_id: { _in: X-Data-Allowed-Funds } }', '{ fund_id: { _in: X-Data-User-Id } }');
  yaml = replaceOnce(yaml, '{ user_id: { _eq: X-Data-User-Id } }', '{ user_id: { _eq: X-Data-Allowed-Funds } }');
  yaml = replaceOnce(yaml, 'filter: { id: { _eq: X-Data-Organization-Id } }', 'filter: { id: { _eq: 42 } }');
  assert.equal(errorsOf(yaml), [
    "permissions.yaml:31:30: _eq expects a uuid string for column 'id' (uuid) of table 'organization', got 42 (select rule for role 'organization_admin')",
    "permissions.yaml:37:44: _eq compares with a single value, but 'X-Data-Allowed-Funds' is an array (integer[]); use _in (select rule for role 'investor')",
    "permissions.yaml:37:88: _in needs a list or an array session variable, but 'X-Data-User-Id' is text (select rule for role 'investor')",
  ]);
});

test('a preset column that is also client input', () => {
  const yaml = replaceOnce(
    base,
    'columns: [label, coin, wallet_type]',
    'columns: [label, coin, wallet_type, created_by]',
  );
  assert.equal(errorsOf(yaml), [
    "permissions.yaml:25:57: column 'created_by' is both preset in set and listed in columns; presets are not client input (insert rule for role 'organization_admin')",
  ]);
});

test('an insert that can never succeed', () => {
  const yaml = replaceOnce(base, 'columns: [label, coin, wallet_type]', 'columns: [label, coin]');
  assert.equal(errorsOf(yaml), [
    "permissions.yaml:23:7: insert on table 'digital_wallet' can never succeed: required column 'wallet_type' (NOT NULL, no default) is neither in columns nor in set (insert rule for role 'organization_admin')",
  ]);
});

test('read_only: a write rule on the table is refused where it stands; a select rule compiles', () => {
  const readOnly = replaceOnce(base, '    description: Wallets.\n', '    description: Wallets.\n    read_only: true\n');
  assert.equal(errorsOf(readOnly), [
    "permissions.yaml:24:7: insert rule for role 'organization_admin' on table 'digital_wallet', which is read_only: nobody writes it through the data layer",
  ]);
  const selectOnly = replaceOnce(
    base,
    '    description: Organizations.\n',
    '    description: Organizations.\n    read_only: true\n',
  );
  const { model } = compilePermissionsFile({ yamlText: selectOnly, fileName: 'permissions.yaml', database });
  assert.is(model.tables.organization?.readOnly, true);
  assert.is(model.tables.digital_wallet?.readOnly, undefined);
  const notBoolean = replaceOnce(
    base,
    '    description: Organizations.\n',
    '    description: Organizations.\n    read_only: yes\n',
  );
  assert.equal(errorsOf(notBoolean), ['permissions.yaml:29:16: tables.organization.read_only must be boolean']);
});

test('invalid relationship', () => {
  const yaml = replaceOnce(
    base,
    '{ remote_table: organization, column_mapping: { organization_id: id } }',
    '{ remote_table: organisation, column_mapping: { organization_id: id } }',
  );
  assert.equal(errorsOf(yaml), [
    "permissions.yaml:17:37: unknown table 'organisation' (object relationship 'organization' of table 'digital_wallet')",
  ]);
  const badMapping = replaceOnce(
    base,
    'column_mapping: { organization_id: id }',
    'column_mapping: { organization_id: slug }',
  );
  assert.equal(errorsOf(badMapping), [
    "permissions.yaml:17:86: column types differ: 'digital_wallet.organization_id' is uuid, 'organization.slug' is text (object relationship 'organization' of table 'digital_wallet')",
  ]);
});

test('secret columns cannot be exposed', () => {
  const yaml = replaceOnce(
    base,
    'tables:\n',
    'secret_columns:\n  digital_wallet: [custodian_wallet_id]\ntables:\n',
  ).replace('columns: [id, label, coin]', 'columns: [id, label, coin, custodian_wallet_id]');
  assert.equal(errorsOf(yaml), [
    "permissions.yaml:23:36: column 'custodian_wallet_id' of table 'digital_wallet' is secret (secret_columns) and cannot be exposed (select rule for role 'organization_admin')",
  ]);
  const star = replaceOnce(base, 'tables:\n', 'secret_columns:\n  organization: [slug]\ntables:\n').replace(
    'columns: [id, name]',
    "columns: '*'",
  );
  assert.equal(errorsOf(star), [
    "permissions.yaml:34:18: columns '*' would expose secret column 'slug' of table 'organization'; list the columns explicitly (select rule for role 'organization_admin')",
  ]);
});

test('bad YAML', () => {
  const yaml = replaceOnce(base, 'columns: [id, name]', 'columns: [id, name');
  // yaml notices the unclosed flow sequence where the next block key starts.
  assert.equal(errorsOf(yaml), [
    'permissions.yaml:33:3: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
  ]);
  const duplicate = replaceOnce(
    base,
    '  organization:\n    description: Organizations.\n',
    '  organization:\n    description: Organizations.\n    description: Again.\n',
  );
  assert.equal(errorsOf(duplicate), ['permissions.yaml:29:5: invalid YAML: Map keys must be unique']);
});

test('schema violations', () => {
  let yaml = replaceOnce(
    base,
    'columns: [id, label, coin]',
    'columns: [id, label, coin]\n        allow_aggregations: "yes"\n        colums: [id]',
  );
  yaml = replaceOnce(yaml, 'version: 1', 'version: 2');
  assert.equal(errorsOf(yaml), [
    'permissions.yaml:1:10: version must be 1',
    'permissions.yaml:22:29: tables.digital_wallet.select.organization_admin.allow_aggregations must be boolean',
    "permissions.yaml:23:9: unknown property 'colums' in tables.digital_wallet.select.organization_admin (expected one of: filter, columns, allow_aggregations, limit)",
  ]);
  const missing = replaceOnce(base, '        columns: [id, name]\n', '');
  assert.equal(errorsOf(missing), [
    "permissions.yaml:30:7: tables.organization.select.organization_admin must have required property 'columns'",
  ]);
});

test('document access rules are checked like table rules', () => {
  const yaml = `${base}document_access:
  wallet_sparkline:
    table: digital_wallet
    description: The sparkline.
    rules:
      - { name: owner, filter: { owner: { id: { _eq: X-Data-User-Id } } } }
      - { name: owner, administrator: true }
      - { name: nobody }
  invoice:
    table: invoice
    description: An untracked table.
    rules:
      - { name: administrator, administrator: true }
`;
  assert.equal(errorsOf(yaml), [
    "permissions.yaml:46:9: document_access.wallet_sparkline.rules[2] must have exactly one of 'filter', 'administrator'",
  ]);
  const semantic = yaml.replace('      - { name: nobody }\n', '');
  assert.equal(errorsOf(semantic), [
    "permissions.yaml:44:34: unknown column or relationship 'owner' in table 'digital_wallet' (document access 'wallet_sparkline', rule 'owner')",
    "permissions.yaml:45:17: rule name 'owner' is used twice (document access 'wallet_sparkline')",
    "permissions.yaml:47:12: table 'invoice' is not tracked in permissions.yaml (document access 'invoice')",
  ]);
});

test('all problems are reported together, in file order', () => {
  let yaml = replaceOnce(base, 'columns: [id, name]', 'columns: [id, nam]');
  yaml = replaceOnce(yaml, 'columns: [id, label, coin]', 'columns: [id, labl, coin]');
  const errors = errorsOf(yaml);
  assert.equal(errors, [
    "permissions.yaml:21:23: unknown column 'labl' in table 'digital_wallet' (select rule for role 'organization_admin')",
    "permissions.yaml:32:23: unknown column 'nam' in table 'organization' (select rule for role 'organization_admin')",
  ]);
});

test('the error message lists every problem', () => {
  const yaml = replaceOnce(base, 'columns: [id, label, coin]', 'columns: [id, labl, coin]');
  try {
    generatePermissions({ yamlText: yaml, fileName: 'permissions.yaml', database });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, PermissionsFileError);
    assert.match((error as Error).message, /1 problem in permissions:\npermissions\.yaml:21:23: unknown column 'labl'/);
  }
});

test.run();

// business_operations (docs/identity.md#operation-roles): role names are checked against roles,
// operation names against the root fields of schema.graphql when codegen passes them.
const operations = `business_operations:
  bitgoSendTransaction:
    description: Sends coins.
    roles: [organization_admin, platform_administrator]
  cancelFundSubscription:
    description: Cancels a subscription.
    roles: [organization_admin]
    own_records: [investor]
`;
const rootFields = new Set(['bitgoSendTransaction', 'cancelFundSubscription', 'ping']);

function operationErrorsOf(yamlText: string): string[] {
  try {
    generatePermissions({ yamlText, fileName: 'permissions.yaml', database, rootFields });
  } catch (error) {
    if (error instanceof PermissionsFileError) return [...error.errors];
    throw error;
  }
  assert.unreachable('expected a PermissionsFileError');
  return [];
}

test('business_operations compiles, with the pseudo-role of platform administrators', () => {
  const { files } = generatePermissions({
    yamlText: `${base}${operations}`,
    fileName: 'permissions.yaml',
    database,
    rootFields,
  });
  assert.match(files[2]?.contents ?? '', /roles: \['organization_admin', 'platform_administrator'\],/);
});

test('business_operations: an unknown role, in roles and in own_records', () => {
  const yaml = replaceOnce(
    replaceOnce(
      `${base}${operations}`,
      'roles: [organization_admin, platform_administrator]',
      'roles: [organisation_admin, platform_administrator]',
    ),
    'own_records: [investor]',
    'own_records: [invester]',
  );
  assert.equal(operationErrorsOf(yaml), [
    "permissions.yaml:47:13: unknown role 'organisation_admin' (business operation 'bitgoSendTransaction'; roles are declared under roles, or 'platform_administrator')",
    "permissions.yaml:51:19: unknown role 'invester' (business operation 'cancelFundSubscription'; roles are declared under roles, or 'platform_administrator')",
  ]);
});

test('business_operations: a name that is not a root field of schema.graphql', () => {
  const yaml = replaceOnce(`${base}${operations}`, '  bitgoSendTransaction:', '  bitgoSendTransactions:');
  assert.equal(operationErrorsOf(yaml), [
    "permissions.yaml:45:3: 'bitgoSendTransactions' is not a root field of schema.graphql (Query, Mutation or Subscription)",
  ]);
});

test('business_operations: own_records repeating roles, the pseudo-role there, a declared pseudo-role, a missing field', () => {
  const yaml = replaceOnce(
    replaceOnce(
      replaceOnce(
        `${base}${operations}`,
        'own_records: [investor]',
        'own_records: [organization_admin, platform_administrator]',
      ),
      'roles:\n  organization_admin:\n',
      'roles:\n  platform_administrator:\n    description: Reserved.\n    session_variables: []\n  organization_admin:\n',
    ),
    '    description: Sends coins.\n',
    '',
  );
  assert.equal(operationErrorsOf(yaml), [
    "permissions.yaml:47:3: business_operations.bitgoSendTransaction is missing required property 'description'",
  ]);
  const structural = replaceOnce(
    yaml,
    '  bitgoSendTransaction:\n',
    '  bitgoSendTransaction:\n    description: Sends coins.\n',
  );
  assert.equal(operationErrorsOf(structural), [
    "permissions.yaml:7:3: 'platform_administrator' is reserved: business_operations uses it for platform administrators",
    "permissions.yaml:7:3: role 'platform_administrator' has no rule on any table",
    "permissions.yaml:54:19: role 'organization_admin' of business operation 'cancelFundSubscription' is under roles already (every record), so own_records adds nothing",
    "permissions.yaml:54:39: 'platform_administrator' owns no records: list it under roles of business operation 'cancelFundSubscription'",
  ]);
});
