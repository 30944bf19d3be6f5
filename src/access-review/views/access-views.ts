// Every access view of a permission model (docs/access-review.md#views): the index, one page per
// role (admin included) and one per table. Pure; scripts/codegen/access-review writes them under
// generated/permissions/ with its banner, so `npm run codegen -- --check` keeps them fresh.
import type { PermissionModel } from '../../access/permission-model.ts';
import { reviewRoles } from '../table-access.ts';
import { renderRoleView } from './render-role-view.ts';
import { renderTableView } from './render-table-view.ts';
import { renderViewsIndex } from './render-views-index.ts';
import { roleViewPath, tableViewPath, viewsIndexPath } from './view-paths.ts';

export interface AccessView {
  readonly path: string;
  readonly contents: string;
}

export function renderAccessViews(model: PermissionModel): AccessView[] {
  return [
    { path: viewsIndexPath, contents: renderViewsIndex(model) },
    ...reviewRoles(model).map((role) => ({ path: roleViewPath(role), contents: renderRoleView(model, role) })),
    ...Object.keys(model.tables).map((table) => ({
      path: tableViewPath(table),
      contents: renderTableView(model, table),
    })),
  ];
}
