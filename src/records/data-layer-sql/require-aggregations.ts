// The one permission check of every aggregate (a `<t>_aggregate` root field, a `<rel>_aggregate`
// field, an `order_by` on `<rel>_aggregate`): the role's select rule on the aggregated table must
// allow aggregations (docs/data-layer.md#aggregates). The schema offers none of them otherwise;
// this is the compiler's own guard.
import type { CompileScope } from './compile-scope.ts';
import { PlanPermissionError } from './role-permissions.ts';

export function requireAggregations(scope: CompileScope, table: string): void {
  if (!scope.rules.requireSelect(scope.role, table).allowAggregations)
    throw new PlanPermissionError(`role '${scope.role}' may not aggregate '${table}'`);
}
