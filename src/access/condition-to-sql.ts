// CASL conditions (as the ucast AST that rulesToAST builds) → a Kysely SQL condition over one table
// (docs/permissions.md#the-access-layer-at-run-time). Object relationships are dot paths
// (`case.subject_user_id`), array relationships `$elemMatch`; both become correlated EXISTS
// subqueries through the relationship's column mapping in the compiled model. Every value is a
// bound parameter; identifiers come from the compiled model only, never from a request.
import { CompoundCondition, DocumentCondition, FieldCondition, type Condition } from '@ucast/mongo2js';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { permissionModel } from '../../generated/permissions/compiled-permissions.ts';
import type { ComparisonOperator } from './comparison-operators.ts';
import type { ExistsConditionValue } from './hasura-casl-operators.ts';
import { hasuraComparison, isHasuraFieldOperator } from './hasura-condition-sql.ts';
import type { TableModel } from './permission-model.ts';

export type SqlCondition = RawBuilder<SqlBool>;

export const sqlTrue: SqlCondition = sql<SqlBool>`true`;
export const sqlFalse: SqlCondition = sql<SqlBool>`false`;

type Tables = { readonly [table: string]: TableModel };

const compiledTables: Tables = permissionModel.tables;

/** Thrown for an operator or path the compiled rules never produce: a bug, not bad input. */
export class UnsupportedConditionError extends Error {
  override name = 'UnsupportedConditionError';
}

interface Scope {
  readonly tables: Tables;
  readonly table: string;
  readonly alias: string;
  /** Hands out unique subquery aliases within one statement. */
  readonly nextAlias: () => string;
}

/**
 * `condition` over rows of `table` referenced as `alias` in the enclosing statement; relationships
 * are those of `tables` (by default the compiled permissions').
 */
export function conditionToSql(
  condition: Condition,
  table: string,
  alias: string,
  tables: Tables = compiledTables,
): SqlCondition {
  let counter = 0;
  return compile(condition, { tables, table, alias, nextAlias: () => `${alias}__r${(counter += 1)}` });
}

export function joinConditions(operator: 'and' | 'or', conditions: readonly SqlCondition[]): SqlCondition {
  if (conditions.length === 0) return operator === 'and' ? sqlTrue : sqlFalse;
  if (conditions.length === 1) return conditions[0] as SqlCondition;
  return sql<SqlBool>`(${sql.join(conditions, sql.raw(operator === 'and' ? ' AND ' : ' OR '))})`;
}

function compile(condition: Condition, scope: Scope): SqlCondition {
  if (condition instanceof CompoundCondition) {
    const operands = condition.value.map((operand) => compile(operand, scope));
    switch (condition.operator) {
      case 'and':
        return joinConditions('and', operands);
      case 'or':
        return joinConditions('or', operands);
      case 'nor':
        return sql<SqlBool>`NOT ${joinConditions('or', operands)}`;
      case 'not':
        return sql<SqlBool>`NOT ${joinConditions('and', operands)}`;
      default:
        throw new UnsupportedConditionError(`compound operator '${condition.operator}'`);
    }
  }
  if (condition instanceof FieldCondition && typeof condition.field === 'string') {
    return compileField(condition.field.split('.'), condition, scope);
  }
  if (condition instanceof DocumentCondition && condition.operator === '_exists') {
    return compileExists(condition.value as ExistsConditionValue, scope);
  }
  throw new UnsupportedConditionError(`condition '${condition.operator}'`);
}

/** Hasura's `_exists`: some row of another table matches, whatever the filtered row is. */
function compileExists(exists: ExistsConditionValue, scope: Scope): SqlCondition {
  tableModel(scope.tables, exists.table);
  const alias = scope.nextAlias();
  const inner: Scope = { tables: scope.tables, table: exists.table, alias, nextAlias: scope.nextAlias };
  return sql<SqlBool>`EXISTS (SELECT 1 FROM ${sql.table(exists.table)} AS ${sql.id(alias)} WHERE ${compile(exists.condition, inner)})`;
}

function tableModel(tables: Tables, table: string): TableModel {
  const model = tables[table];
  if (!model) throw new UnsupportedConditionError(`unknown table '${table}'`);
  return model;
}

/** Walks object relationships along `path`, then compares (or, for $elemMatch, matches related rows). */
function compileField(path: readonly string[], condition: FieldCondition, scope: Scope): SqlCondition {
  const [head, ...rest] = path as [string, ...string[]];
  const model = tableModel(scope.tables, scope.table);
  const relationship = model.relationships[head];
  if (relationship && (rest.length > 0 || condition.operator === 'elemMatch')) {
    if (relationship.kind === 'array' && rest.length > 0) {
      throw new UnsupportedConditionError(`dot path through array relationship '${head}' (use $elemMatch)`);
    }
    const alias = scope.nextAlias();
    const inner: Scope = { tables: scope.tables, table: relationship.remoteTable, alias, nextAlias: scope.nextAlias };
    const join = Object.entries(relationship.columnMapping).map(
      ([local, remote]) => sql<SqlBool>`${sql.ref(`${alias}.${remote}`)} = ${sql.ref(`${scope.alias}.${local}`)}`,
    );
    const where = rest.length > 0 ? compileField(rest, condition, inner) : compile(condition.value as Condition, inner);
    return sql<SqlBool>`EXISTS (SELECT 1 FROM ${sql.table(relationship.remoteTable)} AS ${sql.id(alias)} WHERE ${joinConditions('and', [...join, where])})`;
  }
  if (rest.length > 0 || !model.columns.some((column) => column.name === head)) {
    throw new UnsupportedConditionError(`'${path.join('.')}' is not a column of '${scope.table}'`);
  }
  const column = sql.ref(`${scope.alias}.${head}`);
  if (isHasuraFieldOperator(condition.operator)) {
    const sameRow = (name: string) =>
      model.columns.some((other) => other.name === name) ? sql.ref(`${scope.alias}.${name}`) : null;
    return hasuraComparison(column, condition.operator as ComparisonOperator, condition.value, sameRow);
  }
  return compare(column, condition.operator, condition.value);
}

function compare(
  column: RawBuilder<unknown> | ReturnType<typeof sql.ref>,
  operator: string,
  value: unknown,
): SqlCondition {
  switch (operator) {
    case 'eq':
      return value === null ? sql<SqlBool>`${column} IS NULL` : sql<SqlBool>`${column} = ${value}`;
    case 'ne':
      return value === null ? sql<SqlBool>`${column} IS NOT NULL` : sql<SqlBool>`${column} <> ${value}`;
    case 'gt':
      return sql<SqlBool>`${column} > ${value}`;
    case 'lt':
      return sql<SqlBool>`${column} < ${value}`;
    case 'gte':
      return sql<SqlBool>`${column} >= ${value}`;
    case 'lte':
      return sql<SqlBool>`${column} <= ${value}`;
    case 'in':
      return sql<SqlBool>`${column} = ANY(${arrayValue(value)})`;
    case 'nin':
      return sql<SqlBool>`${column} <> ALL(${arrayValue(value)})`;
    case 'regex': {
      if (!(value instanceof RegExp)) throw new UnsupportedConditionError('$regex without a regular expression');
      return value.flags.includes('i')
        ? sql<SqlBool>`${column} ~* ${value.source}`
        : sql<SqlBool>`${column} ~ ${value.source}`;
    }
    default:
      throw new UnsupportedConditionError(`field operator '${operator}'`);
  }
}

function arrayValue(value: unknown): readonly unknown[] {
  if (!Array.isArray(value)) throw new UnsupportedConditionError('$in/$nin without an array');
  return value;
}
