// Witnesses of insert checks and of update filters and checks, replayed as the mutations the data
// layer runs (docs/access-review.md#how-diff-is-tested). An insert sends the witness's columns the
// client may give; those the rule presets (`set`) must already hold the preset's value (a session
// variable the witness leaves open takes the column's value). An update writes one row, with
// `where: {}`: a filter witness is the row before the update, and the rest of the row is searched
// so that the check admits it after; a check witness is the row after the update, and the row
// before is searched among those the update's filter admits in both versions, agreeing with the
// witness on every column the client does not set. `_set` gives the witness's client columns (or
// one column its own value).
import type { BoolExp, InsertPermission, UpdatePermission } from '../../../src/access/permission-model.ts';
import type { WorldRow, WorldValue } from '../../../src/access-review/diff/evaluate-filter.ts';
import type { Witness } from '../../../src/access-review/diff/find-counterexample.ts';
import { columnKind } from '../../../src/access-review/diff/value-kind.ts';
import {
  admitted,
  infeasible,
  mergeKeyed,
  offers,
  relatedRows,
  withKeys,
  type ReplayAttempt,
  type ReplayPlan,
  type ReplaySubject,
} from './replay-plan.ts';
import { completeSession, type ReplaySession } from './replay-session.ts';
import { holds, mergeRelated, proof, relatedHold, rowHolds, solveWorld, type Solution } from './solve-world.ts';

type Presets = InsertPermission['set'];

const writable = (rule: InsertPermission | UpdatePermission): string[] =>
  rule.columns.filter((column) => !Object.hasOwn(rule.set, column));

function dataType(subject: ReplaySubject, column: string): string {
  return subject.admits.tables[subject.table]?.columns.find((found) => found.name === column)?.dataType ?? 'text';
}

function sameValue(subject: ReplaySubject, column: string, a: unknown, b: WorldValue): boolean {
  if (a === null || b === null || a === undefined) return a === b;
  const kind = columnKind(dataType(subject, column));
  const [left, right] = [kind.normalize(a), kind.normalize(b)];
  return left !== null && right !== null && kind.compare(left, right) === 0;
}

/**
 * The session with each preset session variable set to the witness's value of its column; null
 * when a preset would write another value than the witness names.
 */
function sessionForPresets(subject: ReplaySubject, presets: Presets, row: WorldRow): ReplaySession | null {
  const session: Record<string, ReplaySession[string]> = { ...subject.witness.session };
  for (const [column, preset] of Object.entries(presets)) {
    const value = row[column];
    if (value === undefined) continue;
    if (preset.type === 'literal') {
      if (!sameValue(subject, column, preset.value, value)) return null;
    } else if (session[preset.name] === undefined) {
      if (value === null) return null;
      session[preset.name] = value;
    } else if (!sameValue(subject, column, session[preset.name], value)) return null;
  }
  return session;
}

function presetValues(presets: Presets, session: ReplaySession): WorldRow {
  const values: Record<string, WorldValue> = {};
  for (const [column, preset] of Object.entries(presets))
    values[column] = (preset.type === 'literal' ? preset.value : session[preset.name]) as WorldValue;
  return values;
}

/** A column's value as the data layer's GraphQL input takes it (docs/data-layer.md#the-schema-of-a-role). */
function inputValue(subject: ReplaySubject, column: string, value: WorldValue): unknown {
  if (value === null) return null;
  const type = dataType(subject, column);
  if (type === 'int2' || type === 'int4') return Number(value);
  if (type === 'int8' || type === 'numeric') return String(value);
  return value;
}

function inputObject(subject: ReplaySubject, row: WorldRow): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([column, value]) => [column, inputValue(subject, column, value)]));
}

function updateRule(subject: ReplaySubject, side: 'admits' | 'refuses'): UpdatePermission | null {
  const model = subject[side];
  return offers(model, subject) ? (model.permissions[subject.role]?.[subject.table]?.update ?? null) : null;
}

/** The columns `_set` may give in both versions (a column the refusing one does not offer would be refused for that). */
function settable(admits: UpdatePermission, refuses: UpdatePermission | null): string[] {
  return writable(admits).filter((column) => !refuses || writable(refuses).includes(column));
}

