// Who may upload and who may download (openapi.yaml uploadDocuments, getUploadedFile). Reading
// a stored file is decided per row by the document_access rules of permissions.yaml
// (src/access/document-access.ts); these are the checks that need no row.
import { isRefusedDocumentKey } from '../../access/document-access.ts';
import { isAdministrator, type Principal } from '../../access/principal.ts';
import { AppError } from '../../errors/app-error.ts';

/** Administrators only: an admin API key, or an admin user's session or bearer token. */
export function assertMayUpload(principal: Principal): void {
  if (isAdministrator(principal)) return;
  const who =
    principal.kind === 'api-key'
      ? `a ${principal.keyKind} API key`
      : principal.kind === 'user'
        ? `user ${principal.userId}, who is not an administrator`
        : 'no credentials';
  throw new AppError(
    'FORBIDDEN',
    `only administrators may upload files (an admin API key, or an administrator's session or bearer token); this request came from ${who}`,
  );
}

/** Service and partner keys act for no user, so no download rule can admit them. */
export function assertMayRequestDownloads(principal: Principal): void {
  if (isRefusedDocumentKey(principal)) {
    throw new AppError(
      'FORBIDDEN',
      'service and partner API keys may not download uploaded files; use an admin API key or a user credential',
    );
  }
}
