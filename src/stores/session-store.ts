// Server-side sessions (docs/identity.md#sessions): revocable rows keyed by the SHA-256 of the
// cookie secret, so a database reader cannot replay a browser's cookie.
import type { Db } from '../db/create-database.ts';

export interface StoredSession {
  readonly id: string;
  readonly userId: string;
  readonly expiresAt: Date;
}

export interface NewSession {
  readonly id: string;
  readonly userId: string;
  readonly expiresAt: Date;
  readonly userAgent: string | null;
  readonly ipAddress: string | null;
}

export function createSessionStore(db: Db) {
  return {
    async create(session: NewSession): Promise<void> {
      await db
        .insertInto('auth_session')
        .values({
          id: session.id,
          user_id: session.userId,
          expires_at: session.expiresAt,
          user_agent: session.userAgent?.slice(0, 512) ?? null,
          ip_address: session.ipAddress,
        })
        .execute();
    },

    async findActive(id: string, now: Date): Promise<StoredSession | null> {
      const row = await db
        .selectFrom('auth_session')
        .select(['id', 'user_id', 'expires_at'])
        .where('id', '=', id)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row ? { id: row.id, userId: row.user_id, expiresAt: row.expires_at } : null;
    },

    /** Number of sessions destroyed (0 when it was gone already). */
    async destroy(id: string): Promise<number> {
      const result = await db.deleteFrom('auth_session').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async destroyAllOfUser(userId: string): Promise<number> {
      const result = await db.deleteFrom('auth_session').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async touch(id: string, now: Date): Promise<void> {
      await db.updateTable('auth_session').set({ last_seen_at: now }).where('id', '=', id).execute();
    },

    async deleteExpired(now: Date): Promise<number> {
      const result = await db.deleteFrom('auth_session').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
