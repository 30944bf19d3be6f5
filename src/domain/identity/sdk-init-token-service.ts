// SDK init tokens (docs/identity.md#sdk-init-tokens, openapi.yaml `/auth/workflow-sdk/init-token`
// and `/auth/kyc-sdk/init-token`): API keys whose scopes allow it; a key bound to an organization
// only reaches that organization's users (docs/identity.md#organization-scope).
import type { UserDirectory } from '../../stores/user-directory.ts';
import { scopeOfPrincipal } from '../../access/organization-scope.ts';
import { apiKeyHasScope, type ApiKeyPrincipal } from '../../access/principal.ts';
import { AppError } from '../../errors/app-error.ts';
import { defaultKycLevelName, type KycProvider } from '../../providers/kyc/kyc-provider.ts';
import type { ApiKeyService } from './api-key-service.ts';
import { verifyOnboardingCredential } from './onboarding-credential.ts';
import { dataAccessClaim, type PlatformTokens } from './platform-tokens.ts';
import { tokenLifetimes } from './token-lifetimes.ts';

export interface KycServerTokenRequest {
  apiToken: string;
  externalUserId: string;
  externalUserEmail: string;
  ttl: number;
  externalUserFirstName?: string;
  externalUserLastName?: string;
  currency?: string;
  amount?: string;
}

export interface SdkInitTokenDeps {
  tokens: PlatformTokens;
  users: UserDirectory;
  kyc: KycProvider;
  apiKeys: ApiKeyService;
}

export function createSdkInitTokenService(deps: SdkInitTokenDeps) {
  return {
    workflowToken: (key: ApiKeyPrincipal, request: { userId: string; organizationId: string }) =>
      workflowToken(deps, key, request),
    kycUserToken: (key: ApiKeyPrincipal, request: { userId: string; levelName?: string }) =>
      kycUserToken(deps, key, request),
    /** Form (b): the credential is `apiToken` in the body (server-to-server only). */
    kycServerToken: (request: KycServerTokenRequest) => kycServerToken(deps, request),
  };
}

/**
 * The user must belong to the organization the token is for (`organizationId`, else the key's
 * own), which must lie in the key's scope; the user directory answers where the user stands.
 */
async function requireUserOfKey(
  users: UserDirectory,
  key: ApiKeyPrincipal,
  userId: string,
  organizationId?: string,
): Promise<void> {
  const standing = await users.tokenStanding(userId, scopeOfPrincipal(key), organizationId ?? null);
  if (standing === 'member') return;
  if (standing === 'other-organization')
    throw new AppError('FORBIDDEN', `this API key is bound to another organization than ${organizationId}`);
  // Where an organization is concerned, an unknown user stands as a foreign one: the two look the same.
  if (standing === 'unknown-user')
    throw new AppError('BAD_REQUEST', `userId ${JSON.stringify(userId)} is not a known platform user`);
  throw new AppError(
    'FORBIDDEN',
    `user ${JSON.stringify(userId)} is not a member of organization ${organizationId ?? key.organizationId}`,
  );
}

function requireScope(key: ApiKeyPrincipal, scope: string): void {
  if (!apiKeyHasScope(key, scope)) throw new AppError('FORBIDDEN', `this API key lacks the '${scope}' scope`);
}

async function workflowToken(
  deps: SdkInitTokenDeps,
  key: ApiKeyPrincipal,
  request: { userId: string; organizationId: string },
) {
  requireScope(key, 'workflow-sdk');
  await requireUserOfKey(deps.users, key, request.userId, request.organizationId);
  // The workflow SDK reads the data layer as `workflow_sdk_user` (permissions.yaml).
  const issued = await deps.tokens.issue(
    'workflow-sdk',
    {
      sub: request.userId,
      org_id: request.organizationId,
      [dataAccessClaim]: {
        'x-data-allowed-roles': ['workflow_sdk_user'],
        'x-data-default-role': 'workflow_sdk_user',
        'x-data-user-id': request.userId,
        'x-data-organization-id': request.organizationId,
      },
    },
    tokenLifetimes.workflowSdkTokenSeconds,
  );
  return { token: issued.token, expiresAt: issued.expiresAt };
}

async function kycUserToken(
  deps: SdkInitTokenDeps,
  key: ApiKeyPrincipal,
  request: { userId: string; levelName?: string },
) {
  requireScope(key, 'kyc-sdk');
  await requireUserOfKey(deps.users, key, request.userId);
  const token = await deps.kyc.createAccessToken({
    userId: request.userId,
    levelName: request.levelName ?? defaultKycLevelName,
    ttlInSecs: tokenLifetimes.kycSdkTokenSeconds,
  });
  return { token: token.token, expiresAt: token.expiresAt };
}

async function kycServerToken(deps: SdkInitTokenDeps, request: KycServerTokenRequest) {
  await verifyOnboardingCredential(deps.apiKeys, request.apiToken);
  const token = await deps.kyc.createAccessToken({
    userId: request.externalUserId,
    levelName: defaultKycLevelName,
    ttlInSecs: request.ttl,
    email: request.externalUserEmail,
    firstName: request.externalUserFirstName,
    lastName: request.externalUserLastName,
    currency: request.currency,
    amount: request.amount,
  });
  return { token: token.token };
}

export type SdkInitTokenService = ReturnType<typeof createSdkInitTokenService>;
