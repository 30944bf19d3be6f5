// Uploads and downloads of files (docs/files.md). An upload is all or nothing: the
// bytes are stored first under their final names, then every metadata row is inserted in one
// transaction; when anything fails, the stored files are removed again. A file is served with
// its declared type when the bytes agree, its sniffed type otherwise (docs/files.md#content-type).
// A full or broken storage is a clean 507 or 503 (docs/files.md#storage-errors).
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type {
  FileUploadTable,
  NewFileUpload,
  UploadTargetName,
  UploadTargets,
} from '../../records/files/file-upload-table.ts';
import type { Principal } from '../../access/principal.ts';
import { AppError } from '../../errors/app-error.ts';
import type { FileStorage } from './file-storage.ts';
import { isActiveContentType } from './active-content-type.ts';
import { declaredContentType } from './declared-content-type.ts';
import { sanitizeOriginalName } from './original-file-name.ts';
import { servedContentType } from './served-content-type.ts';
import { sniffContentType } from '../../providers/files/sniff-content-type.ts';
import { storageFailure } from './storage-errors.ts';
import { storedFileName } from './stored-file-name.ts';
import { assertMayRequestDownloads, assertMayUpload } from './upload-access.ts';

/** One received file, still in a local temporary file. */
export interface IncomingFile {
  readonly tempPath: string;
  /** As the client sent it; untrusted. */
  readonly originalName: string | null;
  /** The part's Content-Type as the client sent it; untrusted. */
  readonly declaredType: string | null;
  readonly size: number;
  readonly sha256: string;
}

export interface UploadedFileRecord {
  readonly id: string;
  readonly name: string;
  readonly originalName: string;
  /** The type downloads answer with (served-content-type.ts). */
  readonly contentType: string;
  readonly size: number;
  readonly sha256: string;
}

export interface FileDownload {
  readonly name: string;
  readonly originalName: string;
  readonly contentType: string;
  /** A type a browser would run (active-content-type.ts): never served inline. */
  readonly active: boolean;
  readonly size: number;
  readonly stream: Readable;
}

export interface UploadService {
  upload(
    principal: Principal,
    files: readonly IncomingFile[],
    targets: UploadTargets,
    requestId: string,
  ): Promise<UploadedFileRecord[]>;
  /** NOT_FOUND when no file is stored as `name`; FORBIDDEN when the caller may not read it. */
  download(principal: Principal, name: string): Promise<FileDownload>;
}

export interface UploadServiceOptions {
  storage: FileStorage;
  store: FileUploadTable;
  newId?: () => string;
}

const targetNouns: Record<UploadTargetName, string> = {
  caseId: 'case',
  fundId: 'fund',
  organizationId: 'organization',
};

/** What uploads and downloads share: where bytes go, where their rows go, and how ids are made. */
interface UploadDesk {
  readonly storage: FileStorage;
  readonly store: FileUploadTable;
  readonly newId: () => string;
}

export function createUploadService(options: UploadServiceOptions): UploadService {
  const desk: UploadDesk = { storage: options.storage, store: options.store, newId: options.newId ?? randomUUID };
  return {
    upload: (principal, files, targets, requestId) => upload(desk, principal, files, targets, requestId),
    download: (principal, name) => download(desk, principal, name),
  };
}

async function upload(
  desk: UploadDesk,
  principal: Principal,
  files: readonly IncomingFile[],
  targets: UploadTargets,
  requestId: string,
): Promise<UploadedFileRecord[]> {
  assertMayUpload(principal);
  if (files.length === 0) throw new AppError('BAD_REQUEST', 'no file to store');
  await assertTargetsExist(desk.store, targets);
  const uploads: NewFileUpload[] = [];
  for (const file of files) uploads.push(await prepare(desk.newId, file));
  await storeAll(desk, principal, { files, uploads, targets, requestId });
  return uploads.map(uploadedFileRecord);
}

/** BAD_REQUEST naming every target that names no row: nothing is stored then. */
async function assertTargetsExist(store: FileUploadTable, targets: UploadTargets): Promise<void> {
  const missing = await store.missingTargets(targets);
  if (missing.length === 0) return;
  const names = missing.map((target) => `${target} ${String(targets[target])} names no ${targetNouns[target]}`);
  throw new AppError('BAD_REQUEST', `nothing stored: ${names.join('; ')}`);
}

async function prepare(newId: () => string, file: IncomingFile): Promise<NewFileUpload> {
  const sniffed = await sniffContentType(file.tempPath, file.size);
  const id = newId();
  return {
    id,
    storedName: storedFileName(id, sniffed.extension),
    originalName: sanitizeOriginalName(file.originalName),
    contentType: sniffed.contentType,
    declaredContentType: declaredContentType(file.declaredType),
    sizeBytes: file.size,
    sha256: file.sha256,
  };
}

interface PreparedUploads {
  readonly files: readonly IncomingFile[];
  readonly uploads: readonly NewFileUpload[];
  readonly targets: UploadTargets;
  readonly requestId: string;
}

/** Puts every file's bytes, then records the rows; on any failure the bytes already put are removed. */
async function storeAll(desk: UploadDesk, principal: Principal, prepared: PreparedUploads): Promise<void> {
  const { storage } = desk;
  const stored: string[] = [];
  try {
    for (const [index, upload] of prepared.uploads.entries()) {
      await storage.put(upload.storedName, (prepared.files[index] as IncomingFile).tempPath).catch((error: unknown) => {
        throw storageFailure(error, 'store') ?? error;
      });
      stored.push(upload.storedName);
    }
    await desk.store.record(prepared.uploads, prepared.targets, {
      userId: principal.kind === 'user' ? principal.userId : null,
      apiKeyId: principal.kind === 'api-key' ? principal.keyId : null,
      requestId: prepared.requestId,
    });
  } catch (error) {
    await Promise.allSettled(stored.map((name) => storage.remove(name)));
    throw error;
  }
}

function uploadedFileRecord(upload: NewFileUpload): UploadedFileRecord {
  return {
    id: upload.id,
    name: upload.storedName,
    originalName: upload.originalName,
    contentType: servedContentType(upload.declaredContentType, upload.contentType),
    size: upload.sizeBytes,
    sha256: upload.sha256,
  };
}

async function download(desk: UploadDesk, principal: Principal, name: string): Promise<FileDownload> {
  assertMayRequestDownloads(principal);
  const upload = await desk.store.findForReader(name, principal);
  if (!upload) throw new AppError('NOT_FOUND', `no uploaded file named ${name}`);
  if (!upload.readable) {
    throw new AppError(
      'FORBIDDEN',
      `you may not read uploaded file ${name}: it is readable by its uploader, users with access to its case or fund, invitation holders and administrators`,
    );
  }
  const content = await desk.storage.open(upload.storedName).catch((error: unknown) => {
    throw storageFailure(error, 'read') ?? error;
  });
  // Metadata without bytes (the demo rows, or bytes lost from the storage): nothing to serve.
  if (!content) throw new AppError('NOT_FOUND', `uploaded file ${name} has no stored content`);
  const contentType = servedContentType(upload.declaredContentType, upload.contentType);
  return {
    name: upload.storedName,
    originalName: upload.originalName,
    contentType,
    active: isActiveContentType(contentType),
    size: content.size,
    stream: content.stream,
  };
}