function updatePlan(
  subject: ReplaySubject,
  session: ReplaySession,
  rows: ReplayPlan['rows'],
  set: WorldRow,
  refusal: ReplayPlan['refusal'],
): ReplayPlan {
  const { table } = subject;
  return {
    kind: 'plan',
    how: 'update',
    session,
    rows,
    query: `mutation Replay($set: ${table}_set_input!) { update_${table}(where: {}, _set: $set) { affected_rows } }`,
    variables: { set: inputObject(subject, set) },
    defaulted: [],
    nextKey: null,
    refusal,
  };
}

/**
 * A world where every condition holds (and `unless` does not), reusing the witness's related rows
 * where the conditions reach the same relationships; else with rows of its own, which may then
 * disagree with them.
 */
function solveAround(
  subject: ReplaySubject,
  conditions: readonly BoolExp[],
  fixed: ReplaySession,
  unless?: BoolExp,
): Solution {
  const { admits, refuses, table, witness, sessionTypes } = subject;
  const refusing = unless ? { model: refuses, filter: unless } : undefined;
  const tied = relatedHold(admits, table, witness.row, witness.related);
  const solved =
    tied.length > 0 ? solveWorld(admits, table, [...conditions, ...tied], fixed, sessionTypes, refusing) : null;
  return solved?.kind === 'found' ? solved : solveWorld(admits, table, conditions, fixed, sessionTypes, refusing);
}

/** `_set` for the row `before`: the given columns, or one settable column with its own value. */
function setOf(columns: readonly string[], given: WorldRow, before: WorldRow): WorldRow | null {
  if (Object.keys(given).length > 0) return given;
  const column = columns.find((found) => before[found] !== undefined) ?? columns[0];
  return column === undefined ? null : { [column]: before[column] ?? null };
}

const everyRow: BoolExp = { type: 'and', operands: [] };
const noSet = infeasible('no column both versions let the client set');

/** A search's outcome in a reason: none, undecided, or found but not replayable. */
const outcome = (solution: Solution, attempt: ReplayAttempt): string =>
  solution.kind === 'found' && attempt.kind === 'infeasible' ? attempt.reason : proof(solution);

interface UpdateRules {
  readonly rule: UpdatePermission;
  readonly refusing: UpdatePermission | null;
  /** Columns `_set` may give in both versions. */
  readonly columns: readonly string[];
}

/**
 * The plan for the row `before` found in `world` and updated with `set`, if the versions then
 * differ as `part` says: the admitting one updates it (its filter admits the row, its check the
 * result) and the refusing one filters it out (rows) or fails its check (check).
 */
function updateIn(
  subject: ReplaySubject,
  { rule, refusing }: UpdateRules,
  world: Witness,
  before: WorldRow,
  set: WorldRow,
): ReplayAttempt {
  const session = completeSession(subject.admits, world.session);
  const rows = mergeKeyed(subject, [
    { table: subject.table, row: before },
    ...relatedRows(subject, mergeRelated(subject.witness.related, world.related)),
  ]);
  if (!rows) return infeasible('the witness and its completion name one row two ways');
  const passes = (side: 'admits' | 'refuses', permission: UpdatePermission, part: 'rows' | 'check') =>
    part === 'rows'
      ? admitted(subject[side], subject, permission.filter, before, rows, session)
      : admitted(
          subject[side],
          subject,
          permission.check ?? everyRow,
          {
            ...before,
            ...set,
            ...presetValues(permission.set, session),
          },
          rows,
          session,
        );
  const refused =
    !refusing ||
    (subject.part === 'rows'
      ? !passes('refuses', refusing, 'rows')
      : passes('refuses', refusing, 'rows') && !passes('refuses', refusing, 'check'));
  if (!(passes('admits', rule, 'rows') && passes('admits', rule, 'check') && refused))
    return infeasible('the completed witness does not separate the versions');
  const refusal = !refusing ? 'no-permission' : subject.part === 'rows' ? 'filtered' : 'check-failed';
  return updatePlan(subject, session, rows, set, refusal);
}

