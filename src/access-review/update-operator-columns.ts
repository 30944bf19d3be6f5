// Which update operators reach which columns of an update rule (docs/access-review.md#explain):
// every operator writes only columns the rule lets a client give, so `_inc` and the jsonb
// operators are updates of those columns like `_set` (docs/data-layer.md#update-operators). Read
// from the one operator table the data layer's schema and compiler use.
import {
  updateOperatorNames,
  updateOperators,
  type UpdateOperatorName,
} from '../records/data-layer-sql/update-operators.ts';

export interface UpdateOperatorColumns {
  readonly operator: UpdateOperatorName;
  readonly columns: readonly string[];
}

type Column = { readonly name: string; readonly dataType: string };

/** The operators offered on these client columns, each with the columns it takes (none left out). */
export function updateOperatorColumns(columns: readonly Column[]): UpdateOperatorColumns[] {
  return updateOperatorNames.flatMap((operator) => {
    const taken = columns.filter((column) => updateOperators[operator].appliesTo(column.dataType));
    return taken.length > 0 ? [{ operator, columns: taken.map((column) => column.name) }] : [];
  });
}

/** The operators that write one column. */
export function operatorsOfColumn(column: Column): UpdateOperatorName[] {
  return updateOperatorNames.filter((operator) => updateOperators[operator].appliesTo(column.dataType));
}
