// `POST /auth/token-exchange` (docs/identity.md#identity-provider-tokens): an identity-provider
// token in, a short-lived platform access token out, tied to a new server-side session so it can be
// revoked. Every problem with the input token is a 400 that says which check failed.
import type { UserDirectory } from '../../stores/user-directory.ts';
import { AppError } from '../../errors/app-error.ts';
import { dataAccessClaims } from './data-access-claims.ts';
import type { IdentityProviderClient } from './identity-provider-client.ts';
import { dataAccessClaim, TokenRejected, type PlatformTokens } from './platform-tokens.ts';
import type { SessionService } from './session-service.ts';
import { tokenLifetimes } from './token-lifetimes.ts';
import type { UserProfile } from '../../stores/user-directory.ts';

export function createTokenExchange(deps: {
  provider: IdentityProviderClient;
  tokens: PlatformTokens;
  sessions: SessionService;
  users: UserDirectory;
}) {
  return {
    async exchange(
      providerToken: string | undefined,
      client: { userAgent?: string; ip?: string },
    ): Promise<{ token: string }> {
      if (!providerToken)
        throw new AppError('BAD_REQUEST', 'token is missing: send {"token": "..."} or Authorization: Bearer <token>');
      let subject: string;
      try {
        subject = (await deps.provider.verifyToken(providerToken)).sub;
      } catch (error) {
        if (error instanceof TokenRejected) throw new AppError('BAD_REQUEST', error.message);
        throw new AppError('SERVICE_UNAVAILABLE', 'the identity provider could not be reached to verify the token', {
          cause: error,
          retryAfterSeconds: 30,
        });
      }
      const profile = await deps.users.find(subject);
      if (!profile)
        throw new AppError(
          'BAD_REQUEST',
          `token subject ${JSON.stringify(subject.slice(0, 255))} is not a known platform user`,
        );
      const session = await deps.sessions.create(profile.id, tokenLifetimes.accessTokenSeconds, client);
      const issued = await issueAccessToken(deps.tokens, profile, session.sessionId);
      return { token: issued.token };
    },
  };
}

export function issueAccessToken(tokens: PlatformTokens, profile: UserProfile, sessionId: string) {
  return tokens.issue(
    'access',
    { sub: profile.id, sid: sessionId, [dataAccessClaim]: dataAccessClaims(profile) },
    tokenLifetimes.accessTokenSeconds,
  );
}

export type TokenExchange = ReturnType<typeof createTokenExchange>;
