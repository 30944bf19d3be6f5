// Metadata of uploaded files (file_upload) and the per-row read decision of the download route:
// one statement returns the row with whether the caller passes the document_access rules of
// permissions.yaml, so "no such file" (404) and "not yours" (403) need a single round trip.
import type { Db } from '../../db/create-database.ts';
import { documentFilter } from '../document-access.ts';
import { fitsIntegerRowId } from '../integer-row-id.ts';
import type { Principal } from '../principal.ts';

export interface UploadTargets {
  readonly caseId: number | null;
  readonly fundId: number | null;
  readonly organizationId: string | null;
}

export type UploadTargetName = 'caseId' | 'fundId' | 'organizationId';

export interface NewFileUpload {
  readonly id: string;
  readonly storedName: string;
  readonly originalName: string;
  /** Sniffed from the bytes. */
  readonly contentType: string;
  /** The essence of the part's Content-Type as sent; null when none or malformed. */
  readonly declaredContentType: string | null;
  readonly sizeBytes: number;
  readonly sha256: string;
}

/** Who stored the files: the audit log names the user or the API key. */
export interface UploadActor {
  readonly userId: string | null;
  readonly apiKeyId: string | null;
  readonly requestId: string;
}

export interface StoredUpload {
  readonly id: string;
  readonly storedName: string;
  readonly originalName: string;
  /** Sniffed from the bytes. */
  readonly contentType: string;
  /** As declared at upload; null for rows stored before it was kept (migration 0004). */
  readonly declaredContentType: string | null;
  readonly sizeBytes: number;
  /** Whether the caller passes a document_access rule of `file_upload`. */
  readonly readable: boolean;
}

export interface FileUploadStore {
  /** The targets that name no row, in the order caseId, fundId, organizationId. */
  missingTargets(targets: UploadTargets): Promise<UploadTargetName[]>;
  /** Inserts every upload and its audit entry in one transaction: all rows or none. */
  record(uploads: readonly NewFileUpload[], targets: UploadTargets, actor: UploadActor): Promise<void>;
  /** The upload stored as `name` (or, for a bare id, under that id), or null. */
  findForReader(name: string, principal: Principal): Promise<StoredUpload | null>;
}

export function createFileUploadStore(db: Db): FileUploadStore {
  return {
    missingTargets: (targets) => missingTargets(db, targets),
    record: (uploads, targets, actor) => record(db, uploads, targets, actor),
    findForReader: (name, principal) => findForReader(db, name, principal),
  };
}

async function missingTargets(db: Db, targets: UploadTargets): Promise<UploadTargetName[]> {
  const found = await Promise.all([
    integerIdFound(db, 'compliance_case', targets.caseId),
    integerIdFound(db, 'fund', targets.fundId),
    organizationFound(db, targets.organizationId),
  ]);
  const names: UploadTargetName[] = ['caseId', 'fundId', 'organizationId'];
  return names.filter((_, index) => !found[index]);
}

/** Whether a given integer id names a row; an absent one (null) misses nothing. */
async function integerIdFound(db: Db, table: 'compliance_case' | 'fund', id: number | null): Promise<boolean> {
  if (id === null) return true;
  if (!fitsIntegerRowId(id)) return false;
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

async function organizationFound(db: Db, id: string | null): Promise<boolean> {
  if (id === null) return true;
  return (await db.selectFrom('organization').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

async function record(
  db: Db,
  uploads: readonly NewFileUpload[],
  targets: UploadTargets,
  actor: UploadActor,
): Promise<void> {
  if (uploads.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('file_upload')
      .values(uploads.map((upload) => uploadRow(upload, targets, actor)))
      .execute();
    await trx
      .insertInto('audit_log')
      .values(uploads.map((upload) => uploadAuditEntry(upload, targets, actor)))
      .execute();
  });
}

function uploadRow(upload: NewFileUpload, targets: UploadTargets, actor: UploadActor) {
  return {
    id: upload.id,
    stored_name: upload.storedName,
    original_name: upload.originalName,
    content_type: upload.contentType,
    declared_content_type: upload.declaredContentType,
    size_bytes: String(upload.sizeBytes),
    sha256: upload.sha256,
    owner_user_id: actor.userId,
    case_id: targets.caseId,
    fund_id: targets.fundId,
    organization_id: targets.organizationId,
  };
}

function uploadAuditEntry(upload: NewFileUpload, targets: UploadTargets, actor: UploadActor) {
  return {
    actor_user_id: actor.userId,
    actor_api_key_id: actor.apiKeyId,
    action: 'file.upload',
    resource_type: 'file_upload',
    resource_id: upload.id,
    request_id: actor.requestId,
    details: JSON.stringify({
      storedName: upload.storedName,
      originalName: upload.originalName,
      contentType: upload.contentType,
      declaredContentType: upload.declaredContentType,
      size: upload.sizeBytes,
      sha256: upload.sha256,
      ...targets,
    }),
  };
}

async function findForReader(db: Db, name: string, principal: Principal): Promise<StoredUpload | null> {
  const row = await db
    .selectFrom('file_upload as f')
    .select(['f.id', 'f.stored_name', 'f.original_name', 'f.content_type', 'f.declared_content_type', 'f.size_bytes'])
    .select(documentFilter(principal, 'file_upload', 'f').as('readable'))
    .where(name.includes('.') ? 'f.stored_name' : 'f.id', '=', name)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    storedName: row.stored_name,
    originalName: row.original_name,
    contentType: row.content_type,
    declaredContentType: row.declared_content_type,
    sizeBytes: Number(row.size_bytes),
    readable: row.readable === true,
  };
}
