// Turns a presented credential into the one Principal type (docs/identity.md#credentials). Every
// failure says what was wrong with the credential, never what a valid one would look like.
import { decodeJwt } from 'jose';
import type { UserDirectory, UserProfile } from '../../stores/user-directory.ts';
import type { ApiKeyPrincipal, UserCredential, UserPrincipal } from '../../access/principal.ts';
import { AppError } from '../../errors/app-error.ts';
import type { ApiKeyService } from './api-key-service.ts';
import type { IdentityProviderClient } from './identity-provider-client.ts';
import { TokenRejected, type PlatformTokens } from './platform-tokens.ts';
import type { SessionService } from './session-service.ts';

export interface CredentialResolver {
  fromSessionCookie(cookieSecret: string): Promise<UserPrincipal>;
  fromBearer(token: string): Promise<UserPrincipal>;
  fromApiKey(secret: string): Promise<ApiKeyPrincipal>;
}

export function createCredentialResolver(deps: {
  users: UserDirectory;
  sessions: SessionService;
  tokens: PlatformTokens;
  provider: IdentityProviderClient;
  apiKeys: ApiKeyService;
}): CredentialResolver {
  async function principalFor(
    userId: string,
    credential: UserCredential,
    sessionId: string | null,
  ): Promise<UserPrincipal> {
    const profile = await deps.users.find(userId);
    if (!profile)
      throw new AppError(
        'UNAUTHENTICATED',
        `user ${JSON.stringify(userId.slice(0, 255))} is not known to the platform`,
      );
    return userPrincipal(profile, credential, sessionId);
  }

  return {
    async fromSessionCookie(cookieSecret) {
      const session = await deps.sessions.findByCookie(cookieSecret);
      if (!session) throw new AppError('UNAUTHENTICATED', 'session has expired or was ended');
      return principalFor(session.userId, 'session-cookie', session.id);
    },

    async fromBearer(token) {
      let issuer: unknown;
      try {
        issuer = decodeJwt(token).iss;
      } catch {
        throw new AppError('UNAUTHENTICATED', 'bearer token is malformed (not a JWT)');
      }
      try {
        if (issuer === deps.tokens.issuer) {
          const claims = await deps.tokens.verify(token, 'access');
          const sessionId = typeof claims.sid === 'string' ? claims.sid : null;
          if (!sessionId) throw new TokenRejected('token carries no session');
          const session = await deps.sessions.findById(sessionId);
          if (!session || session.userId !== claims.sub)
            throw new TokenRejected('the session this token was issued from has ended');
          return await principalFor(claims.sub, 'platform-token', sessionId);
        }
        if (issuer === deps.provider.issuer) {
          const claims = await deps.provider.verifyToken(token);
          return await principalFor(claims.sub, 'provider-token', null);
        }
      } catch (error) {
        if (error instanceof TokenRejected) throw new AppError('UNAUTHENTICATED', `bearer ${error.message}`);
        throw error;
      }
      throw new AppError('UNAUTHENTICATED', 'bearer token has an unknown issuer');
    },

    fromApiKey: (secret) => deps.apiKeys.authenticate(secret),
  };
}

export function userPrincipal(
  profile: UserProfile,
  credential: UserCredential,
  sessionId: string | null,
): UserPrincipal {
  return {
    kind: 'user',
    userId: profile.id,
    credential,
    sessionId,
    organizationIds: profile.organizationIds,
    fundIds: profile.fundIds,
    isAdministrator: profile.isPlatformAdmin,
  };
}
