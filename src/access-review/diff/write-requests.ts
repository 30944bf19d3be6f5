// What a request can write, for `access diff` (docs/access-review.md#write-rules-judged-as-a-whole):
// an insert's or update's check and an update's filter are compared on the rows a request can
// produce, not on every row. An insert writes the presets (`set`, over any client value), the
// columns the client gives, and every other column's default (a constant exactly, a varying one
// as any value, none as NULL). An update admits the row before by its filter and the row after by
// its check; the two agree on every column the request neither sets nor presets. Both rows are
// one search row: the columns an update may change stand twice, as `before:<column>` for the row
// before, in a copy of the model whose table has those columns and the relationships on them.
import type {
  BoolExp,
  InsertPermission,
  PermissionModel,
  RuleValue,
  TableModel,
  UpdatePermission,
} from '../../access/permission-model.ts';
import type { WorldRow } from './evaluate-filter.ts';
import type { FilterSide, Witness } from './find-counterexample.ts';

const beforePrefix = 'before:';
const allRows: BoolExp = { type: 'and', operands: [] };
const noRows: BoolExp = { type: 'or', operands: [] };

/** Both sides of one direction of a write comparison, over the rows a request can produce. */
export interface WriteSearch {
  readonly admits: FilterSide;
  readonly refuses: FilterSide;
  /** The witness as printed: the row the part reads (before the update for its filter, else after). */
  readonly shown: (witness: Witness) => Witness;
}

/** `column` holds `value` (NULL: `_is_null`). */
function holds(column: string, value: RuleValue): BoolExp {
  if (value.type === 'literal' && value.value === null)
    return { type: 'compare', column, operator: '_is_null', value: { type: 'literal', value: true } };
  return { type: 'compare', column, operator: '_eq', value };
}

/** The columns a client may give: the rule's columns the presets do not override. */
const writable = (rule: InsertPermission | UpdatePermission): string[] =>
  rule.columns.filter((column) => !Object.hasOwn(rule.set, column));

/** The columns a request both versions accept may give (a column only one accepts is the columns part's matter). */
function given(rule: InsertPermission | UpdatePermission, other: InsertPermission | UpdatePermission | null): string[] {
  return writable(rule).filter((column) => !other || writable(other).includes(column));
}

/** Columns of the row itself a filter reads, join columns of its relationships included. */
function rootColumns(model: PermissionModel, table: string, filter: BoolExp, into: Set<string>): Set<string> {
  switch (filter.type) {
    case 'and':
    case 'or':
      for (const operand of filter.operands) rootColumns(model, table, operand, into);
      break;
    case 'not':
      rootColumns(model, table, filter.operand, into);
      break;
    case 'compare':
      into.add(filter.column);
      break;
    case 'relationship':
      for (const local of Object.keys(model.tables[table]?.relationships[filter.relationship]?.columnMapping ?? {}))
        into.add(local);
  }
  return into;
}

const presetsHold = (rule: InsertPermission | UpdatePermission): BoolExp[] =>
  Object.entries(rule.set).map(([column, value]) => holds(column, value));

/** What an insert that does not give `column` writes there, as a condition; null when any value may be written. */
function defaultHolds(model: PermissionModel, table: string, column: string): BoolExp | null {
  const found = model.tables[table]?.columns.find((candidate) => candidate.name === column)?.default;
  if (found?.kind === 'varying') return null;
  return holds(column, { type: 'literal', value: found?.kind === 'constant' ? found.value : null });
}

/** Insert checks: the admitting rule's check on a row its requests can write, against the other's check. */
export function insertSearch(
  table: string,
  admits: { readonly model: PermissionModel; readonly rule: InsertPermission },
  refuses: { readonly model: PermissionModel; readonly rule: InsertPermission | null },
): WriteSearch {
  const client = given(admits.rule, refuses.rule);
  const read = rootColumns(admits.model, table, admits.rule.check, new Set());
  if (refuses.rule) rootColumns(refuses.model, table, refuses.rule.check, read);
  const defaults = [...read]
    .filter((column) => !client.includes(column) && !Object.hasOwn(admits.rule.set, column))
    .flatMap((column) => defaultHolds(admits.model, table, column) ?? []);
  return {
    admits: {
      model: admits.model,
      table,
      filter: { type: 'and', operands: [admits.rule.check, ...presetsHold(admits.rule), ...defaults] },
    },
    refuses: { model: refuses.model, table, filter: refuses.rule?.check ?? noRows },
    shown: (witness) => witness,
  };
}

