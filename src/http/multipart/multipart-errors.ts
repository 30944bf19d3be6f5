// formidable's errors (through koa-body) as the service's errors: a broken limit is 413 with a
// message naming the limit (openapi.yaml PayloadTooLarge), anything else the parser refuses is
// 400, a full or unwritable disk under the temporary parts is 507 or 503
// (docs/files.md#storage-errors), anything else of ours stays an unexpected error.
import { storageFailure } from '../../domain/files/storage-errors.ts';
import { AppError } from '../../errors/app-error.ts';
import type { MultipartFormSpec } from './multipart-form-specs.ts';

// Internal codes of formidable's FormidableError (formidable/src/FormidableError.js).
const formidableCodes = {
  aborted: 1002,
  maxFieldsSizeExceeded: 1006,
  maxFieldsExceeded: 1007,
  biggerThanTotalMaxFileSize: 1009,
  maxFilesExceeded: 1015,
  biggerThanMaxFileSize: 1016,
} as const;

interface FormidableError extends Error {
  code: number;
  httpCode?: number;
}

function isFormidableError(error: unknown): error is FormidableError {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'number';
}

export function tooManyFiles(spec: MultipartFormSpec): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `Too many files: at most ${spec.maxFiles} per request; nothing was stored`);
}

export function tooManyBytes(spec: MultipartFormSpec): AppError {
  const megabytes = spec.maxTotalBytes / (1024 * 1024);
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `Too large: the files of one request may total at most ${spec.maxTotalBytes} bytes (${megabytes} MB); nothing was stored`,
  );
}

export function multipartError(
  error: unknown,
  spec: MultipartFormSpec,
  limits: { maxFields: number; maxFieldBytes: number },
): unknown {
  if (!isFormidableError(error)) return storageFailure(error, 'store') ?? error;
  switch (error.code) {
    case formidableCodes.maxFilesExceeded:
      return tooManyFiles(spec);
    case formidableCodes.biggerThanTotalMaxFileSize:
    case formidableCodes.biggerThanMaxFileSize:
      return tooManyBytes(spec);
    case formidableCodes.maxFieldsExceeded:
      return new AppError('PAYLOAD_TOO_LARGE', `Too many form fields: at most ${limits.maxFields} besides the files`);
    case formidableCodes.maxFieldsSizeExceeded:
      return new AppError('PAYLOAD_TOO_LARGE', `Form fields too large: at most ${limits.maxFieldBytes} bytes together`);
    case formidableCodes.aborted:
      return new AppError('BAD_REQUEST', 'the request was aborted before its body was complete');
    default:
      if (error.httpCode !== undefined && error.httpCode >= 500) return error;
      return new AppError('BAD_REQUEST', `malformed multipart/form-data body: ${error.message}`, { cause: error });
  }
}
