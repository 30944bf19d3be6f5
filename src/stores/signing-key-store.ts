// Signing keys in PostgreSQL, shared by every node (docs/identity.md#signing-keys). The private key
// arrives here already encrypted; this store never sees key material in the clear.
import { sql } from 'kysely';
import type { Db } from '../db/create-database.ts';

export interface StoredSigningKey {
  readonly kid: string;
  readonly publicJwk: Record<string, unknown>;
  readonly privateKeyCiphertext: Buffer;
  readonly createdAt: Date;
  readonly retiredAt: Date | null;
  readonly expiresAt: Date | null;
}

export interface NewSigningKey {
  readonly kid: string;
  readonly publicJwk: Record<string, unknown>;
  readonly privateKeyCiphertext: Buffer;
}

// Any constant works as long as nothing else uses it for pg_advisory_xact_lock.
const signingKeyLock = 0x5349474e;

/** How `add` treats the keys in use. */
export interface AddSigningKeyOptions {
  retireCurrent: boolean;
  now: Date;
  retiredKeysExpireAt: Date;
}

export function createSigningKeyStore(db: Db) {
  return {
    /** The current key and every retired key whose tokens may still be valid, newest first. */
    listUsable: (now: Date): Promise<StoredSigningKey[]> => listUsable(db, now),
    /** Every key ever stored, newest first (for operators; `keys list`). */
    listAll: (): Promise<Omit<StoredSigningKey, 'privateKeyCiphertext' | 'publicJwk'>[]> => listAll(db),
    /**
     * Adds `key` as the current key. With `retireCurrent`, the keys in use are retired and
     * stay listed until `retiredKeysExpireAt`; without it, nothing happens when a current key
     * exists already (first start of several nodes at once: one key, not one per node).
     */
    add: (key: NewSigningKey, options: AddSigningKeyOptions): Promise<boolean> => add(db, key, options),
  };
}

export type SigningKeyStore = ReturnType<typeof createSigningKeyStore>;

async function listUsable(db: Db, now: Date): Promise<StoredSigningKey[]> {
  const rows = await db
    .selectFrom('signing_key')
    .select(['kid', 'public_jwk', 'private_key_ciphertext', 'created_at', 'retired_at', 'expires_at'])
    .where((eb) => eb.or([eb('retired_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .orderBy('kid', 'desc')
    .execute();
  return rows.map((row) => ({
    kid: row.kid,
    publicJwk: row.public_jwk as Record<string, unknown>,
    privateKeyCiphertext: row.private_key_ciphertext,
    createdAt: row.created_at,
    retiredAt: row.retired_at,
    expiresAt: row.expires_at,
  }));
}

async function listAll(db: Db): Promise<Omit<StoredSigningKey, 'privateKeyCiphertext' | 'publicJwk'>[]> {
  const rows = await db
    .selectFrom('signing_key')
    .select(['kid', 'created_at', 'retired_at', 'expires_at'])
    .orderBy('created_at', 'desc')
    .orderBy('kid', 'desc')
    .execute();
  return rows.map((row) => ({
    kid: row.kid,
    createdAt: row.created_at,
    retiredAt: row.retired_at,
    expiresAt: row.expires_at,
  }));
}

async function add(db: Db, key: NewSigningKey, options: AddSigningKeyOptions): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${signingKeyLock})`.execute(trx);
    const current = await trx.selectFrom('signing_key').select('kid').where('retired_at', 'is', null).execute();
    if (current.length > 0 && !options.retireCurrent) return false;
    if (current.length > 0) {
      await trx
        .updateTable('signing_key')
        .set({ retired_at: options.now, expires_at: options.retiredKeysExpireAt })
        .where('retired_at', 'is', null)
        .execute();
    }
    await trx
      .insertInto('signing_key')
      .values({
        kid: key.kid,
        public_jwk: JSON.stringify(key.publicJwk),
        private_key_ciphertext: key.privateKeyCiphertext,
        created_at: options.now,
      })
      .execute();
    return true;
  });
}
