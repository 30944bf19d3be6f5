// Checks the data of a response against the reference evaluation of permissions.yaml over the
// same rows: every row is one the role may read and the `where` admits, none is missing, each
// object has exactly the selected fields with the stored values, relations hold exactly the
// related rows the role may read, orderings and pages agree, aggregates are the reference's.
// Rows are matched by primary key (every select rule includes it, and the generator selects it).
import type {
  AggregateSelection,
  DataCase,
  ListArguments,
  OrderKey,
  RelationSelection,
  RootField,
  Selection,
} from './data-case.ts';
import { decimalSum, normalizeDecimal, sameValue, timestampMicros } from './compare-values.ts';
import { evaluateBoolExp, relatedRows, type EvaluationContext, type SessionValues } from './evaluate-bool-exp.ts';
import type { ReferenceDatabase, ReferenceRow, ReferenceValue } from './reference-database.ts';
import type { ReferenceRules } from './reference-rules.ts';

type Json = any;

export function checkResponseData(
  dataCase: DataCase,
  data: Json,
  rules: ReferenceRules,
  database: ReferenceDatabase,
  session: SessionValues,
): string[] {
  const problems: string[] = [];
  const visible = new Map<string, readonly ReferenceRow[]>();
  const context: EvaluationContext = {
    rules,
    database,
    role: dataCase.role,
    session,
    visibleRows(table) {
      let rows = visible.get(table);
      if (!rows) {
        const rule = rules.select(dataCase.role, table);
        rows = rule
          ? database
              .table(table)
              .rows.filter((row) => evaluateBoolExp(rule.filter, table, row, context, 'rule') === true)
          : [];
        visible.set(table, rows);
      }
      return rows;
    },
  };
  const checker = createChecker(context, problems);
  dataCase.rootFields.forEach((field, index) => checker.rootField(field, data?.[`r${index}`], `r${index}`));
  if (data && Object.keys(data).length !== dataCase.rootFields.length)
    problems.push(`data has fields ${Object.keys(data).join(', ')}`);
  return problems;
}

/** The response key of a relation: `<name>`, or `<name>_aggregate`. */
const responseKey = (relation: RelationSelection) =>
  relation.aggregate ? `${relation.name}_aggregate` : relation.name;

