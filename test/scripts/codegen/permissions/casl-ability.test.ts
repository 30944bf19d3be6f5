// The compiled CASL rules, interpolated with a session, build a real @casl/ability ability that
// answers like the permissions.yaml rules (the CASL mapping of
// docs/permissions.md#casl-mapping, CASL 7 in docs/field-notes.md#casl-7).
import { readFileSync } from 'node:fs';
import { buildMongoQueryMatcher, createMongoAbility, subject, type MongoAbility } from '@casl/ability';
import { permittedFieldsOf, rulesToAST } from '@casl/ability/extra';
import { $and, $nor, $or, and, nor, or } from '@ucast/mongo2js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compilePermissionsFile } from '../../../../scripts/codegen/permissions/compile-permissions-file.ts';
import type { DbSchema } from '../../../../scripts/codegen/permissions/database-schema.ts';
import {
  interpolateSessionVariables,
  MissingSessionVariableError,
  type SessionValues,
} from '../../../../src/access/interpolate-session-variables.ts';

const database = JSON.parse(
  readFileSync(new URL('../../../fixtures/database-schema.json', import.meta.url), 'utf8'),
) as DbSchema;
const yamlText = readFileSync(new URL('../../../../permissions.yaml', import.meta.url), 'utf8');
const { caslRules } = compilePermissionsFile({ yamlText, fileName: 'permissions.yaml', database });

// CASL's default matcher has no $and/$or/$nor; the compiled conditions need them.
const conditionsMatcher = buildMongoQueryMatcher({ $and, $or, $nor }, { and, or, nor });
const fieldsFrom = (rule: { fields?: string[] }) => rule.fields ?? [];

const organizationA = '6f1c1d2e-0000-4000-8000-00000000000a';
const organizationB = '6f1c1d2e-0000-4000-8000-00000000000b';

function abilityFor(role: string, session: SessionValues): MongoAbility {
  const rules = interpolateSessionVariables(caslRules[role] ?? [], session);
  return createMongoAbility(rules as never, { conditionsMatcher });
}

const admin = () =>
  abilityFor('organization_admin', { 'X-Data-Organization-Id': organizationA, 'X-Data-User-Id': 'auth0|alice' });

test('organization_admin: wallets of its own organization only', () => {
  const ability = admin();
  assert.ok(ability.can('select', subject('digital_wallet', { id: 1, organization_id: organizationA })));
  assert.not.ok(ability.can('select', subject('digital_wallet', { id: 2, organization_id: organizationB })));
  assert.not.ok(ability.can('delete', subject('digital_wallet', { id: 1, organization_id: organizationA })));
});

test('organization_admin: exactly the six wallet columns, and only label is updatable', () => {
  const wallet = subject('digital_wallet', { id: 1, organization_id: organizationA });
  assert.equal(permittedFieldsOf(admin(), 'select', wallet, { fieldsFrom }).sort(), [
    'coin',
    'created_at',
    'id',
    'label',
    'usd_value',
    'wallet_type',
  ]);
  assert.ok(admin().can('select', wallet, 'usd_value'));
  assert.not.ok(admin().can('select', wallet, 'custodian_wallet_id'));
  assert.ok(admin().can('update', wallet, 'label'));
  assert.not.ok(admin().can('update', wallet, 'usd_value'));
  assert.equal(
    permittedFieldsOf(admin(), 'insert', subject('digital_wallet', { organization_id: organizationA }), { fieldsFrom }),
    ['label', 'coin', 'wallet_type'],
  );
});

test('organization_admin: invoice totals but never internal notes', () => {
  const invoice = subject('invoice', { id: 7, organization_id: organizationA });
  assert.ok(admin().can('select', invoice, 'total'));
  assert.not.ok(admin().can('select', invoice, 'internal_notes'));
  assert.not.ok(admin().can('select', invoice, 'cost_breakdown'));
});

test('rulesToAST gives the row condition, and null where nothing is allowed', () => {
  const ast = rulesToAST(admin(), 'select', 'digital_wallet');
  assert.equal(JSON.parse(JSON.stringify(ast)), { operator: 'eq', field: 'organization_id', value: organizationA });
  assert.is(rulesToAST(admin(), 'delete', 'digital_wallet'), null);
});

test('investor: _in over the allowed-funds array', () => {
  const ability = abilityFor('investor', { 'x-data-user-id': 'auth0|ivy', 'x-data-allowed-funds': [1, 2] });
  assert.ok(ability.can('select', subject('fund_subscription', { user_id: 'auth0|ivy', fund_id: 2 })));
  assert.not.ok(ability.can('select', subject('fund_subscription', { user_id: 'auth0|ivy', fund_id: 3 })));
  assert.not.ok(ability.can('select', subject('fund_subscription', { user_id: 'auth0|bob', fund_id: 1 })));
});

test('fund_manager: an object relationship is a dot path', () => {
  const ability = abilityFor('fund_manager', { 'X-Data-Organization-Id': organizationA });
  assert.ok(ability.can('select', subject('fund_subscription', { id: 1, fund: { organization_id: organizationA } })));
  assert.not.ok(
    ability.can('select', subject('fund_subscription', { id: 1, fund: { organization_id: organizationB } })),
  );
});

test('workflow_sdk_user: $or with an array relationship ($elemMatch)', () => {
  const ability = abilityFor('workflow_sdk_user', { 'X-Data-User-Id': 'auth0|sam' });
  assert.ok(ability.can('select', subject('compliance_case', { subject_user_id: 'auth0|sam', invitations: [] })));
  assert.ok(
    ability.can(
      'select',
      subject('compliance_case', {
        subject_user_id: null,
        invitations: [{ user_id: 'auth0|x' }, { user_id: 'auth0|sam' }],
      }),
    ),
  );
  assert.not.ok(
    ability.can(
      'select',
      subject('compliance_case', { subject_user_id: 'auth0|x', invitations: [{ user_id: 'auth0|y' }] }),
    ),
  );
});

test('client_user_admin: membership grants are limited to client roles', () => {
  const ability = abilityFor('client_user_admin', {
    'X-Data-Organization-Id': organizationA,
    'X-Data-User-Id': 'auth0|cua',
  });
  const grant = (role: string) =>
    subject('organization_membership', { user_id: 'auth0|new', role, user: { organization_id: organizationA } });
  assert.ok(ability.can('insert', grant('investor')));
  assert.not.ok(ability.can('insert', grant('organization_admin')));
});

test('a missing session variable is named', () => {
  try {
    interpolateSessionVariables(caslRules.organization_admin ?? [], { 'X-Data-User-Id': 'auth0|alice' });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, MissingSessionVariableError);
    assert.equal((error as MissingSessionVariableError).names, ['x-data-organization-id']);
  }
});

test.run();
