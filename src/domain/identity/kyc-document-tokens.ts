// Signed links to KYC document files (docs/identity.md#kyc-document-links): a
// platform RS256 JWT that names one inspection and one document and lives 5 minutes. The
// GraphQL API hands out such links to callers allowed to see the document; the file route
// accepts nothing else, so the token alone must say which file it opens.
import { AppError } from '../../errors/app-error.ts';
import { TokenRejected, type PlatformTokens } from './platform-tokens.ts';
import { tokenLifetimes } from './token-lifetimes.ts';

export interface KycDocumentReference {
  /** The KYC provider's inspection the document belongs to. */
  inspectionId: string;
  /** `kyc_document.id`, also the provider's resource id. */
  documentId: string;
}

export interface KycDocumentLink {
  token: string;
  /** `{PUBLIC_URL}/kyc/documents/{documentId}/file?token=…`, usable directly in `<img src>`. */
  url: string;
  expiresAt: Date;
}

/** The claim naming the inspection; the document is the subject (`sub`). */
export const inspectionIdClaim = 'inspection_id';

export interface KycDocumentTokens {
  issueKycDocumentToken(reference: KycDocumentReference): Promise<KycDocumentLink>;
  /**
   * The inspection and document a token names, when it is a valid KYC document token for
   * `documentId`. Throws FORBIDDEN saying which check failed (expired, signature, key,
   * audience, purpose, another document), and UNAUTHENTICATED when there is no token.
   */
  verifyKycDocumentToken(token: string | null | undefined, documentId: string): Promise<KycDocumentReference>;
}

export function createKycDocumentTokens(tokens: PlatformTokens): KycDocumentTokens {
  return {
    async issueKycDocumentToken(reference) {
      if (reference.inspectionId.trim() === '' || reference.documentId.trim() === '') {
        throw new AppError('BAD_REQUEST', 'a KYC document link needs both an inspection id and a document id');
      }
      const issued = await tokens.issue(
        'kyc-document',
        { sub: reference.documentId, [inspectionIdClaim]: reference.inspectionId },
        tokenLifetimes.kycDocumentTokenSeconds,
      );
      const url = `${tokens.issuer}/kyc/documents/${encodeURIComponent(reference.documentId)}/file?token=${issued.token}`;
      return { token: issued.token, url, expiresAt: issued.expiresAt };
    },

    async verifyKycDocumentToken(token, documentId) {
      if (!token) throw new AppError('UNAUTHENTICATED', 'this link needs its signed token (?token=)');
      let claims;
      try {
        claims = await tokens.verify(token, 'kyc-document');
      } catch (error) {
        if (error instanceof TokenRejected) throw new AppError('FORBIDDEN', `document link refused: ${error.message}`);
        throw error;
      }
      const inspectionId = claims[inspectionIdClaim];
      if (typeof inspectionId !== 'string' || inspectionId === '') {
        throw new AppError('FORBIDDEN', `document link refused: token has no ${inspectionIdClaim} claim`);
      }
      // Document ids are UUIDs: compare them without regard to case.
      if (claims.sub.toLowerCase() !== documentId.toLowerCase()) {
        throw new AppError('FORBIDDEN', 'document link refused: token names another document');
      }
      return { inspectionId, documentId: claims.sub };
    },
  };
}
