// The KYC document files (docs/identity.md#kyc-document-links): the identity document images the KYC provider
// holds, served against a short-lived signed token from the identity area.
import { createKycDocumentTokens } from '../domain/identity/kyc-document-tokens.ts';
import { createKycDocumentFileService } from '../domain/kyc/kyc-document-file-service.ts';
import { kycDocumentHandlers } from '../http/handlers/kyc-document-handlers.ts';
import type { Identity } from './create-identity.ts';

export function createKycDocuments(deps: { identity: Identity }) {
  const { identity } = deps;
  return {
    handlers: kycDocumentHandlers(
      createKycDocumentFileService({ tokens: createKycDocumentTokens(identity.services.tokens), kyc: identity.kyc }),
    ),
  };
}
