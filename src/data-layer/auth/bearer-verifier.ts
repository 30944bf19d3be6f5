// Platform bearer tokens on the data layer (docs/identity.md#platform-tokens): access tokens
// (from token exchange, tied to a server-side session) and workflow-SDK tokens, both issued
// for DATA_PUBLIC_URL. Returns the token's `data_access` claims.
import { decodeJwt } from 'jose';
import { createBoundedCache } from '../../cache/bounded-cache.ts';
import {
  dataAccessClaim,
  TokenRejected,
  type PlatformTokens,
  type TokenUse,
} from '../../domain/identity/platform-tokens.ts';
import type { SessionService } from '../../domain/identity/session-service.ts';
import { DataLayerError } from '../data-layer-error.ts';

export type BearerVerifier = (token: string) => Promise<Readonly<Record<string, unknown>>>;

/** Access tokens die with their session; a live session is remembered this long to spare a query per request. */
const liveSessionCacheMs = 5_000;
const liveSessionCacheSize = 10_000;

const acceptedUses: readonly TokenUse[] = ['access', 'workflow-sdk'];

export function createBearerVerifier(deps: {
  tokens: PlatformTokens;
  sessions: Pick<SessionService, 'findById'>;
  dataPublicUrl: string;
}): BearerVerifier {
  const liveSessions = createBoundedCache<true>({ maxEntries: liveSessionCacheSize, ttlMs: liveSessionCacheMs });

  async function requireLiveSession(sessionId: unknown, userId: string): Promise<void> {
    if (typeof sessionId !== 'string') throw new TokenRejected('token carries no session');
    const key = `${sessionId}\u0000${userId}`;
    if (liveSessions.get(key)) return;
    const session = await deps.sessions.findById(sessionId);
    if (!session || session.userId !== userId) {
      liveSessions.delete(key);
      throw new TokenRejected('the session this token was issued from has ended');
    }
    liveSessions.set(key, true);
  }

  return async (token) => {
    let use: unknown;
    try {
      use = decodeJwt(token).token_use;
    } catch {
      throw new DataLayerError('UNAUTHENTICATED', 'bearer token is malformed (not a JWT)');
    }
    if (!acceptedUses.includes(use as TokenUse)) {
      throw new DataLayerError('UNAUTHENTICATED', 'bearer token is not a platform access or workflow-SDK token');
    }
    try {
      const claims = await deps.tokens.verify(token, use as TokenUse, deps.dataPublicUrl);
      if (use === 'access') await requireLiveSession(claims.sid, claims.sub);
      const dataAccess = claims[dataAccessClaim];
      if (typeof dataAccess !== 'object' || dataAccess === null || Array.isArray(dataAccess)) {
        throw new DataLayerError('FORBIDDEN', `bearer token carries no ${dataAccessClaim} claims`);
      }
      return dataAccess as Record<string, unknown>;
    } catch (error) {
      if (error instanceof TokenRejected) throw new DataLayerError('UNAUTHENTICATED', `bearer ${error.message}`);
      throw error;
    }
  };
}
