// Rules in plain words (docs/access-review.md#explain): every operator, session values and
// literals, `and`/`or`/`not` with brackets where they nest, and relationships with their
// condition in square brackets, so an enclosing `and` cannot be read into it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { permissionModel } from '../../generated/permissions/compiled-permissions.ts';
import type { BoolExp, ComparisonOperator, PermissionModel } from '../../src/access/permission-model.ts';
import { boolExpWords, presetWords } from '../../src/access-review/rule-words.ts';

const model: PermissionModel = permissionModel;

const compare = (column: string, operator: ComparisonOperator, value: unknown): BoolExp => ({
  type: 'compare',
  column,
  operator,
  value: { type: 'literal', value: value as never },
});
const session = (column: string, operator: ComparisonOperator, name: string): BoolExp => ({
  type: 'compare',
  column,
  operator,
  value: { type: 'session', name },
});

test('each comparison operator reads as a phrase', () => {
  const cases: [BoolExp, string][] = [
    [compare('status', '_eq', 'open'), "status equals 'open'"],
    [compare('status', '_neq', 'locked'), "status differs from 'locked'"],
    [compare('amount', '_gt', 10), 'amount is greater than 10'],
    [compare('amount', '_lt', 10), 'amount is less than 10'],
    [compare('amount', '_gte', 1.5), 'amount is at least 1.5'],
    [compare('amount', '_lte', 0), 'amount is at most 0'],
    [compare('status', '_in', ['approved', 'rejected']), "status is one of ('approved', 'rejected')"],
    [compare('id', '_nin', [1, 2]), 'id is none of (1, 2)'],
    [compare('name', '_like', 'A%'), "name matches the pattern 'A%'"],
    [compare('name', '_ilike', '%ag'), "name matches the pattern (ignoring case) '%ag'"],
    [compare('owner_user_id', '_is_null', true), 'owner_user_id is empty (NULL)'],
    [compare('owner_user_id', '_is_null', false), 'owner_user_id is not empty (NOT NULL)'],
    [session('user_id', '_eq', 'x-data-user-id'), "user_id equals the caller's X-Data-User-Id"],
    [session('fund_id', '_in', 'x-data-allowed-funds'), "fund_id is one of the caller's X-Data-Allowed-Funds"],
  ];
  for (const [exp, words] of cases) assert.is(boolExpWords(model, exp), words);
});

test('compound conditions nest in brackets; relationships bracket their own condition', () => {
  const everyRow: BoolExp = { type: 'and', operands: [] };
  const pending = compare('status', '_eq', 'pending');
  const own = session('user_id', '_eq', 'x-data-user-id');
  const fund: BoolExp = {
    type: 'relationship',
    relationship: 'fund',
    kind: 'object',
    remoteTable: 'fund',
    where: compare('status', '_eq', 'open'),
  };
  const subscriptions: BoolExp = {
    type: 'relationship',
    relationship: 'subscriptions',
    kind: 'array',
    remoteTable: 'fund_subscription',
    where: { type: 'and', operands: [own, pending] },
  };
  const cases: [BoolExp, string][] = [
    [everyRow, 'every row'],
    [{ type: 'or', operands: [] }, 'no row'],
    [
      { type: 'and', operands: [fund, pending] },
      "the related fund (via `fund`) matches [status equals 'open'], and status equals 'pending'",
    ],
    [
      subscriptions,
      "at least one related fund_subscription (via `subscriptions`) matches [user_id equals the caller's X-Data-User-Id, and status equals 'pending']",
    ],
    [{ ...subscriptions, where: everyRow }, 'at least one related fund_subscription (via `subscriptions`) exists'],
    [{ ...fund, where: everyRow }, 'the related fund (via `fund`) exists'],
    [
      { type: 'and', operands: [own, { type: 'or', operands: [pending, compare('status', '_eq', 'draft')] }] },
      "user_id equals the caller's X-Data-User-Id, and (either status equals 'pending', or status equals 'draft')",
    ],
    [
      { type: 'not', operand: { type: 'and', operands: [own, pending] } },
      "not (user_id equals the caller's X-Data-User-Id, and status equals 'pending')",
    ],
  ];
  for (const [exp, words] of cases) assert.is(boolExpWords(model, exp), words);
});

test('presets read as assignments', () => {
  assert.equal(
    presetWords(model, {
      user_id: { type: 'session', name: 'x-data-user-id' },
      status: { type: 'literal', value: 'pending' },
    }),
    ["user_id := the caller's X-Data-User-Id", "status := 'pending'"],
  );
});

test.run();
