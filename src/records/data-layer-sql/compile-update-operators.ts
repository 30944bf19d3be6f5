// The SET items of an update's computed operators (docs/data-layer.md#update-operators): `_inc`
// adds, `_append`/`_prepend` concatenate jsonb (`||`), `_delete_key`/`_delete_elem` remove a key
// or an element (`-`), `_delete_at_path` removes a path (`#-`). The new value is computed from
// the row's old one inside the UPDATE, so concurrent increments never lose one another. Every
// operand is a bound parameter cast to the operand's type (update-operators.ts).
import { sql, type RawBuilder } from 'kysely';
import type { UpdatePermission } from '../../access/permission-model.ts';
import { AppError } from '../../errors/app-error.ts';
import { bindPlanValue } from './bind-plan-value.ts';
import { toDatabaseValue, typedValue } from './column-sql.ts';
import type { CompileScope } from './compile-scope.ts';
import { writableColumns } from './mutation-permissions.ts';
import type { UpdateOperation } from './query-plan.ts';
import { PlanPermissionError } from './role-permissions.ts';
import { offeredUpdateOperators, updateOperators, type ComputedUpdateOperator } from './update-operators.ts';

type Assignment = readonly [column: string, value: RawBuilder<unknown>];

function newValue(
  operator: ComputedUpdateOperator,
  old: RawBuilder<unknown>,
  operand: RawBuilder<unknown>,
): RawBuilder<unknown> {
  switch (operator) {
    case '_inc':
      return sql`${old} + ${operand}`;
    case '_append':
      return sql`${old} || ${operand}`;
    case '_prepend':
      return sql`${operand} || ${old}`;
    case '_delete_key':
    case '_delete_elem':
      return sql`${old} - ${operand}`;
    case '_delete_at_path':
      return sql`${old} #- ${operand}`;
  }
}

/**
 * A null operand is refused: PostgreSQL would compute NULL and wipe the column, which no client
 * asking to add or remove something means (a deliberate difference, docs/data-layer.md#update-operators).
 */
function operand(operation: UpdateOperation, table: string, operandType: string): RawBuilder<unknown> {
  const { operator, column } = operation;
  const bound = bindPlanValue(operation.value, `${table}.${column}`, (raw, describe) => {
    if (raw === null || raw === undefined)
      throw new AppError(
        'VALIDATION_FAILED',
        `${operator} got null for '${column}' from ${describe()}; give a value, or _set the column to null`,
      );
    return toDatabaseValue(operandType, raw);
  });
  return typedValue(bound, operandType);
}

/** `column = <new value>` for each computed operation, over the row aliased `target`. */
export function operationAssignments(
  operations: readonly UpdateOperation[],
  permission: UpdatePermission,
  table: string,
  target: string,
  scope: CompileScope,
): Assignment[] {
  return operations.map((operation) => {
    const { operator, column } = operation;
    const dataType = scope.rules.requireWritable(scope.role, permission, table, column);
    const spec = updateOperators[operator];
    if (!spec.appliesTo(dataType))
      throw new PlanPermissionError(`${operator} does not apply to '${table}.${column}' (${dataType})`);
    const old = sql.ref(`${target}.${column}`);
    return [column, newValue(operator, old, operand(operation, table, spec.operandType(dataType)))] as const;
  });
}

/** An update that names no column and has no preset: refused, naming the operators the rule offers. */
export function nothingToUpdate(
  alias: string,
  permission: UpdatePermission,
  table: string,
  scope: CompileScope,
): AppError {
  const dataTypes = writableColumns(permission).map((column) => scope.rules.columnType(table, column));
  return new AppError(
    'VALIDATION_FAILED',
    `'${alias}' has nothing to update: give ${offeredUpdateOperators(dataTypes).join(', ')}`,
  );
}
