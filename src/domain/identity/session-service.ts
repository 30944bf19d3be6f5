// Server-side sessions (docs/identity.md#sessions): the browser holds a random secret in the
// `platform_session` cookie, the database holds its SHA-256 as the session id. Tokens issued
// from a session carry that id (`sid`) and die with it.
import type { SessionStore } from '../../stores/session-store.ts';
import { randomSecret, sha256Base64Url } from './secret-digest.ts';

export interface CreatedSession {
  /** The cookie value: shown to the browser only. */
  cookieSecret: string;
  sessionId: string;
  expiresAt: Date;
}

export function createSessionService(options: { store: SessionStore; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  return {
    async create(
      userId: string,
      lifetimeSeconds: number,
      client: { userAgent?: string | null; ip?: string | null } = {},
    ): Promise<CreatedSession> {
      const cookieSecret = randomSecret(32);
      const sessionId = sha256Base64Url(cookieSecret);
      const expiresAt = new Date(now().getTime() + lifetimeSeconds * 1000);
      await options.store.create({
        id: sessionId,
        userId,
        expiresAt,
        userAgent: client.userAgent ?? null,
        ipAddress: client.ip ?? null,
      });
      return { cookieSecret, sessionId, expiresAt };
    },

    /** The live session behind a cookie value, or null. */
    findByCookie(cookieSecret: string) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(cookieSecret)) return Promise.resolve(null);
      return options.store.findActive(sha256Base64Url(cookieSecret), now());
    },

    findById: (sessionId: string) => options.store.findActive(sessionId, now()),

    destroy: (sessionId: string) => options.store.destroy(sessionId),

    destroyAllOfUser: (userId: string) => options.store.destroyAllOfUser(userId),

    deleteExpired: () => options.store.deleteExpired(now()),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
