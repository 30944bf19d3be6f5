// What `access explain` is asked, checked against the permission model before anything is
// explained: an unknown role, table, column or action is a ReviewError naming what exists
// (docs/access-review.md#explain). A secret column is known: explain answers that nobody reads it.
import type { PermissionModel } from '../access/permission-model.ts';
import { ReviewError } from './review-error.ts';
import type { RuleAction } from '../access/permission-model.ts';
import { isReviewRole, reviewRoles } from './table-access.ts';

export const reviewActions: readonly RuleAction[] = ['select', 'insert', 'update', 'delete'];

export interface ExplainQuestion {
  readonly role: string;
  readonly table: string;
  readonly action: RuleAction;
  readonly column: string | null;
}

export interface RawExplainQuestion {
  readonly role: string;
  readonly table: string;
  readonly action?: string | undefined;
  readonly column?: string | undefined;
}

function isAction(action: string): action is RuleAction {
  return (reviewActions as readonly string[]).includes(action);
}

/** Whether `column` of `table` is one of permissions.yaml's secret_columns (left out of the model). */
export function isSecretColumn(model: PermissionModel, table: string, column: string): boolean {
  return model.secretColumns[table]?.includes(column) ?? false;
}

export function checkExplainQuestion(model: PermissionModel, raw: RawExplainQuestion): ExplainQuestion {
  if (!isReviewRole(model, raw.role))
    throw new ReviewError(`unknown role '${raw.role}' (roles: ${reviewRoles(model).join(', ')})`);
  const table = model.tables[raw.table];
  if (!table) {
    throw new ReviewError(
      `unknown table '${raw.table}': the data layer serves only the tables of permissions.yaml (${Object.keys(model.tables).join(', ')})`,
    );
  }
  const action = raw.action ?? 'select';
  if (!isAction(action)) throw new ReviewError(`unknown action '${action}' (actions: ${reviewActions.join(', ')})`);
  const column = raw.column ?? null;
  if (
    column !== null &&
    !table.columns.some((found) => found.name === column) &&
    !isSecretColumn(model, raw.table, column)
  ) {
    throw new ReviewError(
      `unknown column '${column}' of table '${raw.table}' (columns: ${table.columns.map((found) => found.name).join(', ')})`,
    );
  }
  return { role: raw.role, table: raw.table, action, column };
}
