// The KYC provider used when no URL is configured (docs/providers.md#kyc).
// Tokens have the provider's shape (`_act-sbx-jwt-` + an unsigned JWT) so clients and the SDK see
// the same form. Document files: the simulator has no database, so it holds the documents of the
// demo data by their id pattern (docs/demo-data.md: `88888888-…` is a KYC document) plus any ids
// given at construction, and serves a generated placeholder PNG for each, whatever the inspection.
// Applicants: only those given at construction (docs/kyc.md#simulator); the demo profiles'
// questionnaires are seeded into the database instead, encrypted.
import { randomUUID } from 'node:crypto';
import type { KycApplicant } from './kyc-applicant.ts';
import { assertValidAccessTokenRequest, type KycProvider } from './kyc-provider.ts';
import { simulatedDocumentPng } from './simulated-document-image.ts';

export interface KycSimulatorOptions {
  now?: () => Date;
  /** Random part of the token id (`jti`); injectable for deterministic tests. */
  newTokenId?: () => string;
  /** Document ids the simulator holds besides those of the demo data. */
  documentIds?: readonly string[];
  /** Applicants the simulator holds, by applicant id; read at each request, so a test may change them. */
  applicants?: ReadonlyMap<string, KycApplicant>;
}

/** The demo data's KYC document ids (src/db/seed/demo-ids.ts, kind `kycDocument`). */
export const simulatedDemoDocumentIdPattern = /^88888888-0000-4000-8000-[0-9]{12}$/;

export const simulatedTokenPrefix = '_act-sbx-jwt-';

export function createKycSimulator(options: KycSimulatorOptions = {}): KycProvider {
  const now = options.now ?? (() => new Date());
  const newTokenId = options.newTokenId ?? (() => randomUUID());
  const extraDocuments = new Set((options.documentIds ?? []).map((id) => id.toLowerCase()));
  return {
    async createAccessToken(request) {
      assertValidAccessTokenRequest(request);
      const expiresAt = new Date(now().getTime() + request.ttlInSecs * 1000);
      const payload = {
        jti: `_act-sbx-${newTokenId()}`,
        sub: request.userId,
        level: request.levelName,
        exp: Math.floor(expiresAt.getTime() / 1000),
      };
      return { token: simulatedToken(payload), userId: request.userId, expiresAt };
    },

    async getDocumentFile(_inspectionId, documentId) {
      const id = documentId.toLowerCase();
      if (!simulatedDemoDocumentIdPattern.test(id) && !extraDocuments.has(id)) return null;
      return { contentType: 'image/png', bytes: simulatedDocumentPng(id) };
    },

    async getApplicant(applicantId) {
      const applicant = options.applicants?.get(applicantId);
      return applicant ? structuredClone(applicant) : null;
    },
  };
}

function simulatedToken(payload: Record<string, unknown>): string {
  return `${simulatedTokenPrefix}${base64url({ alg: 'none' })}.${base64url(payload)}.`;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}
