// GET /v1/access/matrix: the permission matrix page (docs/access-review.md#the-matrix-page), the
// self-contained HTML `npm run codegen` renders from permissions.yaml into
// generated/permissions/permission-matrix.html, served to the data layer's admin only. The page is
// generated, not rendered here: the access review stands a floor above the data layer
// (docs/architecture.md#layers). Read once, on the first request that may see it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const accessMatrixPath = '/v1/access/matrix';

const generatedPage = path.resolve(import.meta.dirname, '../../generated/permissions/permission-matrix.html');

/** The page's bytes, read on first use (a failed read is tried again next time). */
export type AccessMatrixPage = () => Promise<Buffer>;

export function createAccessMatrixPage(file = generatedPage): AccessMatrixPage {
  let page: Promise<Buffer> | undefined;
  return () => {
    page ??= readFile(file).catch((error: unknown) => {
      page = undefined;
      throw error;
    });
    return page;
  };
}

/**
 * What a browser may load for the page: nothing but its own inline style, so the page stays
 * self-contained even if it were ever edited to link elsewhere.
 */
export const accessMatrixHeaders = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
} as const;
