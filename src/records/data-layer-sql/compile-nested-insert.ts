// An insert through relationships (docs/data-layer.md#nested-inserts) → statements run in order
// inside the mutation's transaction, as Hasura runs them: per row, the parents of its object
// relationships first, then the row (its join columns filled from the parents' rows), then the
// children of its array relationships (theirs filled from the row). A row group with no nested
// insert of its own is one INSERT. Each step answers the columns later steps need as JSON, and
// checks its rows against its table's rules (compile-upsert.ts).
//
// Why not one statement of chained CTEs: PostgreSQL runs every CTE of a statement on the same
// snapshot, so a child's insert check that reads its parent through a relationship (accounting's
// invoice_line: `invoice.status = draft`) would not see the parent inserted beside it and would
// fail, and `returning { lines { … } }` would not see the children. Separate statements see
// what earlier ones wrote. The last statement builds the answer from the root rows' keys.
import { sql, type RawBuilder } from 'kysely';
import { AppError } from '../../errors/app-error.ts';
import { typedValue } from './column-sql.ts';
import type { CompileScope } from './compile-scope.ts';
import { compileInsertStatement, type InsertRow } from './compile-upsert.ts';
import { ParameterSlot, type BindingContext } from './parameter-slot.ts';
import type { InsertRowPlan, MutationPlan, OnConflictPlan } from './query-plan.ts';
import { relationshipOf } from './relationship-join.ts';

/** A statement of the chain: its SQL and the check it reports (`check_passed`, `check_action`). */
export interface NestedStep {
  readonly query: RawBuilder<unknown>;
  readonly check: { readonly action: 'insert' | 'update'; readonly table: string } | null;
}

type InsertPlan = Extract<MutationPlan, { kind: 'insert' }>;

interface Chain {
  readonly steps: NestedStep[];
  readonly scope: CompileScope;
}

function stepRows(context: BindingContext, step: number): Record<string, string | null>[] {
  const text = context.results?.[step];
  if (text === undefined) throw new Error(`nested insert step ${step} has not run`);
  return JSON.parse(text) as Record<string, string | null>[];
}

/** A column of the single row step `step` wrote; refused when the step wrote none (on_conflict skipped it). */
function stepValue(step: number, column: string, refusal: string): ParameterSlot {
  return new ParameterSlot(`step ${step} ${column}`, (context) => {
    const [row] = stepRows(context, step);
    if (!row) throw new AppError('BAD_REQUEST', refusal);
    return row[column] ?? null;
  });
}

const zeroRows = (kind: 'object' | 'array', relationship: string, table: string) =>
  `cannot proceed to insert ${kind} relation '${relationship}' since insert to table '${table}' affects zero rows`;

/** One INSERT of `rows` as a step; its value is the rows' `needed` columns as JSON text. */
function insertStep(
  chain: Chain,
  table: string,
  rows: readonly InsertRow[],
  onConflict: OnConflictPlan | null,
  needed: ReadonlySet<string>,
): number {
  const { scope } = chain;
  const written = scope.nextAlias();
  const statement = compileInsertStatement(table, rows, onConflict, written, scope);
  const pairs = [...needed].map((column) => sql`${sql.lit(column)}, ${sql.ref(`${written}.${column}`)}::text`);
  const passed = statement.check ? sql`coalesce(bool_and(coalesce(${statement.check}, false)), true)` : sql`true`;
  chain.steps.push({
    query: sql`WITH ${sql.id(written)} AS (${statement.body}) SELECT coalesce(json_agg(json_build_object(${sql.join(pairs)})), '[]'::json)::text AS "value", ${passed} AS "check_passed", ${statement.failedAction ?? sql`NULL`} AS "check_action" FROM ${sql.id(written)}`,
    check: statement.check ? { action: 'insert', table } : null,
  });
  return chain.steps.length - 1;
}

