// API keys (docs/identity.md#api-keys): creation (secret shown once), listing, revocation, the
// ADMIN_API_KEY bootstrap key, and authentication of a presented `X-API-Key` in constant time.
// Verified keys are kept briefly in memory, so a request costs no database round trip; any
// change of a key empties that memory (docs/identity.md#api-key-verification).
import type { CacheObserver } from '../../cache/bounded-cache.ts';
import type { ApiKeyStore, StoredApiKey } from '../../stores/api-key-store.ts';
import type { ApiKeyKind, ApiKeyPrincipal } from '../../access/principal.ts';
import { createBoundedCache } from '../../cache/bounded-cache.ts';
import { AppError } from '../../errors/app-error.ts';
import { apiKeyKinds } from '../../stores/api-key-kinds.ts';
import { bootstrapPrefix, generateApiKeySecret, hashApiKey, prefixOf } from './api-key-secrets.ts';
import { digestsEqual } from './secret-digest.ts';
import { unstorableText } from '../text/storable-text.ts';
import { knownScopes } from './api-key-scopes.ts';

export interface NewApiKeyRequest {
  name: string;
  kind: ApiKeyKind;
  organizationId?: string | null;
  scopes?: readonly string[];
  createdBy?: string | null;
}

// last_used_at is advisory; writing it on every request would turn reads into writes. When
// it was last written is remembered for the most recently used keys.
const markUsedEveryMs = 60_000;
const rememberedKeys = 10_000;

export interface ApiKeyServiceOptions {
  store: ApiKeyStore;
  now?: () => Date;
  /** How long a verified key is served from memory; 0 verifies every request against the store. */
  verifiedKeyTtlMs?: number;
  /** Milliseconds for the verified-key lifetimes (a manual clock in tests). */
  monotonicNow?: () => number;
  cacheObserver?: CacheObserver;
}

interface VerifiedKey {
  key: StoredApiKey;
  principal: ApiKeyPrincipal;
}

export function createApiKeyService(options: ApiKeyServiceOptions) {
  const now = options.now ?? (() => new Date());
  const lastMarked = createBoundedCache<number>({ maxEntries: rememberedKeys });
  const ttlMs = options.verifiedKeyTtlMs ?? 0;
  // Keyed by the SHA-256 of the presented secret: the secret itself is never kept.
  const verified =
    ttlMs > 0
      ? createBoundedCache<VerifiedKey>({
          maxEntries: rememberedKeys,
          ttlMs,
          now: options.monotonicNow,
          observer: options.cacheObserver,
        })
      : undefined;

  function markUsed(key: StoredApiKey): void {
    const at = now();
    const previous = lastMarked.get(key.id) ?? key.lastUsedAt?.getTime() ?? 0;
    if (at.getTime() - previous < markUsedEveryMs) return;
    lastMarked.set(key.id, at.getTime());
    void options.store.markUsed(key.id, at).catch(() => lastMarked.delete(key.id));
  }

  return {
    /** Resolves a presented key; 401 when unknown, 403 when recognised but revoked. */
    async authenticate(presented: string): Promise<ApiKeyPrincipal> {
      // A key is looked up by its prefix: text PostgreSQL cannot hold is no key of ours.
      if (unstorableText(presented)) throw new AppError('UNAUTHENTICATED', 'invalid API key');
      const hash = hashApiKey(presented);
      const remembered = verified?.get(hash);
      if (remembered) {
        markUsed(remembered.key);
        return remembered.principal;
      }
      const prefix = prefixOf(presented);
      let key = await options.store.findByPrefix(prefix);
      // An operator may set ADMIN_API_KEY to a key of the generated shape.
      if ((!key || !digestsEqual(hash, key.secretHash)) && prefix !== bootstrapPrefix)
        key = await options.store.findByPrefix(bootstrapPrefix);
      if (!key || !digestsEqual(hash, key.secretHash)) throw new AppError('UNAUTHENTICATED', 'invalid API key');
      if (key.revokedAt) throw new AppError('FORBIDDEN', `API key ${key.prefix} has been revoked`);
      markUsed(key);
      const principal = principalOf(key);
      verified?.set(hash, { key, principal });
      return principal;
    },

    /** Empties the verified keys: a key changed somewhere (another node, the admin CLI, SQL). */
    forgetVerifiedKeys: () => verified?.clear(),

    async create(request: NewApiKeyRequest): Promise<{ secret: string; key: StoredApiKey }> {
      const problems: string[] = [];
      if (!request.name.trim() || request.name.length > 200) problems.push('name must be 1-200 characters');
      if (!apiKeyKinds.includes(request.kind)) problems.push(`kind must be one of ${apiKeyKinds.join(', ')}`);
      for (const scope of request.scopes ?? []) {
        if (!(knownScopes as readonly string[]).includes(scope))
          problems.push(`unknown scope '${scope}' (known: ${knownScopes.join(', ')})`);
      }
      if (problems.length > 0) throw new AppError('VALIDATION_FAILED', problems.join('; '));
      const generated = generateApiKeySecret();
      const key = await options.store.create({
        name: request.name.trim(),
        kind: request.kind,
        organizationId: request.organizationId ?? null,
        scopes: [...new Set(request.scopes ?? [])],
        prefix: generated.prefix,
        secretHash: generated.hash,
        createdBy: request.createdBy ?? null,
      });
      return { secret: generated.secret, key };
    },

    list: () => options.store.list(),

    async revoke(idOrPrefix: string): Promise<StoredApiKey | null> {
      const key = await options.store.revoke(idOrPrefix, now());
      verified?.clear();
      return key;
    },

    /** ADMIN_API_KEY becomes a stored admin key, so it has an id, a kind and `last_used_at`. */
    async ensureBootstrapKey(secret: string): Promise<void> {
      await options.store.upsert({
        name: 'bootstrap (ADMIN_API_KEY)',
        kind: 'admin',
        organizationId: null,
        scopes: [],
        prefix: bootstrapPrefix,
        secretHash: hashApiKey(secret),
        createdBy: null,
      });
      verified?.clear();
    },
  };
}

function principalOf(key: StoredApiKey): ApiKeyPrincipal {
  return {
    kind: 'api-key',
    keyId: key.id,
    keyKind: key.kind,
    organizationId: key.organizationId,
    scopes: key.scopes,
    ownerUserId: key.createdBy,
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
