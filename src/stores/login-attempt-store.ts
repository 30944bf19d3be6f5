// Browser login attempts between `GET /auth/login` and `GET /auth/callback` (migration
// 0002): taken exactly once, so a replayed `state` finds nothing.
import type { Db } from '../db/create-database.ts';

export interface LoginAttempt {
  readonly stateHash: string;
  readonly bindingHash: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  readonly returnTo: string;
  readonly expiresAt: Date;
}

export function createLoginAttemptStore(db: Db) {
  return {
    async save(attempt: LoginAttempt): Promise<void> {
      await db
        .insertInto('login_attempt')
        .values({
          state_hash: attempt.stateHash,
          binding_hash: attempt.bindingHash,
          nonce: attempt.nonce,
          code_verifier: attempt.codeVerifier,
          return_to: attempt.returnTo,
          expires_at: attempt.expiresAt,
        })
        .execute();
    },

    /** Deletes and returns the attempt: whoever takes it first wins, every later call gets null. */
    async take(stateHash: string): Promise<LoginAttempt | null> {
      const row = await db
        .deleteFrom('login_attempt')
        .where('state_hash', '=', stateHash)
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      return {
        stateHash: row.state_hash,
        bindingHash: row.binding_hash,
        nonce: row.nonce,
        codeVerifier: row.code_verifier,
        returnTo: row.return_to,
        expiresAt: row.expires_at,
      };
    },

    async deleteExpired(now: Date): Promise<number> {
      const result = await db.deleteFrom('login_attempt').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type LoginAttemptStore = ReturnType<typeof createLoginAttemptStore>;
