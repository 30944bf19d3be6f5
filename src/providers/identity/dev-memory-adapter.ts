// Storage for the development identity provider: sessions, interactions, grants, codes and tokens
// live in this process's memory. That is enough for a provider that only runs when no
// OIDC_ISSUER is configured, on one development node: a restart signs everyone out of it, and
// the platform's own sessions (in PostgreSQL) are unaffected.
//
// Why not oidc-provider's bundled memory adapter: the library uses it only when no `adapter` is
// configured and then prints a production warning on every start (and in every test). The
// adapter contract it documents is small, so this is the same idea, written against it.
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  expiresAt: number | undefined;
}

/** Models whose records carry a `grantId` and are removed when that grant is revoked. */
const grantBound = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/** Expired records are swept on this many writes, so an idle dev server does not grow forever. */
const sweepEvery = 256;

export function createDevMemoryAdapter(now: () => number = Date.now): AdapterFactory {
  const entries = new Map<string, Entry>();
  const sessionIdByUid = new Map<string, string>();
  const idByUserCode = new Map<string, string>();
  const keysByGrant = new Map<string, Set<string>>();
  let writes = 0;

  function read(key: string): AdapterPayload | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  }

  function sweep(): void {
    for (const [key, entry] of entries) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= now()) entries.delete(key);
    }
    for (const [uid, id] of sessionIdByUid) if (!entries.has(`Session:${id}`)) sessionIdByUid.delete(uid);
    for (const [code, key] of idByUserCode) if (!entries.has(key)) idByUserCode.delete(code);
    for (const [grantId, keys] of keysByGrant) {
      for (const key of keys) if (!entries.has(key)) keys.delete(key);
      if (keys.size === 0) keysByGrant.delete(grantId);
    }
  }

  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyOf(id);
        entries.set(key, { payload, expiresAt: typeof expiresIn === 'number' ? now() + expiresIn * 1000 : undefined });
        if (model === 'Session' && payload.uid) sessionIdByUid.set(payload.uid, id);
        if (payload.userCode) idByUserCode.set(payload.userCode, key);
        if (payload.grantId && grantBound.has(model)) {
          const keys = keysByGrant.get(payload.grantId) ?? new Set<string>();
          keysByGrant.set(payload.grantId, keys.add(key));
        }
        writes += 1;
        if (writes % sweepEvery === 0) sweep();
      },
      async find(id) {
        return read(keyOf(id));
      },
      async findByUid(uid) {
        const id = sessionIdByUid.get(uid);
        return id === undefined ? undefined : read(keyOf(id));
      },
      async findByUserCode(userCode) {
        const key = idByUserCode.get(userCode);
        return key === undefined ? undefined : read(key);
      },
      async consume(id) {
        const payload = read(keyOf(id));
        if (payload) payload.consumed = Math.floor(now() / 1000);
      },
      async destroy(id) {
        entries.delete(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const key of keysByGrant.get(grantId) ?? []) entries.delete(key);
        keysByGrant.delete(grantId);
      },
    };
  };
}
