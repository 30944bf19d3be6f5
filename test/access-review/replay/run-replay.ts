// Runs one replay plan against one version's data layer (docs/access-review.md#how-diff-is-tested):
// the tables earlier replays wrote are emptied, the plan's rows inserted with plain SQL, the
// request sent over HTTP as the witness's role, and the answer read back as what the version did:
// it admitted the row (returned it, updated, deleted or inserted it), filtered it out, failed its
// check, or offers no such rule; anything else is unexpected and carries the answer.
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../../../src/db/create-database.ts';
import type { WorldRow } from '../../../src/access-review/diff/evaluate-filter.ts';
import type { Refusal, ReplayPlan, ReplaySubject } from './replay-plan.ts';
import { roleHeaders } from './replay-session.ts';
import type { GraphqlAnswer, VersionServer } from './version-server.ts';

export interface ReplayOutcome {
  readonly result: 'admitted' | Refusal | 'unexpected';
  readonly detail: string;
}

/** Tables some replay wrote, emptied before the next one. */
const written = new Set<string>();

async function clearWritten(db: Db): Promise<void> {
  for (const table of written) await db.executeQuery(CompiledQuery.raw(`DELETE FROM "${table}"`));
  written.clear();
}

async function insertRow(db: Db, subject: ReplaySubject, table: string, row: WorldRow): Promise<string[]> {
  written.add(table);
  const keys = subject.admits.tables[table]?.primaryKey ?? [];
  // Keys as the data layer's JSON spells them (json_build_object: padded bpchar, ISO instants).
  const returning =
    keys.length === 0 ? '' : ` RETURNING ${keys.map((key) => `to_jsonb("${key}") #>> '{}' AS "${key}"`).join(', ')}`;
  // Every other column is NULL, as the diff reads a column a witness leaves out.
  const defaulted = [...(subject.database.defaults.get(table)?.keys() ?? [])].filter(
    (column) => !keys.includes(column) && row[column] === undefined,
  );
  const columns = [...Object.keys(row), ...defaulted];
  const types = new Map(subject.admits.tables[table]?.columns.map((column) => [column.name, column.dataType]));
  const values = columns.map((column) => {
    const value = row[column] ?? null;
    return value !== null && types.get(column)?.startsWith('json') ? JSON.stringify(value) : value;
  });
  const text =
    columns.length === 0
      ? `INSERT INTO "${table}" DEFAULT VALUES${returning}`
      : `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) OVERRIDING SYSTEM VALUE VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')})${returning}`;
  const result = await db.executeQuery<Record<string, string>>(CompiledQuery.raw(text, values));
  const inserted = result.rows[0] ?? {};
  return keys.map((key) => inserted[key] as string);
}

async function rowCount(db: Db, table: string): Promise<number> {
  const result = await db.executeQuery<{ count: string }>(
    CompiledQuery.raw(`SELECT count(*)::text AS "count" FROM "${table}"`),
  );
  return Number(result.rows[0]?.count);
}

const checkFailed = /^check constraint of an? (insert|update) permission has failed/;
const noPermission = /\(unknown \w+ or no permission\)$/;

/** A failed check (one FORBIDDEN error), or every error saying the role may not use what the request names. */
function refusalOf(answer: GraphqlAnswer): Refusal | null {
  const errors = answer.body.errors ?? [];
  const [first] = errors;
  if (errors.length === 1 && first?.extensions.code === 'FORBIDDEN' && checkFailed.test(first.message))
    return 'check-failed';
  const refused = (error: (typeof errors)[number]) =>
    error.extensions.code === 'VALIDATION_FAILED' && noPermission.test(error.message);
  return errors.length > 0 && errors.every(refused) ? 'no-permission' : null;
}

async function resultOf(
  db: Db,
  subject: ReplaySubject,
  plan: ReplayPlan,
  answer: GraphqlAnswer,
  key: readonly string[],
): Promise<ReplayOutcome['result']> {
  if (answer.status !== 200) return 'unexpected';
  if (answer.body.errors) {
    const refusal = refusalOf(answer);
    // A refused write writes nothing.
    if (refusal && plan.how === 'insert' && (await rowCount(db, subject.table)) !== 0) return 'unexpected';
    return refusal ?? 'unexpected';
  }
  const data = answer.body.data ?? {};
  const table = subject.table;
  const keys = subject.admits.tables[table]?.primaryKey ?? [];
  switch (plan.how) {
    case 'select': {
      const rows = data[table] as Record<string, unknown>[];
      const found = rows.some((row) => keys.every((column, index) => String(row[column]) === key[index]));
      return found ? 'admitted' : 'filtered';
    }
    case 'delete':
    case 'insert': {
      const affected = data[`${plan.how}_${table}`].affected_rows as number;
      const count = await rowCount(db, table);
      const written = plan.how === 'insert' ? count === 1 : count === 0;
      if (affected === 1 && written) return 'admitted';
      return affected === 0 && !written ? 'filtered' : 'unexpected';
    }
    case 'update': {
      const affected = data[`update_${table}`].affected_rows as number;
      return affected === 1 ? 'admitted' : affected === 0 ? 'filtered' : 'unexpected';
    }
  }
}

export async function runReplay(
  db: Db,
  server: VersionServer,
  subject: ReplaySubject,
  plan: ReplayPlan,
): Promise<ReplayOutcome> {
  await clearWritten(db);
  written.add(subject.table);
  const keys: string[][] = [];
  for (const { table, row } of plan.rows) keys.push(await insertRow(db, subject, table, row));
  if (plan.nextKey)
    await sql`SELECT setval(pg_get_serial_sequence(${`"${subject.table}"`}, ${plan.nextKey.column}), ${plan.nextKey.value}, false)`.execute(
      db,
    );
  const answer = await server.post(plan.query, plan.variables, roleHeaders(subject.admits, subject.role, plan.session));
  const result = await resultOf(db, subject, plan, answer, keys[0] ?? []);
  return { result, detail: `${answer.status} ${JSON.stringify(answer.body)}` };
}
