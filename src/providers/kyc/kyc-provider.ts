// The KYC provider port (docs/domain.md#kyc, docs/providers.md#kyc):
// an SDK access token for one applicant at one verification level, the file of one inspection
// document (docs/identity.md#kyc-document-links), and an applicant's current review and
// questionnaires (docs/kyc.md#webhooks). Implemented by the HTTP client and by the
// simulator, which both check requests here so they refuse the same input.
import { AppError, type ErrorDetail } from '../../errors/app-error.ts';
import type { KycApplicant } from './kyc-applicant.ts';

export interface KycAccessTokenRequest {
  /** The applicant id at the provider: the platform user id or the caller's external user id. */
  userId: string;
  /** Verification level at the provider, e.g. `basic-kyc-level`. */
  levelName: string;
  /** Token lifetime in seconds, 60..86400. */
  ttlInSecs: number;
  email?: string;
  firstName?: string;
  lastName?: string;
  /** Optional purchase context, passed through to the provider. */
  currency?: string;
  amount?: string;
}

export interface KycAccessToken {
  token: string;
  userId: string;
  expiresAt: Date;
}

/** One document file of an inspection, as the provider stores it (an image or a PDF). */
export interface KycDocumentFile {
  /** The media type the provider declared, without parameters, lowercase. */
  contentType: string;
  bytes: Uint8Array;
}

export interface KycProvider {
  createAccessToken(request: KycAccessTokenRequest): Promise<KycAccessToken>;
  /** The file of document `documentId` of inspection `inspectionId`; null when the provider has no such document. */
  getDocumentFile(inspectionId: string, documentId: string): Promise<KycDocumentFile | null>;
  /** The applicant's current review and questionnaires; null when the provider has no such applicant. */
  getApplicant(applicantId: string): Promise<KycApplicant | null>;
}

export const defaultKycLevelName = 'basic-kyc-level';
export const kycTokenTtlSeconds = { min: 60, max: 86_400 } as const;

/** Refuses what the provider would refuse, with BAD_REQUEST naming each bad field. */
export function assertValidAccessTokenRequest(request: KycAccessTokenRequest): void {
  const details: ErrorDetail[] = [];
  if (isBlank(request.userId)) details.push({ path: 'userId', message: 'userId must not be empty' });
  if (isBlank(request.levelName)) details.push({ path: 'levelName', message: 'levelName must not be empty' });
  const { min, max } = kycTokenTtlSeconds;
  if (!Number.isInteger(request.ttlInSecs) || request.ttlInSecs < min || request.ttlInSecs > max) {
    details.push({
      path: 'ttlInSecs',
      message: `ttlInSecs must be an integer from ${min} to ${max}, got ${String(request.ttlInSecs)}`,
    });
  }
  if (details.length > 0) {
    const summary = details.map((detail) => detail.message).join('; ');
    throw new AppError('BAD_REQUEST', `invalid KYC access token request: ${summary}`, { details });
  }
}

function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}
