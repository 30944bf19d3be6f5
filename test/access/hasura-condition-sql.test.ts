// Rules with the Hasura operators beyond Mongo's (src/access/hasura-casl-operators.ts) from the
// compiled BoolExp, through CASL, to SQL run on the demo seed: each admits exactly the rows
// derived by hand from src/db/seed/demo-organizations.ts and demo-audit-log.ts.
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { boolExpToCasl } from '../../scripts/codegen/permissions/bool-exp-to-casl.ts';
import { conditionToSql, sqlFalse } from '../../src/access/condition-to-sql.ts';
import type { BoolExp } from '../../src/access/permission-model.ts';
import { abilityCondition, createRuleAbility } from '../../src/access/rule-ability.ts';
import { createDatabase, type Db } from '../../src/db/create-database.ts';
import { seedDemoData } from '../../src/db/seed/demo-seed.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let database: TestDatabase;
let db: Db;

test.before(async () => {
  database = await createTestDatabase();
  db = createDatabase({ url: database.url }).db;
  await seedDemoData(db);
});

test.after(async () => {
  await db.destroy();
  await database.drop();
});

const literal = (value: unknown) => ({ type: 'literal', value }) as const;
const compare = (column: string, operator: string, value: unknown, cast?: string): BoolExp =>
  ({ type: 'compare', column, operator, value: literal(value), ...(cast ? { cast } : {}) }) as BoolExp;

/** The slugs (organization) or request ids (audit_log) a rule with `filter` admits, sorted. */
async function admitted(table: 'organization' | 'audit_log', filter: BoolExp, session = {}): Promise<string[]> {
  const rule = { action: 'select', subject: table, fields: ['id'], conditions: boolExpToCasl(filter) };
  const condition = abilityCondition(createRuleAbility([rule], session), 'select', table);
  const where = condition ? conditionToSql(condition, table, 't') : sqlFalse;
  const key = table === 'organization' ? 'slug' : 'request_id';
  const { rows } = await sql<{
    key: string;
  }>`SELECT ${sql.ref(`t.${key}`)} AS key FROM ${sql.table(table)} AS t WHERE ${where} AND ${sql.ref(`t.${key}`)} LIKE ${table === 'organization' ? '%' : 'demo-request-%'} ORDER BY 1`.execute(
    db,
  );
  return rows.map((row) => row.key);
}

test('pattern operators in a rule', async () => {
  assert.equal(await admitted('organization', compare('name', '_nlike', '%Ltd')), [
    'aurora-family-office',
    'northbridge-fund-services',
  ]);
  assert.equal(await admitted('organization', compare('name', '_similar', '(Aurora|Meridian)%')), [
    'aurora-family-office',
    'meridian-digital-assets',
  ]);
  assert.equal(await admitted('organization', compare('name', '_iregex', '^NORTH')), ['northbridge-fund-services']);
  assert.equal(await admitted('organization', { type: 'not', operand: compare('name', '_regex', 'Ltd$') }), [
    'aurora-family-office',
    'northbridge-fund-services',
  ]);
});

test('jsonb operators and _cast in a rule', async () => {
  assert.equal(await admitted('audit_log', compare('details', '_contains', { side: 'BUY' })), ['demo-request-0004']);
  assert.equal(await admitted('audit_log', compare('details', '_has_keys_any', ['caseId', 'period'])), [
    'demo-request-0002',
    'demo-request-0003',
  ]);
  assert.equal(await admitted('audit_log', compare('details', '_has_keys_any', [])), []);
  assert.equal((await admitted('audit_log', compare('details', '_has_keys_all', []))).length, 4);
  assert.equal(await admitted('audit_log', compare('details', '_ilike', '%zug%', 'text')), ['demo-request-0001']);
});

test('column comparisons in a rule', async () => {
  // The demo actors are demo-<name>; no audit entry's resource_id equals its actor.
  assert.equal(
    await admitted('audit_log', {
      type: 'compare',
      column: 'actor_user_id',
      operator: '_ceq',
      value: { type: 'column', name: 'resource_id' },
    }),
    [],
  );
  assert.equal(
    (
      await admitted('audit_log', {
        type: 'compare',
        column: 'actor_user_id',
        operator: '_cneq',
        value: { type: 'column', name: 'resource_id' },
      })
    ).length,
    4,
  );
  assert.equal(
    await admitted('organization', {
      type: 'compare',
      column: 'name',
      operator: '_cgt',
      value: { type: 'column', name: 'slug' },
    }),
    [],
  );
});

test('_exists in a rule, with a session variable inside', async () => {
  const exists: BoolExp = {
    type: 'exists',
    table: 'organization',
    where: { type: 'compare', column: 'slug', operator: '_eq', value: { type: 'session', name: 'x-data-slug' } },
  };
  assert.equal((await admitted('audit_log', exists, { 'x-data-slug': 'meridian-digital-assets' })).length, 4);
  assert.equal(await admitted('audit_log', exists, { 'x-data-slug': 'nowhere' }), []);
});

test.run();
