// Random requests for the property test, drawn with fast-check's `gen` so failures shrink:
// any role (admin included) with session values from the demo data (sometimes unknown,
// missing or malformed, whether or not a rule the request uses needs them), one to three root
// fields over tables the role may read (sometimes not), `where` trees over columns and
// relationships with operands taken from the stored rows, relation selections three levels
// deep, orderings, limits and offsets. A few draws name a column, relationship or table the
// role may not use, to check those are refused.
import fc, { type GeneratorValue } from 'fast-check';
import type {
  DataCase,
  ListArguments,
  OrderDirection,
  OrderKey,
  RelationSelection,
  RootField,
  Selection,
} from './data-case.ts';
import { minMaxTypes, summableTypes } from './expected-outcome.ts';
import { jsonbKeys, jsonbPart, jsonbSuperset, likeOperand, regexOperand, similarOperand } from './generate-operands.ts';
import type { Json } from './jsonb-semantics.ts';
import { isOrderable, type ReferenceDatabase } from './reference-database.ts';
import { adminRole, type BoolExpJson, type ReferenceRelationship, type ReferenceRules } from './reference-rules.ts';

const directions: readonly OrderDirection[] = [
  'asc',
  'desc',
  'asc_nulls_first',
  'asc_nulls_last',
  'desc_nulls_first',
  'desc_nulls_last',
];
const textTypes = new Set(['text', 'varchar', 'bpchar']);
const patternOperators = ['_nlike', '_nilike', '_similar', '_nsimilar', '_regex', '_nregex', '_iregex', '_niregex'];
const jsonbOperators = [
  '_contains',
  '_contained_in',
  '_has_key',
  '_has_keys_any',
  '_has_keys_all',
  '_cast',
  '_is_null',
];

/** Values no demo row holds, per column type (none for types where any other value is invalid). */
const absentValues: Readonly<Record<string, string>> = {
  int2: '4321',
  int4: '987654',
  int8: '9876543210',
  numeric: '98765.4321',
  uuid: '00000000-0000-4000-8000-00000000dead',
  text: 'zz-absent',
  varchar: 'zz-absent',
  bpchar: 'zz',
  timestamptz: '1999-12-31T23:59:59+00:00',
  date: '1999-12-31',
};

/** Rare draws that make a request invalid (a name the role may not use). */
const mistakeChance = 0.015;

export function createDataCaseGenerator(
  rules: ReferenceRules,
  database: ReferenceDatabase,
  options: { readonly includeAdmin: boolean } = { includeAdmin: true },
) {
  const roles = [...rules.roles.keys(), ...(options.includeAdmin ? [adminRole] : [])];
  const userIds = database.table('app_user').rows.map((row) => row.id as string);
  const organizationIds = database.table('organization').rows.map((row) => row.id as string);
  const fundIds = database.table('fund').rows.map((row) => row.id as string);

  return (g: GeneratorValue): DataCase => {
    const draw = drawing(g);
    const role = draw.pick(roles);
    const generator = tableGenerators(draw, rules, database, role);
    return {
      role,
      sessionHeaders: sessionHeaders(draw, rules, role, { userIds, organizationIds, fundIds }),
      rootFields: Array.from({ length: draw.int(1, 3) }, () => generator.rootField()),
    };
  };
}

type Draw = ReturnType<typeof drawing>;

/** fast-check's integers favour small values; draws here must be uniform (probabilities, picks). */
const uniformInteger = (min: number, max: number) => fc.noBias(fc.integer({ min, max }));

function drawing(g: GeneratorValue) {
  const draw = {
    int: (min: number, max: number) => g(uniformInteger, min, max),
    chance: (probability: number) => g(uniformInteger, 0, 999) < probability * 1000,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from nothing');
      return items[draw.int(0, items.length - 1)] as T;
    },
    subset: <T>(items: readonly T[], max = items.length): T[] => {
      const chosen = g(fc.subarray, [...items], { maxLength: Math.min(max, items.length) });
      return chosen;
    },
  };
  return draw;
}

interface SessionPools {
  userIds: readonly string[];
  organizationIds: readonly string[];
  fundIds: readonly string[];
}

/**
 * The role's variables, each now and then left out or malformed (a request needs only those
 * its rules reference, so many of these cases must still get data), and other declared
 * variables now and then, sometimes malformed (never needed, so never an error).
 */
