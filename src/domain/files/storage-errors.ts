// File-system errors of the upload path as answers (docs/files.md#storage-errors): a full disk
// or quota is 507 INSUFFICIENT_STORAGE, a storage that cannot be written or read (permissions,
// read-only, I/O errors, a file where a directory should be) is 503 SERVICE_UNAVAILABLE. Either
// is an operator's problem: the cause kept for the log is the error's code, call and path only,
// one short line rather than a stack per failure.
import { AppError } from '../../errors/app-error.ts';

const fullCodes = new Set(['ENOSPC', 'EDQUOT']);
const unavailableCodes = new Set([
  'EACCES',
  'EPERM',
  'EROFS',
  'EIO',
  'ENOTDIR',
  'EISDIR',
  'ENOENT',
  'ELOOP',
  'EMFILE',
  'ENFILE',
  'ESTALE',
  'ENODEV',
  'ENXIO',
  'EBUSY',
]);
/** Long enough for an operator to act; a retry at once would only fail again. */
const retryAfterSeconds = 60;

export type StorageAction = 'store' | 'read';

/** The answer for a file-system error of the file storage, or undefined when `error` is no such error. */
export function storageFailure(error: unknown, action: StorageAction): AppError | undefined {
  const { code, syscall, path } = (error ?? {}) as NodeJS.ErrnoException;
  if (typeof code !== 'string') return undefined;
  const cause = { code, syscall, path };
  if (fullCodes.has(code)) {
    return new AppError(
      'INSUFFICIENT_STORAGE',
      'storage full: no space is left for uploaded files; nothing was stored',
      {
        cause,
      },
    );
  }
  // mkdir says EEXIST when a file stands where the directory should be.
  if (unavailableCodes.has(code) || (code === 'EEXIST' && syscall === 'mkdir')) {
    const what =
      action === 'store'
        ? 'uploaded files cannot be stored right now; nothing was stored'
        : 'the file cannot be read right now';
    return new AppError('SERVICE_UNAVAILABLE', `storage unavailable: ${what}`, { retryAfterSeconds, cause });
  }
  return undefined;
}
