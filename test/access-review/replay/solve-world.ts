// Completes a witness where a write needs more than it says (docs/access-review.md#how-diff-is-tested):
// an update replays a check witness only on a row the update's filter admits first, and a filter
// witness only if the check then admits the updated row. What the witness fixes (its columns, its
// session values) becomes literal conditions, and the diff's own decision procedure
// (findCounterexample) searches the rest: a world where every condition is TRUE.
import type { BoolExp, PermissionModel, RuleValue, SessionVariableType } from '../../../src/access/permission-model.ts';
import type { WorldRow, WorldValue } from '../../../src/access-review/diff/evaluate-filter.ts';
import {
  findCounterexample,
  type RelatedWitnessRow,
  type Witness,
} from '../../../src/access-review/diff/find-counterexample.ts';
import type { ReplaySession } from './replay-session.ts';

const never: BoolExp = { type: 'or', operands: [] };

/** `column` holds `value` (NULL: `_is_null`). */
export function holds(column: string, value: WorldValue | RuleValue): BoolExp {
  const rule: RuleValue =
    value !== null && typeof value === 'object' && 'type' in value ? value : { type: 'literal', value };
  if (rule.type === 'literal' && rule.value === null)
    return { type: 'compare', column, operator: '_is_null', value: { type: 'literal', value: true } };
  return { type: 'compare', column, operator: '_eq', value: rule };
}

/** The row's columns as conditions. */
export function rowHolds(row: WorldRow, columns: readonly string[] = Object.keys(row)): BoolExp[] {
  return columns.map((column) => holds(column, row[column] ?? null));
}

/** `filter` with the session variables `session` names replaced by their values. */
export function withSession(filter: BoolExp, session: ReplaySession): BoolExp {
  switch (filter.type) {
    case 'and':
    case 'or':
      return { type: filter.type, operands: filter.operands.map((operand) => withSession(operand, session)) };
    case 'not':
      return { type: 'not', operand: withSession(filter.operand, session) };
    case 'relationship':
    case 'exists':
      return { ...filter, where: withSession(filter.where, session) };
    case 'compare': {
      const value = filter.value.type === 'session' ? session[filter.value.name] : undefined;
      return value === undefined ? filter : { ...filter, value: { type: 'literal', value: value as never } };
    }
  }
}

export type Solution =
  | { readonly kind: 'found'; readonly world: Witness }
  | { readonly kind: 'none' | 'unknown'; readonly world?: undefined };

/**
 * A session and rows of `table` where every condition is TRUE and `unless` is not, the session
 * extending `fixed`: found, none (the search proves there is none) or unknown (beyond its bounds).
 */
export function solveWorld(
  model: PermissionModel,
  table: string,
  conditions: readonly BoolExp[],
  fixed: ReplaySession,
  sessionTypes: ReadonlyMap<string, SessionVariableType>,
  unless: { readonly model: PermissionModel; readonly filter: BoolExp } = { model, filter: never },
): Solution {
  const filter = withSession({ type: 'and', operands: [...conditions] }, fixed);
  const refuses = { model: unless.model, table, filter: withSession(unless.filter, fixed) };
  const result = findCounterexample({ model, table, filter }, refuses, sessionTypes);
  if (result.kind !== 'found') return { kind: result.kind };
  return { kind: 'found', world: { ...result.witness, session: { ...result.witness.session, ...fixed } } };
}

/** How a failed search reads in a reason. */
export const proof = (solution: Solution): string =>
  solution.kind === 'none' ? 'none exists' : 'the search cannot decide';

function childrenOf(
  model: PermissionModel,
  table: string,
  parent: WorldRow,
  path: string,
  related: readonly RelatedWitnessRow[],
): BoolExp[] {
  return related.flatMap((candidate) => {
    const rest = path === '' ? candidate.path : candidate.path.slice(path.length + 1);
    if ((path !== '' && !candidate.path.startsWith(`${path}.`)) || rest.includes('.')) return [];
    const relationship = model.tables[table]?.relationships[rest];
    if (!relationship) return [];
    const joined = Object.entries(relationship.columnMapping).every(
      ([local, remote]) => parent[local] === undefined || parent[local] === candidate.row[remote],
    );
    if (!joined) return [];
    const where: BoolExp = {
      type: 'and',
      operands: [
        ...rowHolds(candidate.row),
        ...childrenOf(model, relationship.remoteTable, candidate.row, candidate.path, related),
      ],
    };
    return [
      {
        type: 'relationship',
        relationship: rest,
        kind: relationship.kind,
        remoteTable: relationship.remoteTable,
        where,
      },
    ];
  });
}

/**
 * The witness's related rows as conditions on `row` of `table`: a relationship to a row holding
 * their values (and, within it, to the rows related to that one), so a search that must also
 * satisfy other conditions on the same relationship reuses the witness's rows.
 */
export function relatedHold(
  model: PermissionModel,
  table: string,
  row: WorldRow,
  related: readonly RelatedWitnessRow[],
): BoolExp[] {
  return childrenOf(model, table, row, '', related);
}

/** Related rows of both, each once. */
export function mergeRelated(
  first: readonly RelatedWitnessRow[],
  second: readonly RelatedWitnessRow[],
): RelatedWitnessRow[] {
  const seen = new Set<string>();
  return [...first, ...second].filter((related) => {
    const key = `${related.table}\u0000${JSON.stringify(related.row)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
