// The onboarding credential of the KYC SDK's server-to-server form: `apiToken` in the body of
// `POST /auth/kyc-sdk/init-token` (openapi.yaml#/components/schemas/KycSdkServerTokenRequest,
// docs/identity.md "SDK init tokens"). Whatever is wrong with it, the answer is one 403 with one
// message, so a caller cannot tell an unknown token from a revoked one or a key of another kind.
import { apiKeyHasScope, type ApiKeyKind, type ApiKeyPrincipal } from '../../access/principal.ts';
import { AppError } from '../../errors/app-error.ts';
import { isCredentialRefusal } from '../../errors/credential-refusal.ts';
import type { ApiKeyService } from './api-key-service.ts';

export const onboardingScope = 'kyc-sdk';
/** Partner keys serve card partners (docs/identity.md "API keys"); they never onboard people. */
const onboardingKinds: readonly ApiKeyKind[] = ['admin', 'service'];

export const credentialDeniedMessage = 'credential denied: apiToken is not a valid onboarding credential';

/** The API key behind `apiToken`; FORBIDDEN with the same message for every refusal. */
export async function verifyOnboardingCredential(
  apiKeys: Pick<ApiKeyService, 'authenticate'>,
  apiToken: string,
): Promise<ApiKeyPrincipal> {
  let key: ApiKeyPrincipal;
  try {
    key = await apiKeys.authenticate(apiToken);
  } catch (error) {
    if (isCredentialRefusal(error)) throw credentialDenied(error);
    throw error;
  }
  if (!onboardingKinds.includes(key.keyKind) || !apiKeyHasScope(key, onboardingScope)) throw credentialDenied();
  return key;
}

/** The cause (unknown, revoked, ...) stays on the error for the server's own use, never in the body. */
function credentialDenied(cause?: unknown): AppError {
  return new AppError('FORBIDDEN', credentialDeniedMessage, { cause });
}
