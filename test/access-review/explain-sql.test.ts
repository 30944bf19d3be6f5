// What explain and the views read is what the data layer runs (docs/access-review.md#how-it-is-tested):
// the explained select filter is, character for character, the WHERE of the data layer's golden
// select statement (test/data-layer/golden/<role>/<table>.select.sql); the rules the review reads
// for every role, admin included, are those the data layer's own permission functions give; and
// the session variables read from the model are the slots of the compiled SQL.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { permissionModel } from '../../generated/permissions/compiled-permissions.ts';
import { compiledDataLayerRules } from '../../src/records/data-layer-sql/data-layer-rules.ts';
import { defaultDataQueryLimits } from '../../src/records/data-layer-sql/compile-scope.ts';
import { ruleSql } from '../../src/records/data-layer-sql/rule-sql-text.ts';
import type { PermissionModel } from '../../src/access/permission-model.ts';
import { explainAccess } from '../../src/access-review/explain-access.ts';
import { actionSessionVariables, boolExpSessionVariables } from '../../src/access-review/rule-session-variables.ts';
import { reviewRoles, tableAccess } from '../../src/access-review/table-access.ts';

const model: PermissionModel = permissionModel;
const { deletePermission, insertPermission, updatePermission, selectPermission } = compiledDataLayerRules;
const goldenDir = path.resolve(import.meta.dirname, '../data-layer/golden');

/** A golden statement back on one line: test/data-layer/format-sql.ts only broke lines and indented. */
function goldenStatement(role: string, table: string): string {
  const text = readFileSync(path.join(goldenDir, role, `${table}.select.sql`), 'utf8');
  const statement = text
    .split('\n')
    .filter((line) => !line.startsWith('--'))
    .join('\n');
  return statement.replace(/\n\s*/g, ' ').trim();
}

test('the explained select filter is the WHERE of the data layer statement, for every role and readable table', () => {
  let compared = 0;
  for (const role of reviewRoles(model)) {
    for (const table of Object.keys(model.tables)) {
      const explained = explainAccess({ role, table });
      if (!explained.allowed) continue;
      const condition = explained.rows?.sql.condition ?? '';
      // The root list's bound (one row over the most it returns), or the rule's smaller limit, as a literal.
      const limit = Math.min(selectPermission(role, table)?.limit ?? Infinity, defaultDataQueryLimits.maxRows + 1);
      const expected = `FROM "${table}" AS "t0" WHERE ${condition} LIMIT ${limit}) AS "t0"`;
      assert.ok(
        goldenStatement(role, table).includes(expected),
        `${role}/${table}: ${expected}\nnot in\n${goldenStatement(role, table)}`,
      );
      compared += 1;
    }
  }
  // One golden per role and readable table: none was skipped.
  const goldens = readdirSync(goldenDir).flatMap((role) =>
    readdirSync(path.join(goldenDir, role)).filter((file) => file.endsWith('.select.sql')),
  );
  assert.is(compared, goldens.length);
});

test('the rules the review reads are the data layer permission functions, admin included', () => {
  for (const role of reviewRoles(model)) {
    for (const table of Object.keys(model.tables)) {
      const access = tableAccess(model, role, table);
      const served = {
        select: selectPermission(role, table),
        insert: insertPermission(role, table),
        update: updatePermission(role, table),
        delete: deletePermission(role, table),
      };
      const none = { select: null, insert: null, update: null, delete: null };
      assert.equal(access ?? none, served, `${role} ${table}`);
    }
  }
});

test('the session variables read from the model are the slots of the compiled SQL of each rule part', () => {
  let withVariables = 0;
  for (const role of Object.keys(model.roles)) {
    for (const [table, rules] of Object.entries(model.permissions[role] ?? {})) {
      const parts = [
        ['select-rows', rules.select?.filter],
        ['insert-check', rules.insert?.check],
        ['update-rows', rules.update?.filter],
        ['update-check', rules.update?.check],
        ['delete-rows', rules.delete?.filter],
      ] as const;
      for (const [part, condition] of parts) {
        if (!condition) continue;
        const fromModel = boolExpSessionVariables(condition);
        assert.equal(ruleSql(role, part, table)?.sessionVariables, fromModel, `${role} ${table} ${part}`);
        if (fromModel.length > 0) withVariables += 1;
      }
      for (const action of ['select', 'insert', 'update', 'delete'] as const) {
        if (!rules[action]) continue;
        const explained = explainAccess({ role, table, action });
        if (!explained.allowed) continue;
        assert.equal(
          explained.sessionVariables.map((variable) => variable.name),
          actionSessionVariables(rules, action),
          `${role} ${table} ${action}`,
        );
      }
    }
  }
  assert.ok(withVariables > 100, `${withVariables} rule parts read session variables`);
});

test.run();
