// Where the access views are written under generated/permissions/ (docs/access-review.md#views).
export const viewsIndexPath = 'generated/permissions/views.md';

/** The self-contained HTML page the data layer serves its admin (render-matrix-page.ts). */
export const matrixPagePath = 'generated/permissions/permission-matrix.html';

export function roleViewPath(role: string): string {
  return `generated/permissions/roles/${role}.md`;
}

export function tableViewPath(table: string): string {
  return `generated/permissions/tables/${table}.md`;
}

/** A link from one view to another: views sit in roles/ and tables/, the index one level up. */
export function linkFromView(target: string): string {
  return `../${target.replace(/^generated\/permissions\//, '')}`;
}
