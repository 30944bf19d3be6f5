// How one witness of `access diff` is replayed through the data layer over HTTP
// (docs/access-review.md#how-diff-is-tested): the rows to put in the database first, the request
// the witness's role sends with its session, and what the refusing version must answer. Select
// and delete filters replay the witness as it is; update filters and checks and insert checks
// are in write-replay-plans.ts. A witness that cannot be replayed says why.
import type {
  BoolExp,
  PermissionModel,
  RuleAction,
  SessionVariableType,
} from '../../../src/access/permission-model.ts';
import { evaluateFilter, type WorldRow } from '../../../src/access-review/diff/evaluate-filter.ts';
import type { RelatedWitnessRow, Witness } from '../../../src/access-review/diff/find-counterexample.ts';
import { completeSession, type ReplaySession } from './replay-session.ts';
import type { WitnessDatabase } from './witness-database.ts';

export interface ReplaySubject {
  readonly role: string;
  readonly table: string;
  readonly action: RuleAction;
  readonly part: 'rows' | 'check';
  readonly witness: Witness;
  /** The version that admits the witness, and the one that does not. */
  readonly admits: PermissionModel;
  readonly refuses: PermissionModel;
  readonly sessionTypes: ReadonlyMap<string, SessionVariableType>;
  /** The keys the database does not fill and the column defaults (witness-database.ts). */
  readonly database: Pick<WitnessDatabase, 'keysWithoutDefault' | 'defaults'>;
}

/** Why the refusing version does not admit the witness: its rule filters the row out, its check fails, or it has no such rule (or column). */
export type Refusal = 'filtered' | 'check-failed' | 'no-permission';

export interface ReplayPlan {
  readonly kind: 'plan';
  readonly how: 'select' | 'delete' | 'update' | 'insert';
  readonly session: ReplaySession;
  /** Rows put in the database before the request; the first is the row read, updated or deleted (none for insert). */
  readonly rows: readonly { readonly table: string; readonly row: WorldRow }[];
  readonly query: string;
  readonly variables: Record<string, unknown>;
  /** Columns an insert cannot write as the witness says (not client columns): their default is written. */
  readonly defaulted: readonly string[];
  /** A numbered key the insert must get (the sequence is set to it before the request). */
  readonly nextKey: { readonly column: string; readonly value: number } | null;
  readonly refusal: Refusal;
}

export type ReplayAttempt = ReplayPlan | { readonly kind: 'infeasible'; readonly reason: string };

export const infeasible = (reason: string): ReplayAttempt => ({ kind: 'infeasible', reason });

const noRows: BoolExp = { type: 'or', operands: [] };
const allRows: BoolExp = { type: 'and', operands: [] };

/** The filter of the action (select, update, delete) or its check (insert, update; none admits every row). */
export function ruleFilter(model: PermissionModel, subject: ReplaySubject, part: 'rows' | 'check'): BoolExp | null {
  const rules = model.permissions[subject.role]?.[subject.table];
  if (subject.action === 'select') return rules?.select?.filter ?? null;
  if (subject.action === 'delete') return rules?.delete?.filter ?? null;
  if (subject.action === 'insert') return rules?.insert ? rules.insert.check : null;
  if (!rules?.update) return null;
  return part === 'rows' ? rules.update.filter : (rules.update.check ?? allRows);
}

/**
 * Whether the data layer offers what the replay asks: a mutation needs the select rule too
 * (docs/data-layer.md#mutations); a select must read the primary key, by which the row is found.
 */
export function offers(model: PermissionModel, subject: ReplaySubject): boolean {
  const rules = model.permissions[subject.role]?.[subject.table];
  if (!rules?.select || !rules[subject.action]) return false;
  const keys = model.tables[subject.table]?.primaryKey ?? [];
  return subject.action !== 'select' || keys.every((key) => rules.select?.columns.includes(key));
}

let nextKey = 0;

