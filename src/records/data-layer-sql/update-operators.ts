// The update operators of update_<t>, update_<t>_by_pk and update_<t>_many
// (docs/data-layer.md#update-operators), one table read by the role schemas, the planner, the SQL
// compiler and the access review: which columns each operator takes and the PostgreSQL type of
// its operand. Hasura v2's set: `_set` for every column, `_inc` for numbers, five for jsonb.

export const updateOperatorNames = [
  '_set',
  '_inc',
  '_append',
  '_prepend',
  '_delete_key',
  '_delete_elem',
  '_delete_at_path',
] as const;

export type UpdateOperatorName = (typeof updateOperatorNames)[number];

/** The operators other than `_set`: they compute the new value from the old one. */
export type ComputedUpdateOperator = Exclude<UpdateOperatorName, '_set'>;

export interface UpdateOperatorSpec {
  /** Whether the operator takes a column of this PostgreSQL type (`int4`, `jsonb`, …). */
  readonly appliesTo: (dataType: string) => boolean;
  /** The operand's PostgreSQL type: the column's own, or a fixed one (`_delete_key` takes text). */
  readonly operandType: (dataType: string) => string;
}

// Hasura's numeric columns; the platform has no float columns (a float would not keep money exact).
const numberTypes = new Set(['int2', 'int4', 'int8', 'numeric']);
const isJsonb = (dataType: string) => dataType === 'jsonb';
const own = (dataType: string) => dataType;

export const updateOperators: Readonly<Record<UpdateOperatorName, UpdateOperatorSpec>> = {
  _set: { appliesTo: () => true, operandType: own },
  _inc: { appliesTo: (dataType) => numberTypes.has(dataType), operandType: own },
  _append: { appliesTo: isJsonb, operandType: () => 'jsonb' },
  _prepend: { appliesTo: isJsonb, operandType: () => 'jsonb' },
  _delete_key: { appliesTo: isJsonb, operandType: () => 'text' },
  _delete_elem: { appliesTo: isJsonb, operandType: () => 'int4' },
  _delete_at_path: { appliesTo: isJsonb, operandType: () => '_text' },
};

/** The operators that take at least one of these columns, in Hasura's order. */
export function offeredUpdateOperators(dataTypes: readonly string[]): UpdateOperatorName[] {
  return updateOperatorNames.filter((name) => dataTypes.some((dataType) => updateOperators[name].appliesTo(dataType)));
}
