// State shared while one root field compiles: the role, the rules it is compiled by, the limits,
// table aliases that are unique within the statement (t0, t1, …; condition-to-sql derives
// `t0__r1` from them), and the columns read from each row set, which its derived table then lists
// (no `alias.*`: docs/data-layer.md#statement-shape).
import { sql, type RawBuilder } from 'kysely';
import { compiledDataLayerRules, type DataLayerRules } from './data-layer-rules.ts';

export interface DataQueryLimits {
  /** Most rows a root field returns, and the most a `limit` argument may ask for. */
  readonly maxRows: number;
}

export const defaultDataQueryLimits: DataQueryLimits = { maxRows: 10_000 };

export interface CompileScope {
  readonly role: string;
  readonly limits: DataQueryLimits;
  /** The compiled permissions the statement follows (by default generated/permissions'). */
  readonly rules: DataLayerRules;
  nextAlias(): string;
  /** `alias.column`, noted as read from the rows under `alias` (selection, join, sort, aggregate). */
  rowColumn(alias: string, column: string): RawBuilder<unknown>;
  /** The columns noted for `alias`, in the order first read. */
  rowColumns(alias: string): readonly string[];
}

export function createCompileScope(
  role: string,
  limits: DataQueryLimits,
  rules: DataLayerRules = compiledDataLayerRules,
): CompileScope {
  let counter = 0;
  const read = new Map<string, Set<string>>();
  return {
    role,
    limits,
    rules,
    nextAlias: () => `t${counter++}`,
    rowColumn(alias, column) {
      const columns = read.get(alias) ?? new Set();
      read.set(alias, columns.add(column));
      return sql.ref(`${alias}.${column}`);
    },
    rowColumns: (alias) => [...(read.get(alias) ?? [])],
  };
}

const graphqlName = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** Response keys and type names are inlined as SQL literals; GraphQL's grammar already limits them to this. */
export function checkedName(name: string): string {
  if (!graphqlName.test(name)) throw new Error(`not a GraphQL name: ${JSON.stringify(name)}`);
  return name;
}
