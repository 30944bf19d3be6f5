// `GET /kyc/documents/{id}/file?token=` (docs/identity.md#kyc-document-links): the signed link is
// the only credential; the file comes from the KYC provider, never from our own uploads
// (`kyc_document.file_upload_id` is not consulted: the provider holds the inspection's files, and
// one source keeps the answer the same whichever copy exists). The type served is sniffed from the
// bytes, so the declared type of the answer is what a browser would find in it.
import { AppError } from '../../errors/app-error.ts';
import type { KycProvider } from '../../providers/kyc/kyc-provider.ts';
import type { KycDocumentTokens } from '../identity/kyc-document-tokens.ts';

/** The types openapi.yaml declares for the route: identity documents are images or PDFs. */
export const servedKycDocumentTypes = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' } as const;

export type ServedKycDocumentType = keyof typeof servedKycDocumentTypes;

export interface KycDocumentDownload {
  contentType: ServedKycDocumentType;
  bytes: Uint8Array;
  /** `kyc-document-<id>.<ext>`, for Content-Disposition. */
  fileName: string;
}

export interface KycDocumentFileService {
  download(token: string | null | undefined, documentId: string): Promise<KycDocumentDownload>;
}

export function createKycDocumentFileService(deps: {
  tokens: KycDocumentTokens;
  kyc: Pick<KycProvider, 'getDocumentFile'>;
}): KycDocumentFileService {
  return {
    async download(token, documentId) {
      const reference = await deps.tokens.verifyKycDocumentToken(token, documentId);
      const file = await deps.kyc.getDocumentFile(reference.inspectionId, reference.documentId);
      if (!file)
        throw new AppError('NOT_FOUND', `KYC document ${documentId} does not exist (any more) at the KYC provider`);
      const contentType = await servedType(file.bytes, file.contentType, documentId);
      return {
        contentType,
        bytes: file.bytes,
        fileName: `kyc-document-${documentId.toLowerCase()}.${servedKycDocumentTypes[contentType]}`,
      };
    },
  };
}

async function servedType(bytes: Uint8Array, declared: string, documentId: string): Promise<ServedKycDocumentType> {
  // Loaded on first use, as in sniff-content-type.ts (docs/service.md#start-up).
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = (await fileTypeFromBuffer(bytes))?.mime;
  if (sniffed !== undefined && sniffed in servedKycDocumentTypes) return sniffed as ServedKycDocumentType;
  // INTERNAL: the provider broke its contract; the message is for the log only (masked).
  throw new AppError(
    'INTERNAL',
    `KYC provider answered document ${documentId} with ${sniffed ?? 'unrecognised'} content (declared ${declared}), not JPEG, PNG or PDF`,
  );
}