function createChecker(context: EvaluationContext, problems: string[]) {
  const { rules, database } = context;
  const roleLimit = (table: string) => rules.select(context.role, table)?.limit ?? null;
  const matching = (table: string, rows: readonly ReferenceRow[], where: ListArguments['where']) =>
    where ? rows.filter((row) => evaluateBoolExp(where, table, row, context, 'client') === true) : rows;
  const keyOf = (table: string, row: ReferenceRow) =>
    JSON.stringify(database.table(table).primaryKey.map((column) => row[column]));
  const describe = (table: string, row: ReferenceRow) => `${table}${keyOf(table, row)}`;

  /** The value an order key reads: through object relationships, hidden related rows read as NULL. */
  const sortValue = (table: string, row: ReferenceRow, key: OrderKey): { table: string; value: ReferenceValue } => {
    let current = table;
    let currentRow: ReferenceRow | undefined = row;
    for (const step of key.path) {
      const relationship = rules.relationships(current).find((candidate) => candidate.name === step);
      if (!relationship) throw new Error(`reference: no relationship ${current}.${step}`);
      currentRow = currentRow ? relatedRows(relationship, currentRow, context, 'client')[0] : undefined;
      current = relationship.remoteTable;
    }
    return { table: current, value: currentRow ? (currentRow[key.column] ?? null) : null };
  };
  const compareRows = (
    table: string,
    orderBy: readonly OrderKey[],
    left: ReferenceRow,
    right: ReferenceRow,
  ): number => {
    for (const key of orderBy) {
      const a = sortValue(table, left, key);
      const b = sortValue(table, right, key);
      const descending = key.direction.startsWith('desc');
      const nullsFirst = key.direction.endsWith('nulls_first') || (descending && !key.direction.endsWith('nulls_last'));
      if (a.value === null || b.value === null) {
        if (a.value === b.value) continue;
        return (a.value === null) === nullsFirst ? -1 : 1;
      }
      const ranks = database.table(a.table).ranks.get(key.column);
      const difference = (ranks?.get(a.value as string) ?? NaN) - (ranks?.get(b.value as string) ?? NaN);
      if (Number.isNaN(difference)) throw new Error(`reference: no order for ${a.table}.${key.column}`);
      if (difference !== 0) return descending ? -difference : difference;
    }
    return 0;
  };

  const checkRow = (table: string, response: Json, row: ReferenceRow, selection: Selection, path: string) => {
    if (response === null || typeof response !== 'object' || Array.isArray(response)) {
      problems.push(`${path}: expected ${describe(table, row)}, got ${JSON.stringify(response)}`);
      return;
    }
    const expectedFields = [...selection.columns, ...selection.relations.map(responseKey)];
    const fields = Object.keys(response);
    if (fields.length !== new Set(expectedFields).size || !fields.every((field) => expectedFields.includes(field))) {
      problems.push(`${path}: fields ${fields.join(',')} instead of ${expectedFields.join(',')}`);
    }
    const types = database.table(table).columnTypes;
    for (const column of selection.columns) {
      if (!sameValue(types.get(column) ?? '', response[column], row[column] ?? null)) {
        problems.push(
          `${path}.${column}: ${JSON.stringify(response[column])} but ${describe(table, row)} holds ${JSON.stringify(row[column])}`,
        );
      }
    }
    for (const relation of selection.relations) {
      const relationship = rules.relationships(table).find((candidate) => candidate.name === relation.name);
      if (!relationship) throw new Error(`reference: no relationship ${table}.${relation.name}`);
      const related = relatedRows(relationship, row, context, 'client');
      const at = `${path}.${responseKey(relation)}`;
      if (relation.aggregate) {
        checkRelationAggregate(relationship.remoteTable, response[responseKey(relation)], related, relation, at);
      } else if (relationship.kind === 'object') {
        const [first] = related;
        if (!first) {
          if (response[relation.name] !== null)
            problems.push(
              `${at}: expected null (no related row the role may read), got ${JSON.stringify(response[relation.name])}`,
            );
        } else checkRow(relationship.remoteTable, response[relation.name], first, relation.selection, at);
      } else {
        checkList(relationship.remoteTable, response[relation.name], related, relation.args, relation.selection, at);
      }
    }
  };

  const checkList = (
    table: string,
    response: Json,
    rows: readonly ReferenceRow[],
    args: ListArguments,
    selection: Selection,
    path: string,
  ) => {
    if (!Array.isArray(response)) {
      problems.push(`${path}: expected a list, got ${JSON.stringify(response)}`);
      return;
    }
    const sorted = [...matching(table, rows, args.where)].sort((a, b) => compareRows(table, args.orderBy, a, b));
    // distinct_on: the first row of each group in order_by order; ties make any of the tied rows right.
    const groupOf = (row: ReferenceRow) =>
      JSON.stringify(
        (args.distinctOn ?? []).map((column) => {
          const value = row[column] ?? null;
          return value === null
            ? null
            : (database
                .table(table)
                .ranks.get(column)
                ?.get(value as string) ?? value);
        }),
      );
    const firstOfGroup = new Map<string, ReferenceRow>();
    if (args.distinctOn)
      for (const row of sorted) if (!firstOfGroup.has(groupOf(row))) firstOfGroup.set(groupOf(row), row);
    const candidates = args.distinctOn ? [...firstOfGroup.values()] : sorted;
    const limits = [args.limit, roleLimit(table) ?? undefined].filter((value): value is number => value !== undefined);
    const limit = limits.length > 0 ? Math.min(...limits) : Infinity;
    const offset = args.offset ?? 0;
    const expectedCount = Math.max(0, Math.min(limit, candidates.length - offset));
    if (response.length !== expectedCount) {
      problems.push(
        `${path}: ${response.length} rows, expected ${expectedCount} (${candidates.length} match, offset ${offset}, limit ${limit}): ${candidates.map((row) => describe(table, row)).join(' ')}`,
      );
    }
    const groupsSeen = new Set<string>();
    const key = database.table(table).primaryKey;
    const types = database.table(table).columnTypes;
    const seen = new Set<string>();
    const found: ReferenceRow[] = [];
    response.forEach((item: Json, index: number) => {
      const match = sorted.find((row) =>
        key.every((column) => sameValue(types.get(column) ?? '', item?.[column], row[column] ?? null)),
      );
      if (!match) {
        problems.push(`${path}[${index}]: row outside the rules or the where: ${JSON.stringify(item)}`);
        return;
      }
      const id = keyOf(table, match);
      if (seen.has(id)) problems.push(`${path}[${index}]: ${describe(table, match)} twice`);
      seen.add(id);
      if (args.distinctOn) {
        const group = groupOf(match);
        if (groupsSeen.has(group)) problems.push(`${path}[${index}]: a second row of distinct_on group ${group}`);
        groupsSeen.add(group);
        const first = firstOfGroup.get(group) as ReferenceRow;
        if (compareRows(table, args.orderBy, match, first) !== 0)
          problems.push(
            `${path}[${index}]: ${describe(table, match)} is not the first of its distinct_on group (${describe(table, first)} is)`,
          );
      }
      found.push(match);
      checkRow(table, item, match, selection, `${path}[${index}]`);
    });
    if (args.orderBy.length > 0 && found.length === response.length) {
      const window = candidates.slice(offset, offset + found.length);
      found.forEach((row, index) => {
        const expected = window[index];
        if (expected && compareRows(table, args.orderBy, row, expected) !== 0) {
          problems.push(
            `${path}[${index}]: ${describe(table, row)} is out of order (expected a row sorting like ${describe(table, expected)})`,
          );
        }
      });
    }
  };

  /** `aggregate { … }` over exactly `rows`: count, exact decimal sums, averages, min and max. */
  const checkAggregateValues = (
    tableName: string,
    rows: readonly ReferenceRow[],
    fields: AggregateSelection,
    response: Json,
    path: string,
  ) => {
    const aggregate = response?.aggregate;
    if (!aggregate) {
      problems.push(`${path}: no aggregate in ${JSON.stringify(response)}`);
      return;
    }
    if (fields.count && aggregate.count !== rows.length)
      problems.push(`${path}.aggregate.count: ${aggregate.count}, expected ${rows.length}`);
    const table = database.table(tableName);
    const values = (column: string) =>
      rows.map((row) => row[column]).filter((value): value is string => typeof value === 'string');
    for (const column of fields.sum) {
      const present = values(column);
      const got = aggregate.sum?.[column];
      const expected = present.length === 0 ? null : decimalSum(present);
      const actual = got === null || got === undefined ? null : normalizeDecimal(String(got));
      if (actual !== expected)
        problems.push(`${path}.aggregate.sum.${column}: ${JSON.stringify(got)}, expected ${expected}`);
    }
    for (const column of fields.avg) {
      const present = values(column);
      const got = aggregate.avg?.[column];
      if (present.length === 0) {
        if (got !== null) problems.push(`${path}.aggregate.avg.${column}: ${JSON.stringify(got)}, expected null`);
        continue;
      }
      const expected = Number(decimalSum(present)) / present.length;
      if (typeof got !== 'string' || Math.abs(Number(got) - expected) > Math.abs(expected) * 1e-9 + 1e-12)
        problems.push(`${path}.aggregate.avg.${column}: ${JSON.stringify(got)}, expected about ${expected}`);
    }
    for (const [name, direction] of [
      ['min', 1],
      ['max', -1],
    ] as const) {
      for (const column of fields[name]) {
        const ranks = table.ranks.get(column);
        const present = values(column).sort((a, b) => direction * ((ranks?.get(a) ?? 0) - (ranks?.get(b) ?? 0)));
        const got = aggregate[name]?.[column];
        const expected = present[0] ?? null;
        const type = table.columnTypes.get(column) ?? '';
        const same =
          type === 'timestamptz' && typeof got === 'string' && expected !== null
            ? timestampMicros(got) === timestampMicros(expected)
            : sameValue(type, got ?? null, expected);
        if (!same) problems.push(`${path}.aggregate.${name}.${column}: ${JSON.stringify(got)}, expected ${expected}`);
      }
    }
  };

  const checkAggregate = (field: Extract<RootField, { kind: 'aggregate' }>, response: Json, path: string) => {
    const rows = matching(field.table, context.visibleRows(field.table), field.args.where);
    checkAggregateValues(field.table, rows, field.aggregate, response, path);
    if (field.nodes) checkList(field.table, response?.nodes, rows, { orderBy: [] }, field.nodes, `${path}.nodes`);
  };

  /**
   * `<rel>_aggregate(where, order_by)`: the aggregate covers every related row the role may read
   * that the where admits (the rule's limit does not cap it); nodes are those rows, in order,
   * capped by the rule's limit. The generator gives it no limit, offset or distinct_on (with ties
   * in the order those would make the aggregated rows ambiguous).
   */
  const checkRelationAggregate = (
    table: string,
    response: Json,
    related: readonly ReferenceRow[],
    relation: RelationSelection,
    path: string,
  ) => {
    const rows = matching(table, related, relation.args.where);
    checkAggregateValues(table, rows, relation.aggregate as AggregateSelection, response, path);
    if (relation.selection.columns.length > 0)
      checkList(table, response?.nodes, rows, { orderBy: relation.args.orderBy }, relation.selection, `${path}.nodes`);
  };

  return {
    rootField(field: RootField, response: Json, path: string) {
      switch (field.kind) {
        case 'list':
          checkList(field.table, response, context.visibleRows(field.table), field.args, field.selection, path);
          return;
        case 'by_pk': {
          const table = database.table(field.table);
          const row = context
            .visibleRows(field.table)
            .find((candidate) => table.primaryKey.every((column) => candidate[column] === field.key[column]));
          if (!row) {
            if (response !== null)
              problems.push(`${path}: expected null (no such row the role may read), got ${JSON.stringify(response)}`);
            return;
          }
          checkRow(field.table, response, row, field.selection, path);
          return;
        }
        case 'aggregate':
          checkAggregate(field, response, path);
      }
    },
  };
}
