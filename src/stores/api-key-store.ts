// Stored API keys (docs/identity.md): only the SHA-256 of the secret is kept; the prefix is a
// public handle used to find the row before the constant-time comparison.
import { sql } from 'kysely';
import type { Db } from '../db/create-database.ts';
import type { ApiKeyKind } from './api-key-kinds.ts';

export interface StoredApiKey {
  readonly id: string;
  readonly name: string;
  readonly kind: ApiKeyKind;
  readonly organizationId: string | null;
  readonly scopes: readonly string[];
  readonly prefix: string;
  readonly secretHash: string;
  /** The user who created the key, null for the bootstrap key and keys made by the admin CLI without --owner. */
  readonly createdBy: string | null;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
  readonly revokedAt: Date | null;
}

export interface NewApiKey {
  readonly name: string;
  readonly kind: ApiKeyKind;
  readonly organizationId: string | null;
  readonly scopes: readonly string[];
  readonly prefix: string;
  readonly secretHash: string;
  readonly createdBy: string | null;
}

const columns = [
  'id',
  'name',
  'kind',
  'organization_id',
  'scopes',
  'prefix',
  'secret_hash',
  'created_by',
  'created_at',
  'last_used_at',
  'revoked_at',
] as const;

type Row = {
  id: string;
  name: string;
  kind: string;
  organization_id: string | null;
  scopes: string[];
  prefix: string;
  secret_hash: string;
  created_by: string | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
};

/** The row a new key is inserted as, by create and by the bootstrap upsert alike. */
function newRow(key: NewApiKey) {
  return {
    name: key.name,
    kind: key.kind,
    organization_id: key.organizationId,
    scopes: [...key.scopes],
    prefix: key.prefix,
    secret_hash: key.secretHash,
    created_by: key.createdBy,
  };
}

function toKey(row: Row): StoredApiKey {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as ApiKeyKind,
    organizationId: row.organization_id,
    scopes: row.scopes,
    prefix: row.prefix,
    secretHash: row.secret_hash,
    createdBy: row.created_by,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

export function createApiKeyStore(db: Db) {
  return {
    async findByPrefix(prefix: string): Promise<StoredApiKey | null> {
      const row = await db.selectFrom('api_key').select(columns).where('prefix', '=', prefix).executeTakeFirst();
      return row ? toKey(row) : null;
    },

    async create(key: NewApiKey): Promise<StoredApiKey> {
      const row = await db.insertInto('api_key').values(newRow(key)).returning(columns).executeTakeFirstOrThrow();
      return toKey(row);
    },

    /** Creates or updates the key behind `prefix` (the ADMIN_API_KEY bootstrap key). */
    async upsert(key: NewApiKey): Promise<void> {
      await db
        .insertInto('api_key')
        .values(newRow(key))
        // A new secret un-revokes the key; the same secret keeps an operator's revocation.
        .onConflict((oc) =>
          oc.column('prefix').doUpdateSet({
            secret_hash: key.secretHash,
            kind: key.kind,
            name: key.name,
            revoked_at: sql<Date | null>`CASE WHEN api_key.secret_hash = excluded.secret_hash THEN api_key.revoked_at END`,
          }),
        )
        .execute();
    },

    async list(): Promise<StoredApiKey[]> {
      const rows = await db.selectFrom('api_key').select(columns).orderBy('created_at').orderBy('prefix').execute();
      return rows.map(toKey);
    },

    /** Revokes by id or prefix; returns the key, or null when there is none. */
    async revoke(idOrPrefix: string, now: Date): Promise<StoredApiKey | null> {
      const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrPrefix);
      const row = await db
        .updateTable('api_key')
        .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)) }))
        .where(isUuid ? 'id' : 'prefix', '=', idOrPrefix)
        .returning(columns)
        .executeTakeFirst();
      return row ? toKey(row) : null;
    },

    async markUsed(id: string, now: Date): Promise<void> {
      await db.updateTable('api_key').set({ last_used_at: now }).where('id', '=', id).execute();
    },
  };
}

export type ApiKeyStore = ReturnType<typeof createApiKeyStore>;