function freshKey(dataType: string): string | number {
  nextKey += 1;
  if (dataType === 'uuid') return `eeeeeeee-0000-4000-8000-${String(nextKey).padStart(12, '0')}`;
  if (/^int/.test(dataType) || dataType === 'numeric') return 900_000 + nextKey;
  const instant = new Date(Date.UTC(2001, 0, 1) + nextKey * 86_400_000).toISOString();
  if (dataType === 'date') return instant.slice(0, 10);
  if (dataType.startsWith('timestamp')) return instant;
  return `replay-key-${nextKey}`;
}

/** The row with a value for every key column the database would leave empty. */
export function withKeys(subject: ReplaySubject, table: string, row: WorldRow): WorldRow {
  const filled: Record<string, WorldRow[string]> = { ...row };
  for (const column of subject.database.keysWithoutDefault.get(table) ?? []) {
    if (filled[column] !== undefined) continue;
    const dataType = subject.admits.tables[table]?.columns.find((found) => found.name === column)?.dataType ?? 'text';
    filled[column] = freshKey(dataType);
  }
  return filled;
}

export function relatedRows(subject: ReplaySubject, related: readonly RelatedWitnessRow[]) {
  return related.map(({ table, row }) => ({ table, row: withKeys(subject, table, row) }));
}

/**
 * The rows with those of one table and key merged into one (a witness and its completion may
 * both name a related row); null when two such rows disagree on a column.
 */
export function mergeKeyed(subject: ReplaySubject, rows: ReplayPlan['rows']): ReplayPlan['rows'] | null {
  const merged = new Map<string, { table: string; row: WorldRow }>();
  for (const [index, entry] of rows.entries()) {
    const keys = subject.admits.tables[entry.table]?.primaryKey ?? [];
    const values = keys.map((key) => entry.row[key]);
    const id = values.includes(undefined) ? `row ${index}` : `${entry.table} ${JSON.stringify(values)}`;
    const found = merged.get(id);
    const disagree = (column: string, value: WorldRow[string]) =>
      found?.row[column] !== undefined && found.row[column] !== value;
    if (!found) merged.set(id, entry);
    else if (Object.entries(entry.row).some(([column, value]) => disagree(column, value))) return null;
    else merged.set(id, { table: entry.table, row: { ...found.row, ...entry.row } });
  }
  return [...merged.values()];
}

/** Whether `filter` is TRUE for `row` of the subject's table among `rows`, under `session`. */
export function admitted(
  model: PermissionModel,
  subject: ReplaySubject,
  filter: BoolExp,
  row: WorldRow,
  rows: ReplayPlan['rows'],
  session: ReplaySession,
): boolean {
  const byTable: Record<string, WorldRow[]> = {};
  for (const entry of rows) byTable[entry.table] = [...(byTable[entry.table] ?? []), entry.row];
  return evaluateFilter(model, subject.table, filter, row, { session, rows: byTable }) === 'true';
}

/** The witness's row read (select) or deleted (delete), as it is. */
export function planReadOrDelete(subject: ReplaySubject): ReplayAttempt {
  const { witness, table } = subject;
  const how = subject.action === 'select' ? 'select' : 'delete';
  if (!offers(subject.admits, subject)) return infeasible(`the admitting version offers no ${how} field`);
  const row = withKeys(subject, table, witness.row);
  const rows = [{ table, row }, ...relatedRows(subject, witness.related)];
  const session = completeSession(subject.admits, witness.session);
  const refusing = ruleFilter(subject.refuses, subject, 'rows') ?? noRows;
  if (
    !admitted(subject.admits, subject, ruleFilter(subject.admits, subject, 'rows') ?? noRows, row, rows, session) ||
    admitted(subject.refuses, subject, refusing, row, rows, session)
  )
    return infeasible('the completed witness does not separate the versions');
  const keys = subject.admits.tables[table]?.primaryKey ?? [];
  return {
    kind: 'plan',
    how,
    session,
    rows,
    query:
      how === 'select'
        ? `query Replay { ${table} { ${keys.join(' ')} } }`
        : `mutation Replay { delete_${table}(where: {}) { affected_rows } }`,
    variables: {},
    defaulted: [],
    nextKey: null,
    refusal: offers(subject.refuses, subject) ? 'filtered' : 'no-permission',
  };
}