function sessionHeaders(draw: Draw, rules: ReferenceRules, role: string, pools: SessionPools): Record<string, string> {
  const valid = (variable: string): string => {
    switch (rules.sessionVariableTypes.get(variable)) {
      case 'uuid': {
        const id = draw.chance(0.85) ? draw.pick(pools.organizationIds) : '7e57da7a-0000-4000-8000-0000000000aa';
        return draw.chance(0.1) ? id.toUpperCase() : id;
      }
      case 'integer[]':
        return `{${draw.subset([...pools.fundIds, '999']).join(',')}}`;
      default:
        return draw.chance(0.85) ? draw.pick(pools.userIds) : 'no-such-user';
    }
  };
  /** A value of the wrong form for the variable's type; text takes any value, so none. */
  const malformed = (variable: string): string | null => {
    switch (rules.sessionVariableTypes.get(variable)) {
      case 'uuid':
        return 'not-a-uuid';
      case 'integer[]':
        return draw.chance(0.5) ? '1,2' : '{1,two}';
      default:
        return null;
    }
  };
  const needed = role === adminRole ? [] : (rules.roles.get(role) ?? []);
  const headers: Record<string, string> = {};
  for (const variable of needed) {
    const choice = draw.int(0, 99);
    if (choice < 5) continue;
    headers[variable] = (choice < 8 ? malformed(variable) : null) ?? valid(variable);
  }
  for (const variable of rules.sessionVariableTypes.keys()) {
    if (needed.includes(variable) || !draw.chance(0.2)) continue;
    headers[variable] = (draw.chance(0.2) ? malformed(variable) : null) ?? valid(variable);
  }
  return headers;
}