function updateRules(subject: ReplaySubject): UpdateRules | null {
  const rule = updateRule(subject, 'admits');
  if (!rule) return null;
  const refusing = updateRule(subject, 'refuses');
  return { rule, refusing, columns: settable(rule, refusing) };
}

/** One row before and after (`_set` writes a column its own value): the witness's columns held, and what must not hold searched away. */
function updateInPlace(subject: ReplaySubject, rules: UpdateRules, fixed: ReplaySession): [Solution, ReplayAttempt] {
  const { rule, refusing, columns } = rules;
  const { witness } = subject;
  const conditions: BoolExp[] = [rule.filter, rule.check ?? everyRow, ...rowHolds(witness.row)];
  for (const [column, preset] of Object.entries(rule.set)) conditions.push(holds(column, preset));
  if (subject.part === 'check' && refusing) conditions.push(refusing.filter);
  const unless = refusing ? (subject.part === 'rows' ? refusing.filter : (refusing.check ?? everyRow)) : undefined;
  const solution = solveAround(subject, conditions, fixed, unless);
  if (solution.kind !== 'found') return [solution, infeasible(proof(solution))];
  const before = withKeys(subject, subject.table, solution.world.row);
  const set = setOf(columns, {}, before);
  return [solution, set ? updateIn(subject, rules, solution.world, before, set) : noSet];
}

export function planUpdateRows(subject: ReplaySubject): ReplayAttempt {
  const rules = updateRules(subject);
  if (!rules) return infeasible('the admitting version offers no update field');
  const { rule, columns } = rules;
  const { witness, table } = subject;
  const [inPlace, plan] = updateInPlace(subject, rules, witness.session);
  if (plan.kind === 'plan') return plan;
  // The row after the update: presets hold their value, the client's columns any, the rest the witness's.
  const conditions: BoolExp[] = [rule.check ?? everyRow];
  for (const [column, preset] of Object.entries(rule.set)) conditions.push(holds(column, preset));
  for (const [column, value] of Object.entries(witness.row))
    if (!Object.hasOwn(rule.set, column) && !columns.includes(column)) conditions.push(holds(column, value));
  const after = solveAround(subject, conditions, witness.session);
  let attempt = infeasible(proof(after));
  if (after.kind === 'found') {
    const before = withKeys(subject, table, { ...after.world.row, ...witness.row });
    const given = Object.fromEntries(Object.entries(after.world.row).filter(([column]) => columns.includes(column)));
    const set = setOf(columns, given, before);
    attempt = set ? updateIn(subject, rules, after.world, before, set) : noSet;
    if (attempt.kind === 'plan') return attempt;
  }
  return infeasible(
    `no update of the witness's row passes the check (in place: ${outcome(inPlace, plan)}; setting other values: ${outcome(after, attempt)})`,
  );
}

export function planUpdateCheck(subject: ReplaySubject): ReplayAttempt {
  const rules = updateRules(subject);
  if (!rules) return infeasible('the admitting version offers no update field');
  const { rule, refusing, columns } = rules;
  const { witness, table } = subject;
  const fixed = sessionForPresets(subject, rule.set, witness.row);
  if (!fixed) return infeasible('a preset writes another value than the witness names');
  const [inPlace, plan] = updateInPlace(subject, rules, fixed);
  if (plan.kind === 'plan') return plan;
  // The row before the update: the filters admit it; the client's and preset columns may hold any value.
  const given = Object.fromEntries(Object.entries(witness.row).filter(([column]) => columns.includes(column)));
  const conditions: BoolExp[] = [rule.filter, ...(refusing ? [refusing.filter] : [])];
  for (const [column, value] of Object.entries(witness.row))
    if (!Object.hasOwn(rule.set, column) && !Object.hasOwn(given, column)) conditions.push(holds(column, value));
  const before = solveAround(subject, conditions, fixed);
  let attempt = infeasible(proof(before));
  if (before.kind === 'found') {
    const row = withKeys(subject, table, before.world.row);
    const set = setOf(columns, given, row);
    attempt = set ? updateIn(subject, rules, before.world, row, set) : noSet;
    if (attempt.kind === 'plan') return attempt;
  }
  return infeasible(
    `no row the filters admit becomes the witness's row by an update (in place: ${outcome(inPlace, plan)}; from other values: ${outcome(before, attempt)})`,
  );
}

