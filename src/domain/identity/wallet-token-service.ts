// `POST /auth/wallet-jwt` (docs/identity.md#platform-tokens, docs/domain.md#smart-wallet-jwt): binds
// the client's ephemeral key through `nonce` = lowercase hex SHA-256 of `targetPublicKey`. The body
// is optional (openapi.yaml#/paths/~1auth~1wallet-jwt): without one the token is the caller's own
// (`scope: user`) and, having no key to bind, carries no `nonce`.
import type { UserDirectory } from '../../stores/user-directory.ts';
import { credentialNamesOrganization, isAdministrator, type Principal } from '../../access/principal.ts';
import { AppError } from '../../errors/app-error.ts';
import type { PlatformTokens } from './platform-tokens.ts';
import { sha256Hex } from './secret-digest.ts';
import { tokenLifetimes } from './token-lifetimes.ts';

export type WalletTokenRequest =
  | { targetPublicKey: string; scope: 'user' }
  | { targetPublicKey: string; scope: 'organization'; organizationId: string };

/** What a request without a body asks for: a token of the caller's own. */
const noBody = { scope: 'user' } as const;

export function createWalletTokenService(deps: { tokens: PlatformTokens; users: UserDirectory }) {
  return {
    async issue(
      principal: Principal,
      body: WalletTokenRequest | undefined,
    ): Promise<{ token: string; expiresAt: Date }> {
      const request = body ?? noBody;
      const subject = await subjectFor(principal, request, deps.users);
      const issued = await deps.tokens.issue(
        'wallet',
        {
          sub: subject,
          scope: request.scope,
          ...(body ? { nonce: sha256Hex(body.targetPublicKey) } : {}),
          ...(principal.kind === 'user' ? { act: { sub: principal.userId } } : {}),
        },
        tokenLifetimes.walletTokenSeconds,
      );
      return { token: issued.token, expiresAt: issued.expiresAt };
    },
  };
}

async function subjectFor(
  principal: Principal,
  request: WalletTokenRequest | typeof noBody,
  users: UserDirectory,
): Promise<string> {
  if (principal.kind === 'api-key' && principal.keyKind !== 'admin') {
    throw new AppError(
      'FORBIDDEN',
      `${principal.keyKind} API keys may not issue wallet tokens; use an admin key or a user session`,
    );
  }
  if (request.scope === 'user') {
    if (principal.kind !== 'user') {
      throw new AppError(
        'FORBIDDEN',
        "scope 'user' (also what a request without a body asks for) needs a user session or bearer token; an API key has no user, so it sends {targetPublicKey, scope: 'organization', organizationId}",
      );
    }
    return principal.userId;
  }
  if (principal.kind === 'anonymous') throw new AppError('UNAUTHENTICATED', 'authentication required');
  if (isAdministrator(principal)) {
    if (!(await users.organizationExists(request.organizationId)))
      throw new AppError('BAD_REQUEST', `organization ${request.organizationId} does not exist`);
    return request.organizationId;
  }
  if (credentialNamesOrganization(principal, request.organizationId)) return request.organizationId;
  throw new AppError('FORBIDDEN', `you are not a member of organization ${request.organizationId}`);
}

export type WalletTokenService = ReturnType<typeof createWalletTokenService>;
