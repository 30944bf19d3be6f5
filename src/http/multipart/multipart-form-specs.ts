// What each multipart/form-data operation of openapi.yaml accepts. The generated validators
// cover JSON bodies only, so the form's shape is stated here (test/http/files checks it
// against openapi.yaml) and enforced while the body is read: limits stop the parser before
// anything past them is written.
import type { OperationId } from '../../../generated/openapi/operations.ts';
import type { Principal } from '../../access/principal.ts';
import { assertMayUpload } from '../../domain/files/upload-access.ts';
import { uploadLimits } from '../../domain/files/upload-limits.ts';

export interface MultipartFormSpec {
  /** The name every file part must carry. */
  readonly fileField: string;
  readonly minFiles: number;
  readonly maxFiles: number;
  /** Bytes of all files together. */
  readonly maxTotalBytes: number;
  /** Optional text fields, each at most once. */
  readonly textFields: readonly string[];
  /** Runs before the body is read, so a caller who may not send it costs no upload. */
  readonly authorize?: (principal: Principal) => void;
}

/** Text fields hold ids; their bytes together stay far below this. */
export const maxTextFieldBytes = 16 * 1024;

export const multipartFormSpecs: Partial<Record<OperationId, MultipartFormSpec>> = {
  // openapi.yaml UploadRequest
  uploadDocuments: {
    fileField: 'file',
    minFiles: 1,
    maxFiles: uploadLimits.maxFiles,
    maxTotalBytes: uploadLimits.maxTotalBytes,
    textFields: ['caseId', 'fundId', 'organizationId'],
    authorize: assertMayUpload,
  },
};