/** `filter` read on the row before the update: `changed` columns (and relationships joining on them) renamed. */
function onRowBefore(model: PermissionModel, table: string, filter: BoolExp, changed: ReadonlySet<string>): BoolExp {
  switch (filter.type) {
    case 'and':
    case 'or':
      return {
        type: filter.type,
        operands: filter.operands.map((operand) => onRowBefore(model, table, operand, changed)),
      };
    case 'not':
      return { type: 'not', operand: onRowBefore(model, table, filter.operand, changed) };
    case 'compare':
      return changed.has(filter.column) ? { ...filter, column: `${beforePrefix}${filter.column}` } : filter;
    case 'exists':
      // Another table's rows, whatever the written row holds: unchanged by the update.
      return filter;
    case 'relationship': {
      const mapping = model.tables[table]?.relationships[filter.relationship]?.columnMapping ?? {};
      const joinsChanged = Object.keys(mapping).some((local) => changed.has(local));
      return joinsChanged ? { ...filter, relationship: `${beforePrefix}${filter.relationship}` } : filter;
    }
  }
}

/** The model with the table's `changed` columns and the relationships joining on them doubled for the row before. */
function withRowBefore(model: PermissionModel, table: string, changed: ReadonlySet<string>): PermissionModel {
  const found = model.tables[table];
  if (!found) return model;
  const rename = (column: string) => (changed.has(column) ? `${beforePrefix}${column}` : column);
  const doubled: TableModel = {
    ...found,
    columns: [
      ...found.columns,
      ...found.columns
        .filter((column) => changed.has(column.name))
        .map((column) => ({ ...column, name: `${beforePrefix}${column.name}` })),
    ],
    relationships: {
      ...found.relationships,
      ...Object.fromEntries(
        Object.entries(found.relationships)
          .filter(([, relationship]) => Object.keys(relationship.columnMapping).some((local) => changed.has(local)))
          .map(([name, relationship]) => [
            `${beforePrefix}${name}`,
            {
              ...relationship,
              columnMapping: Object.fromEntries(
                Object.entries(relationship.columnMapping).map(([local, remote]) => [rename(local), remote]),
              ),
            },
          ]),
      ),
    },
  };
  return { ...model, tables: { ...model.tables, [table]: doubled } };
}

/** The row before (`before`) or after the update, as the table's own columns; related paths without the prefix. */
function splitWitness(witness: Witness, changed: ReadonlySet<string>, before: boolean): Witness {
  const row: Record<string, WorldRow[string]> = {};
  for (const [column, value] of Object.entries(witness.row)) {
    if (column.startsWith(beforePrefix)) {
      if (before) row[column.slice(beforePrefix.length)] = value;
    } else if (!before || !changed.has(column)) row[column] = value;
  }
  const related = witness.related.map((entry) => ({
    ...entry,
    path: entry.path.startsWith(beforePrefix) ? entry.path.slice(beforePrefix.length) : entry.path,
  }));
  return { ...witness, row, related };
}

/**
 * Update filters (`part: 'rows'`) and checks: the row before passes the admitting filter, the row
 * after (presets written, the client's columns free, the rest unchanged) its check; for the check,
 * the refusing version's filter also admits the row before, so only its check refuses.
 */
export function updateSearch(
  table: string,
  part: 'rows' | 'check',
  admits: { readonly model: PermissionModel; readonly rule: UpdatePermission },
  refuses: { readonly model: PermissionModel; readonly rule: UpdatePermission | null },
): WriteSearch {
  const changed = new Set([...given(admits.rule, refuses.rule), ...Object.keys(admits.rule.set)]);
  const admitsModel = withRowBefore(admits.model, table, changed);
  const refusesModel = withRowBefore(refuses.model, table, changed);
  const filterBefore = (model: PermissionModel, filter: BoolExp) => onRowBefore(model, table, filter, changed);
  const after = [admits.rule.check ?? allRows, ...presetsHold(admits.rule)];
  const admitsFilter: BoolExp =
    part === 'rows'
      ? { type: 'and', operands: [filterBefore(admits.model, admits.rule.filter), ...after] }
      : {
          type: 'and',
          operands: [
            ...after,
            filterBefore(admits.model, admits.rule.filter),
            ...(refuses.rule ? [filterBefore(refuses.model, refuses.rule.filter)] : []),
          ],
        };
  const refusesFilter = !refuses.rule
    ? noRows
    : part === 'rows'
      ? filterBefore(refuses.model, refuses.rule.filter)
      : (refuses.rule.check ?? allRows);
  return {
    admits: { model: admitsModel, table, filter: admitsFilter },
    refuses: { model: refusesModel, table, filter: refusesFilter },
    shown: (witness) => splitWitness(witness, changed, part === 'rows'),
  };
}