/** What an insert that does not name `column` writes there: its default (undefined when it varies). */
function omitted(subject: ReplaySubject, column: string): WorldValue | undefined {
  const found = subject.database.defaults.get(subject.table)?.get(column);
  return found === undefined ? null : found === null ? undefined : found.value;
}

/** A numbered key (an identity or serial integer) the witness names: the sequence is set to give it. */
function numberedKey(subject: ReplaySubject, column: string, value: WorldValue): ReplayPlan['nextKey'] {
  const key = subject.admits.tables[subject.table]?.primaryKey.includes(column);
  const numbered = subject.database.defaults.get(subject.table)?.get(column) === null;
  return key && numbered && /^int/.test(dataType(subject, column)) && typeof value === 'number'
    ? { column, value }
    : null;
}

export function planInsert(subject: ReplaySubject): ReplayAttempt {
  const { witness, table } = subject;
  const rule = offers(subject.admits, subject) ? subject.admits.permissions[subject.role]?.[table]?.insert : null;
  if (!rule) return infeasible('the admitting version offers no insert field');
  const fixed = sessionForPresets(subject, rule.set, witness.row);
  if (!fixed) return infeasible('a preset writes another value than the witness names');
  const object: Record<string, WorldValue> = {};
  let nextKey: ReplayPlan['nextKey'] = null;
  const defaulted: string[] = [];
  for (const [column, value] of Object.entries(witness.row)) {
    if (Object.hasOwn(rule.set, column)) continue;
    if (writable(rule).includes(column)) object[column] = value;
    else if (numberedKey(subject, column, value)) nextKey = numberedKey(subject, column, value);
    else if (omitted(subject, column) === undefined)
      return infeasible(`the witness names ${column}, which the client may not give and whose default varies`);
    // The client cannot write the witness's value: the insert writes the default, which may still separate.
    else if (!sameValue(subject, column, omitted(subject, column), value)) defaulted.push(column);
  }
  for (const [column, value] of Object.entries(
    withKeys(subject, table, { ...object, ...presetValues(rule.set, fixed) }),
  ))
    if (object[column] === undefined && !Object.hasOwn(rule.set, column)) {
      if (!writable(rule).includes(column)) return infeasible(`key ${column} needs a value the client may not give`);
      object[column] = value;
    }
  const session = completeSession(subject.admits, fixed);
  const rows = relatedRows(subject, witness.related);
  const refusing = offers(subject.refuses, subject) ? subject.refuses.permissions[subject.role]?.[table]?.insert : null;
  const offered = refusing && Object.keys(object).every((column) => writable(refusing).includes(column));
  const defaults = Object.fromEntries(
    [...(subject.database.defaults.get(table) ?? [])].flatMap(([column, found]) =>
      found ? [[column, found.value] as const] : [],
    ),
  );
  const written = (presets: Presets) => ({
    ...defaults,
    ...(nextKey ? { [nextKey.column]: nextKey.value } : {}),
    ...object,
    ...presetValues(presets, session),
  });
  const separates =
    admitted(subject.admits, subject, rule.check, written(rule.set), rows, session) &&
    !(refusing && offered && admitted(subject.refuses, subject, refusing.check, written(refusing.set), rows, session));
  if (!separates)
    return infeasible(
      defaulted.length > 0
        ? `the client may not give ${defaulted.join(', ')}, and with the default the versions agree`
        : 'the completed witness does not separate the versions',
    );
  return {
    kind: 'plan',
    how: 'insert',
    session,
    rows,
    query: `mutation Replay($objects: [${table}_insert_input!]!) { insert_${table}(objects: $objects) { affected_rows } }`,
    variables: { objects: [inputObject(subject, object)] },
    defaulted,
    nextKey,
    refusal: offered ? 'check-failed' : 'no-permission',
  };
}
