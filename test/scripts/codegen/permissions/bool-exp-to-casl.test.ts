// How boolean expressions become CASL conditions: operators, _and/_or/_not, relationships
// (dot paths and $elemMatch), LIKE patterns, and what cannot be expressed.
import { buildMongoQueryMatcher, createMongoAbility, subject } from '@casl/ability';
import { $and, $nor, $or, and, nor, or } from '@ucast/mongo2js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { boolExpToCasl, CaslUnsupportedError } from '../../../../scripts/codegen/permissions/bool-exp-to-casl.ts';
import { interpolateSessionVariables } from '../../../../src/access/interpolate-session-variables.ts';
import { likePatternToRegexSource } from '../../../../src/access/like-pattern.ts';
import type { BoolExp, ComparisonOperator } from '../../../../scripts/codegen/permissions/permission-model.ts';

const compare = (column: string, operator: ComparisonOperator, value: unknown): BoolExp => ({
  type: 'compare',
  column,
  operator,
  value: { type: 'literal', value: value as never },
});
const bySession = (column: string, operator: ComparisonOperator, name: string): BoolExp => ({
  type: 'compare',
  column,
  operator,
  value: { type: 'session', name },
});
const object = (relationship: string, where: BoolExp): BoolExp => ({
  type: 'relationship',
  relationship,
  kind: 'object',
  remoteTable: 'x',
  where,
});
const array = (relationship: string, where: BoolExp): BoolExp => ({
  type: 'relationship',
  relationship,
  kind: 'array',
  remoteTable: 'x',
  where,
});

const conditionsMatcher = buildMongoQueryMatcher({ $and, $or, $nor }, { and, or, nor });
function matches(exp: BoolExp, row: Record<string, unknown>, session: Record<string, string> = {}): boolean {
  const [rule] = interpolateSessionVariables(
    [{ action: 'select', subject: 't', conditions: boolExpToCasl(exp) }],
    session,
  );
  return createMongoAbility([rule] as never, { conditionsMatcher }).can('select', subject('t', row));
}

test('comparison operators', () => {
  assert.equal(boolExpToCasl(compare('a', '_eq', 1)), { a: { $eq: 1 } });
  assert.equal(boolExpToCasl(compare('a', '_neq', 'x')), { a: { $ne: 'x' } });
  assert.equal(boolExpToCasl(compare('a', '_gte', 2)), { a: { $gte: 2 } });
  assert.equal(boolExpToCasl(compare('a', '_nin', [1, 2])), { a: { $nin: [1, 2] } });
  assert.equal(boolExpToCasl(compare('a', '_is_null', true)), { a: { $eq: null } });
  assert.equal(boolExpToCasl(compare('a', '_is_null', false)), { a: { $ne: null } });
  assert.equal(boolExpToCasl(bySession('a', '_in', 'x-data-allowed-funds')), {
    a: { $in: { $session: 'x-data-allowed-funds' } },
  });
});

test('{} is all rows; _and merges fields when it can, _or and _not stay explicit', () => {
  assert.equal(boolExpToCasl({ type: 'and', operands: [] }), {});
  assert.equal(
    boolExpToCasl({ type: 'and', operands: [compare('a', '_gt', 1), compare('a', '_lt', 5), compare('b', '_eq', 2)] }),
    { a: { $gt: 1, $lt: 5 }, b: { $eq: 2 } },
  );
  assert.equal(boolExpToCasl({ type: 'and', operands: [compare('a', '_neq', 1), compare('a', '_neq', 2)] }), {
    $and: [{ a: { $ne: 1 } }, { a: { $ne: 2 } }],
  });
  assert.equal(boolExpToCasl({ type: 'or', operands: [compare('a', '_eq', 1), compare('b', '_eq', 2)] }), {
    $or: [{ a: { $eq: 1 } }, { b: { $eq: 2 } }],
  });
  assert.equal(boolExpToCasl({ type: 'not', operand: compare('a', '_eq', 1) }), { $nor: [{ a: { $eq: 1 } }] });
});

test('object relationships are dot paths, also through _or', () => {
  const exp = object('organization', {
    type: 'or',
    operands: [compare('kind', '_eq', 'company'), object('owner', compare('id', '_eq', 'u'))],
  });
  assert.equal(boolExpToCasl(exp), {
    $or: [{ 'organization.kind': { $eq: 'company' } }, { 'organization.owner.id': { $eq: 'u' } }],
  });
  assert.ok(matches(exp, { organization: { kind: 'individual', owner: { id: 'u' } } }));
  assert.not.ok(matches(exp, { organization: { kind: 'individual', owner: { id: 'v' } } }));
});