function tableGenerators(draw: Draw, rules: ReferenceRules, database: ReferenceDatabase, role: string) {
  const readableTables = rules.trackedTables.filter((table) => rules.select(role, table));
  const columnsOf = (table: string) => rules.select(role, table)?.columns ?? rules.servedColumns(table);
  const forbiddenColumns = (table: string) =>
    rules.servedColumns(table).filter((column) => !columnsOf(table).includes(column));
  const offered = (table: string): ReferenceRelationship[] =>
    rules
      .relationships(table)
      .filter(
        (relationship) =>
          rules.select(role, relationship.remoteTable) &&
          relationship.mapping.every(([local]) => columnsOf(table).includes(local)),
      );
  const typeOf = (table: string, column: string) => database.table(table).columnTypes.get(column) ?? '';
  const comparable = (table: string) => columnsOf(table).filter((column) => isOrderable(database.table(table), column));
  const jsonbColumns = (table: string) => columnsOf(table).filter((column) => typeOf(table, column) === 'jsonb');
  /** Columns a `where` compares: the ordered ones, and jsonb columns (their own operators). */
  const filterable = (table: string) => [...comparable(table), ...jsonbColumns(table)];

  /** A readable column, or now and then one the role may not read. */
  const column = (table: string, candidates: readonly string[]): string | null => {
    const forbidden = forbiddenColumns(table).filter((name) => isOrderable(database.table(table), name));
    if (forbidden.length > 0 && draw.chance(mistakeChance)) return draw.pick(forbidden);
    return candidates.length > 0 ? draw.pick(candidates) : null;
  };

  const storedValue = (table: string, name: string): string | null => {
    const reference = database.table(table);
    const values = reference.enumColumns.has(name)
      ? [...(reference.ranks.get(name)?.keys() ?? [])]
      : reference.rows.map((row) => row[name]).filter((value): value is string => typeof value === 'string');
    return values.length > 0 ? draw.pick(values) : null;
  };
  const anyValue = (table: string, name: string): string | null => {
    const absent = database.table(table).enumColumns.has(name) ? undefined : absentValues[typeOf(table, name)];
    if (absent !== undefined && draw.chance(0.15)) return absent;
    return storedValue(table, name) ?? absent ?? null;
  };

  /** A pattern operand for a text operator, from a stored value (and another one for alternations). */
  const pattern = (table: string, name: string, operator: string, value: string): string => {
    const other = storedValue(table, name) ?? value;
    if (operator.endsWith('like')) return likeOperand(draw, value);
    if (operator.endsWith('similar')) return similarOperand(draw, value, other);
    return regexOperand(draw, value, other);
  };

  const comparison = (table: string, name: string): Record<string, unknown> => {
    const type = typeOf(table, name);
    if (type === 'jsonb') return jsonbComparison(table, name);
    const operators = ['_eq', '_neq', '_in', '_nin', '_is_null', '_gt', '_lt', '_gte', '_lte'];
    if (textTypes.has(type)) operators.push('_like', '_ilike', ...patternOperators);
    const result: Record<string, unknown> = {};
    for (let count = draw.chance(0.15) ? 2 : 1; count > 0; count -= 1) {
      const operator = draw.pick(operators);
      if (operator === '_is_null') {
        result[operator] = draw.chance(0.5);
        continue;
      }
      if (operator === '_in' || operator === '_nin') {
        result[operator] = Array.from({ length: draw.int(0, 3) }, () => anyValue(table, name)).filter(
          (value) => value !== null,
        );
        continue;
      }
      const textual = operator.includes('like') || operator.includes('similar') || operator.includes('regex');
      const ordered = textual || ['_gt', '_lt', '_gte', '_lte'].includes(operator);
      const value = ordered ? storedValue(table, name) : anyValue(table, name);
      if (value === null) {
        result._is_null = draw.chance(0.5);
        continue;
      }
      result[operator] = textual ? pattern(table, name, operator, value) : value;
    }
    return result;
  };

  /** A stored jsonb value of the column (null when every row holds NULL). */
  const storedJson = (table: string, name: string): Json | null => {
    const values = database
      .table(table)
      .rows.map((row) => row[name])
      .filter((value) => value !== null && value !== undefined);
    return values.length > 0 ? (draw.pick(values) as Json) : null;
  };

  const jsonbComparison = (table: string, name: string): Record<string, unknown> => {
    const value = storedJson(table, name);
    const operator = draw.pick(jsonbOperators);
    if (value === null || operator === '_is_null') return { _is_null: draw.chance(0.5) };
    switch (operator) {
      case '_contains':
        return { _contains: jsonbPart(draw, value) };
      case '_contained_in':
        return { _contained_in: jsonbSuperset(draw, value) };
      case '_has_key':
        return { _has_key: jsonbKeys(draw, value, 1)[0] };
      case '_cast': {
        const text = JSON.stringify(jsonbKeys(draw, value, 1)[0]);
        return { _cast: { String: { [draw.pick(['_like', '_ilike', '_nlike'])]: `%${changeCaseOf(text)}%` } } };
      }
      default:
        return { [operator]: jsonbKeys(draw, value, draw.int(0, 3)) };
    }
  };
  const changeCaseOf = (text: string) => (draw.chance(0.3) ? text.toUpperCase() : text);

  const boolExp = (table: string, depth: number): BoolExpJson => {
    const relationships = offered(table);
    const choice = draw.int(0, 99);
    if (choice < 5) return {};
    if (depth < 3 && choice < 15)
      return { [draw.pick(['_and', '_or'])]: Array.from({ length: draw.int(0, 3) }, () => boolExp(table, depth + 1)) };
    if (depth < 3 && choice < 22) return { _not: boolExp(table, depth + 1) };
    if (depth < 3 && choice < 34 && relationships.length > 0) {
      const relationship = draw.chance(mistakeChance)
        ? draw.pick(rules.relationships(table))
        : draw.pick(relationships);
      return { [relationship.name]: boolExp(relationship.remoteTable, depth + 1) };
    }
    // jsonb columns are few: favour them where a table has one, so their operators are met often.
    const jsonb = jsonbColumns(table);
    const name = jsonb.length > 0 && draw.chance(0.35) ? draw.pick(jsonb) : column(table, filterable(table));
    if (name === null) return {};
    const expression: Record<string, unknown> = { [name]: comparison(table, name) };
    if (draw.chance(0.2)) {
      const other = column(table, filterable(table));
      if (other !== null && other !== name) expression[other] = comparison(table, other);
    }
    return expression;
  };

  const orderKey = (table: string): OrderKey | null => {
    const objects = offered(table).filter(
      (relationship) => relationship.kind === 'object' && comparable(relationship.remoteTable).length > 0,
    );
    if (objects.length > 0 && draw.chance(0.25)) {
      const relationship = draw.pick(objects);
      return {
        path: [relationship.name],
        column: draw.pick(comparable(relationship.remoteTable)),
        direction: draw.pick(directions),
      };
    }
    const name = column(table, comparable(table));
    return name === null ? null : { path: [], column: name, direction: draw.pick(directions) };
  };

  const listArguments = (table: string): ListArguments => {
    const rows = database.table(table).rows.length;
    const where = draw.chance(0.5) ? boolExp(table, 0) : undefined;
    const orderBy = draw.chance(0.5)
      ? Array.from({ length: draw.int(1, 3) }, () => orderKey(table)).filter((key): key is OrderKey => key !== null)
      : [];
    const distinctOn = draw.chance(0.15)
      ? Array.from({ length: draw.int(1, 2) }, () => column(table, comparable(table))).filter(
          (name): name is string => name !== null,
        )
      : [];
    const limit = draw.chance(0.3) ? draw.int(0, rows + 2) : undefined;
    const offset = draw.chance(0.2) ? draw.int(0, rows + 1) : undefined;
    return {
      ...(where ? { where } : {}),
      orderBy,
      ...(distinctOn.length > 0 ? { distinctOn: [...new Set(distinctOn)] } : {}),
      ...(limit === undefined ? {} : { limit }),
      ...(offset === undefined ? {} : { offset }),
    };
  };

  const selection = (table: string, depth: number): Selection => {
    const key = database.table(table).primaryKey;
    const others = columnsOf(table).filter((name) => !key.includes(name));
    const columns = [...key, ...draw.subset(others)];
    const forbidden = forbiddenColumns(table);
    if (forbidden.length > 0 && draw.chance(mistakeChance)) columns.push(draw.pick(forbidden));
    const relations: RelationSelection[] = [];
    if (depth < 3) {
      const candidates = draw.chance(mistakeChance) ? rules.relationships(table) : offered(table);
      for (const relationship of draw.subset(candidates, 2)) {
        const remote = relationship.remoteTable;
        // `<rel>_aggregate` now and then where the role may aggregate the related table (rarely where it may not).
        if (
          relationship.kind === 'array' &&
          (rules.select(role, remote)?.allowAggregations || role === adminRole || draw.chance(mistakeChance)) &&
          draw.chance(0.3)
        ) {
          relations.push(relationAggregate(relationship.name, remote, depth));
          continue;
        }
        relations.push({
          name: relationship.name,
          selection: selection(remote, depth + 1),
          args: relationship.kind === 'array' ? listArguments(remote) : { orderBy: [] },
        });
      }
    }
    return { columns, relations };
  };

  const aggregateSelection = (table: string) => {
    const types = database.table(table).columnTypes;
    const readable = columnsOf(table);
    const summable = readable.filter((name) => summableTypes.has(types.get(name) ?? ''));
    const ordered = readable.filter((name) => minMaxTypes.has(types.get(name) ?? ''));
    const aggregate = {
      count: draw.chance(0.7),
      sum: draw.subset(summable, 2),
      avg: draw.subset(summable, 2),
      min: draw.subset(ordered, 2),
      max: draw.subset(ordered, 2),
    };
    const empty = aggregate.sum.length + aggregate.avg.length + aggregate.min.length + aggregate.max.length === 0;
    return { ...aggregate, count: aggregate.count || empty };
  };

  /** `<name>_aggregate(where, order_by)`: no limit, offset or distinct_on, which ties would make ambiguous. */
  const relationAggregate = (name: string, table: string, depth: number): RelationSelection => {
    const where = draw.chance(0.5) ? boolExp(table, 0) : undefined;
    const orderBy = draw.chance(0.5)
      ? Array.from({ length: draw.int(1, 2) }, () => orderKey(table)).filter((key): key is OrderKey => key !== null)
      : [];
    return {
      name,
      selection: draw.chance(0.4) ? selection(table, depth + 1) : { columns: [], relations: [] },
      args: { ...(where ? { where } : {}), orderBy },
      aggregate: aggregateSelection(table),
    };
  };

  const keyValues = (table: string): Record<string, string> => {
    const reference = database.table(table);
    const row = draw.pick(reference.rows);
    return Object.fromEntries(
      reference.primaryKey.map((name) => {
        const absent = absentValues[typeOf(table, name)];
        return [name, absent !== undefined && draw.chance(0.15) ? absent : String(row[name])];
      }),
    );
  };

  const rootField = (): RootField => {
    const table =
      readableTables.length > 0 && !draw.chance(0.04) ? draw.pick(readableTables) : draw.pick(rules.trackedTables);
    const kind = draw.int(0, 99);
    if (kind < 15 && database.table(table).rows.length > 0)
      return { kind: 'by_pk', table, key: keyValues(table), selection: selection(table, 1) };
    // Aggregates of a table the role may not aggregate are asked for now and then only.
    if (kind < 30 && (rules.select(role, table)?.allowAggregations || draw.chance(0.1))) {
      const where = draw.chance(0.5) ? boolExp(table, 0) : undefined;
      return {
        kind: 'aggregate',
        table,
        args: { ...(where ? { where } : {}), orderBy: [] },
        aggregate: aggregateSelection(table),
        nodes: draw.chance(0.4) ? selection(table, 1) : null,
      };
    }
    return { kind: 'list', table, args: listArguments(table), selection: selection(table, 1) };
  };

  return { rootField };
}