/** Inserts `rows` of `table` (with what they insert through relationships); answers the steps holding them. */
function insertRows(
  chain: Chain,
  table: string,
  rows: readonly InsertRowPlan[],
  onConflict: OnConflictPlan | null,
  filled: InsertRow['filled'],
  needed: ReadonlySet<string>,
): number[] {
  if (rows.every((row) => row.nested.length === 0))
    return [
      insertStep(
        chain,
        table,
        rows.map((row) => ({ given: row.columns, filled })),
        onConflict,
        needed,
      ),
    ];
  return rows.map((row) => insertRow(chain, table, row, onConflict, filled, needed));
}

function insertRow(
  chain: Chain,
  table: string,
  row: InsertRowPlan,
  onConflict: OnConflictPlan | null,
  filled: InsertRow['filled'],
  needed: ReadonlySet<string>,
): number {
  const { scope } = chain;
  const own = [...filled];
  const rowNeeds = new Set(needed);
  const children: (() => void)[] = [];
  for (const nested of row.nested) {
    const relationship = relationshipOf(scope, table, nested.relationship);
    const mapping = Object.entries(relationship.columnMapping);
    if (relationship.kind === 'object') {
      const [parent] = insertRows(
        chain,
        nested.table,
        nested.rows,
        nested.onConflict,
        [],
        new Set(mapping.map(([, remote]) => remote)),
      );
      const refusal = zeroRows('object', nested.relationship, nested.table);
      for (const [local, remote] of mapping)
        own.push({ column: local, value: stepValue(parent as number, remote, refusal) });
      continue;
    }
    for (const [local] of mapping) rowNeeds.add(local);
    children.push(() => {
      const refusal = zeroRows('array', nested.relationship, table);
      const childFilled = mapping.map(([local, remote]) => ({
        column: remote,
        value: stepValue(step, local, refusal),
      }));
      insertRows(chain, nested.table, nested.rows, nested.onConflict, childFilled, primaryKey(scope, nested.table));
    });
  }
  const step = insertStep(chain, table, [{ given: row.columns, filled: own }], onConflict, rowNeeds);
  for (const child of children) child();
  return step;
}

function primaryKey(scope: CompileScope, table: string): Set<string> {
  const key = scope.rules.tableModel(table).primaryKey;
  if (key.length === 0)
    throw new AppError(
      'NOT_IMPLEMENTED',
      `a nested insert into '${table}' (a table without a primary key) is not implemented`,
    );
  return new Set(key);
}

/** The steps of a nested insert, and the written-rows body the answer is built from. */
export function compileNestedInsert(
  plan: InsertPlan,
  scope: CompileScope,
): { steps: NestedStep[]; written: RawBuilder<unknown>; affectedRows: RawBuilder<unknown> } {
  const chain: Chain = { steps: [], scope };
  const key = primaryKey(scope, plan.table);
  const rows = plan.objects.map((columns, index) => ({ columns, nested: plan.nested?.[index] ?? [] }));
  const roots = insertRows(chain, plan.table, rows, plan.onConflict ?? null, [], key);
  const rootKeys = new ParameterSlot('the root rows written', (context) =>
    JSON.stringify(roots.flatMap((step) => stepRows(context, step))),
  );
  const count = chain.steps.length;
  const affected = new ParameterSlot('rows written by every step', (context) =>
    Array.from({ length: count }, (_, step) => stepRows(context, step).length).reduce((a, b) => a + b, 0),
  );
  const target = scope.nextAlias();
  const join = [...key].map(
    (column) =>
      sql`${sql.ref(`${target}.${column}`)} = ${typedValue(sql`("k"."v" ->> ${sql.lit(column)})`, scope.rules.columnType(plan.table, column))}`,
  );
  return {
    steps: chain.steps,
    written: sql`SELECT ${sql.ref(target)}.* FROM json_array_elements(${rootKeys}::json) WITH ORDINALITY AS "k"("v", "n") JOIN ${sql.table(plan.table)} AS ${sql.id(target)} ON ${sql.join(join, sql` AND `)} ORDER BY "k"."n"`,
    affectedRows: sql`${affected}::int`,
  };
}