test('array relationships are $elemMatch; _or inside is distributed, _not pushed onto comparisons', () => {
  assert.equal(boolExpToCasl(array('subscriptions', compare('user_id', '_eq', 'u'))), {
    subscriptions: { $elemMatch: { user_id: { $eq: 'u' } } },
  });
  const exp = array('subscriptions', {
    type: 'and',
    operands: [
      { type: 'or', operands: [compare('status', '_eq', 'pending'), compare('status', '_eq', 'approved')] },
      { type: 'not', operand: compare('amount', '_gt', 100) },
      object('fund', compare('status', '_eq', 'open')),
    ],
  });
  assert.equal(boolExpToCasl(exp), {
    $or: [
      {
        subscriptions: {
          $elemMatch: { status: { $eq: 'pending' }, amount: { $lte: 100 }, 'fund.status': { $eq: 'open' } },
        },
      },
      {
        subscriptions: {
          $elemMatch: { status: { $eq: 'approved' }, amount: { $lte: 100 }, 'fund.status': { $eq: 'open' } },
        },
      },
    ],
  });
  // One related row must satisfy everything at once (exists), not one row per condition.
  assert.not.ok(
    matches(exp, {
      subscriptions: [
        { status: 'approved', amount: 500, fund: { status: 'open' } },
        { status: 'x', amount: 1, fund: { status: 'open' } },
      ],
    }),
  );
  assert.ok(matches(exp, { subscriptions: [{ status: 'approved', amount: 50, fund: { status: 'open' } }] }));
});

test('nested array relationships', () => {
  const exp = object('case', array('invitations', bySession('user_id', '_eq', 'x-data-user-id')));
  assert.equal(boolExpToCasl(exp), {
    'case.invitations': { $elemMatch: { user_id: { $eq: { $session: 'x-data-user-id' } } } },
  });
  assert.ok(matches(exp, { case: { invitations: [{ user_id: 'me' }] } }, { 'X-Data-User-Id': 'me' }));
});

test('what CASL cannot express is an error, not a silent approximation', () => {
  assert.throws(
    () => boolExpToCasl(array('a', { type: 'not', operand: array('b', compare('c', '_eq', 1)) })),
    (error: unknown) => error instanceof CaslUnsupportedError,
  );
  // NOT (c LIKE p) is c NOT LIKE p in three-valued logic; a jsonb containment has no negation.
  assert.equal(boolExpToCasl(array('a', { type: 'not', operand: compare('c', '_like', 'x%') })), {
    a: { $elemMatch: { c: { $_nlike: 'x%' } } },
  });
  assert.throws(
    () => boolExpToCasl(array('a', { type: 'not', operand: compare('c', '_contains', { k: 1 }) })),
    (error: unknown) => error instanceof CaslUnsupportedError,
  );
  assert.throws(
    () => boolExpToCasl(array('a', { type: 'exists', table: 't', where: { type: 'and', operands: [] } })),
    (error: unknown) => error instanceof CaslUnsupportedError,
  );
  assert.throws(
    () => boolExpToCasl(array('a', { type: 'and', operands: [compare('c', '_neq', 1), compare('c', '_neq', 2)] })),
    (error: unknown) => error instanceof CaslUnsupportedError,
  );
});

test('_like and _ilike become anchored regular expressions', () => {
  assert.is(likePatternToRegexSource('a%b_c.d\\%'), '^a[\\s\\S]*b[\\s\\S]c\\.d%$');
  assert.equal(boolExpToCasl(compare('name', '_like', 'Acme%')), { name: { $regex: '^Acme[\\s\\S]*$' } });
  assert.equal(boolExpToCasl(compare('name', '_ilike', 'acme%')), {
    name: { $regex: '^acme[\\s\\S]*$', $options: 'i' },
  });
  assert.ok(matches(compare('name', '_like', 'Acme%'), { name: 'Acme Ltd' }));
  assert.not.ok(matches(compare('name', '_like', 'Acme%'), { name: 'The Acme' }));
  assert.not.ok(matches(compare('name', '_like', 'Acme%'), { name: 'ACME Ltd' }));
  assert.ok(matches(compare('name', '_ilike', 'acme%'), { name: 'ACME Ltd' }));
  assert.ok(matches(compare('code', '_like', 'a_c'), { code: 'a.c' }));
  assert.not.ok(matches(compare('code', '_like', 'a_c'), { code: 'abbc' }));
});

test('a session variable as LIKE pattern is converted when interpolated', () => {
  const exp = bySession('email', '_ilike', 'x-data-email-pattern');
  assert.equal(boolExpToCasl(exp), {
    email: { $regex: { $session: 'x-data-email-pattern', $transform: 'like-regex' }, $options: 'i' },
  });
  assert.ok(matches(exp, { email: 'Ann@Example.com' }, { 'x-data-email-pattern': '%@example.com' }));
  assert.not.ok(matches(exp, { email: 'ann@example.org' }, { 'x-data-email-pattern': '%@example.com' }));
});

test.run();
