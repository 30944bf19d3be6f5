// API keys (docs/identity.md#api-keys): creation (secret shown once), listing, revocation, the
// ADMIN_API_KEY bootstrap key, and authentication of a presented `X-API-Key` in constant time.
// Verified keys are kept briefly in memory, so a request costs no database round trip; any
// change of a key empties that memory (docs/identity.md#api-key-verification).
import type { BoundedCache, CacheObserver } from '../../cache/bounded-cache.ts';
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

/** What the service's operations share: the store, the clock, and what it remembers of keys. */
interface KeyMemory {
  readonly store: ApiKeyStore;
  readonly now: () => Date;
  /** When `last_used_at` was last written, per key id. */
  readonly lastMarked: BoundedCache<number>;
  /** Keyed by the SHA-256 of the presented secret: the secret itself is never kept. */
  readonly verified: BoundedCache<VerifiedKey> | undefined;
}

export function createApiKeyService(options: ApiKeyServiceOptions) {
  const ttlMs = options.verifiedKeyTtlMs ?? 0;
  const memory: KeyMemory = {
    store: options.store,
    now: options.now ?? (() => new Date()),
    lastMarked: createBoundedCache<number>({ maxEntries: rememberedKeys }),
    verified:
      ttlMs > 0
        ? createBoundedCache<VerifiedKey>({
            maxEntries: rememberedKeys,
            ttlMs,
            now: options.monotonicNow,
            observer: options.cacheObserver,
          })
        : undefined,
  };
  return {
    /** Resolves a presented key; 401 when unknown, 403 when recognised but revoked. */
    authenticate: (presented: string): Promise<ApiKeyPrincipal> => authenticate(memory, presented),
    /** Empties the verified keys: a key changed somewhere (another node, the admin CLI, SQL). */
    forgetVerifiedKeys: () => memory.verified?.clear(),
    create: (request: NewApiKeyRequest): Promise<{ secret: string; key: StoredApiKey }> =>
      createKey(memory.store, request),
    list: () => options.store.list(),
    revoke: (idOrPrefix: string): Promise<StoredApiKey | null> => revoke(memory, idOrPrefix),
    /** ADMIN_API_KEY becomes a stored admin key, so it has an id, a kind and `last_used_at`. */
    ensureBootstrapKey: (secret: string): Promise<void> => ensureBootstrapKey(memory, secret),
  };
}

async function authenticate(memory: KeyMemory, presented: string): Promise<ApiKeyPrincipal> {
  const hash = hashApiKey(presented);
  const remembered = memory.verified?.get(hash);
  if (remembered) {
    markUsed(memory, remembered.key);
    return remembered.principal;
  }
  // A key is looked up by its prefix: text PostgreSQL cannot hold is no key of ours. (A remembered
  // digest is of text that passed this check: only the same text has the same SHA-256.)
  if (unstorableText(presented)) throw new AppError('UNAUTHENTICATED', 'invalid API key');
  const prefix = prefixOf(presented);
  let key = await memory.store.findByPrefix(prefix);
  // An operator may set ADMIN_API_KEY to a key of the generated shape.
  if ((!key || !digestsEqual(hash, key.secretHash)) && prefix !== bootstrapPrefix)
    key = await memory.store.findByPrefix(bootstrapPrefix);
  if (!key || !digestsEqual(hash, key.secretHash)) throw new AppError('UNAUTHENTICATED', 'invalid API key');
  if (key.revokedAt) throw new AppError('FORBIDDEN', `API key ${key.prefix} has been revoked`);
  markUsed(memory, key);
  const principal = principalOf(key);
  memory.verified?.set(hash, { key, principal });
  return principal;
}

function markUsed(memory: KeyMemory, key: StoredApiKey): void {
  const { lastMarked } = memory;
  const at = memory.now();
  const previous = lastMarked.get(key.id) ?? key.lastUsedAt?.getTime() ?? 0;
  if (at.getTime() - previous < markUsedEveryMs) return;
  lastMarked.set(key.id, at.getTime());
  void memory.store.markUsed(key.id, at).catch(() => lastMarked.delete(key.id));
}

async function createKey(
  store: ApiKeyStore,
  request: NewApiKeyRequest,
): Promise<{ secret: string; key: StoredApiKey }> {
  const problems = newKeyProblems(request);
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', problems.join('; '));
  const generated = generateApiKeySecret();
  const key = await store.create({
    name: request.name.trim(),
    kind: request.kind,
    organizationId: request.organizationId ?? null,
    scopes: [...new Set(request.scopes ?? [])],
    prefix: generated.prefix,
    secretHash: generated.hash,
    createdBy: request.createdBy ?? null,
  });
  return { secret: generated.secret, key };
}

function newKeyProblems(request: NewApiKeyRequest): string[] {
  const problems: string[] = [];
  if (!request.name.trim() || request.name.length > 200) problems.push('name must be 1-200 characters');
  if (!apiKeyKinds.includes(request.kind)) problems.push(`kind must be one of ${apiKeyKinds.join(', ')}`);
  for (const scope of request.scopes ?? []) {
    if (!(knownScopes as readonly string[]).includes(scope))
      problems.push(`unknown scope '${scope}' (known: ${knownScopes.join(', ')})`);
  }
  return problems;
}

async function revoke(memory: KeyMemory, idOrPrefix: string): Promise<StoredApiKey | null> {
  const key = await memory.store.revoke(idOrPrefix, memory.now());
  memory.verified?.clear();
  return key;
}

async function ensureBootstrapKey(memory: KeyMemory, secret: string): Promise<void> {
  await memory.store.upsert({
    name: 'bootstrap (ADMIN_API_KEY)',
    kind: 'admin',
    organizationId: null,
    scopes: [],
    prefix: bootstrapPrefix,
    secretHash: hashApiKey(secret),
    createdBy: null,
  });
  memory.verified?.clear();
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
