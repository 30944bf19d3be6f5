// The investor's signature on a fund user agreement (schema.graphql
// `GenerateFundUserAgreementPdfInput.signatureFileId`; docs/documents.md#through-the-business-graphql-api):
// an uploaded PNG or JPEG (its type as sniffed from the bytes at upload, docs/files.md#content-type)
// attached to an organization in the caller's scope, embedded as a `data:` URL because the page is set from a
// string (docs/documents.md#templates). A file with no stored bytes answers as a missing one, as
// the download route does.
import type { Readable } from 'node:stream';
import type { OrganizationDocumentRecords } from '../../access/documents/organization-document-records.ts';
import type { OrganizationScope } from '../../access/organization-scope.ts';
import type { FileStorage } from '../files/file-storage.ts';
import { storageFailure } from '../files/storage-errors.ts';
import { type UserError, userError } from '../outcomes/user-error.ts';

/** A signature is a small image; this bounds what one agreement carries into the renderer. */
export const signatureMaxBytes = 1_048_576;
const imageTypes = new Set(['image/png', 'image/jpeg']);
const field = 'signatureFileId';

/** The bytes, or null (the file closed) once they pass the bound: the row's size may not be the stored file's. */
async function readBounded(stream: Readable): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > signatureMaxBytes) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The image as a `data:` URL, or why it cannot be the signature. */
export async function signatureDataUri(
  deps: { records: OrganizationDocumentRecords; storage: Pick<FileStorage, 'open'> },
  scope: OrganizationScope,
  fileId: string,
): Promise<string | UserError> {
  const missing = userError('NOT_FOUND', `no uploaded file ${fileId}`, field);
  const file = await deps.records.signatureFile(scope, fileId);
  if (!file) return missing;
  if (!imageTypes.has(file.contentType))
    return userError(
      'VALIDATION_FAILED',
      `uploaded file ${fileId} is ${file.contentType}, not a PNG or JPEG image`,
      field,
    );
  const tooLarge = userError(
    'VALIDATION_FAILED',
    `the signature image must be at most ${signatureMaxBytes} bytes`,
    field,
  );
  if (file.sizeBytes > signatureMaxBytes) return tooLarge;
  const content = await deps.storage.open(file.storedName).catch((error: unknown) => {
    throw storageFailure(error, 'read') ?? error;
  });
  if (!content) return missing;
  const bytes = await readBounded(content.stream);
  if (!bytes) return tooLarge;
  return `data:${file.contentType};base64,${bytes.toString('base64')}`;
}
