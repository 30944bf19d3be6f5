// The access views (docs/access-review.md#views): permissions.yaml is compiled with the
// permissions generator's compiler and rendered by src/access-review/views (the same code
// `npm run access` uses), each page under generated/permissions/ with the banner, and the same as
// one HTML page the data layer serves its admin (docs/access-review.md#the-matrix-page).
import type { PermissionModel } from '../../../src/access/permission-model.ts';
import { renderAccessViews } from '../../../src/access-review/views/access-views.ts';
import { renderMatrixPage } from '../../../src/access-review/views/render-matrix-page.ts';
import { matrixPagePath } from '../../../src/access-review/views/view-paths.ts';
import { compilePermissionsFile, type PermissionsFileInput } from '../permissions/generate-permissions.ts';
import { markdownBanner, type GeneratedFile } from '../shared/generated-file.ts';

export function generateAccessViews(input: PermissionsFileInput): GeneratedFile[] {
  const model = compilePermissionsFile(input).model as PermissionModel;
  const banner = markdownBanner('scripts/codegen/access-review', 'permissions.yaml');
  return [
    ...renderAccessViews(model).map((view) => ({ path: view.path, contents: `${banner}${view.contents}` })),
    { path: matrixPagePath, contents: renderMatrixPage(model, banner.trimEnd()) },
  ];
}
