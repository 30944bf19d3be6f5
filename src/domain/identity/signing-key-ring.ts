// The platform's RS256 keys (docs/identity.md#signing-keys): created on first start, stored
// encrypted and shared by every node through PostgreSQL, rotated by the CLI. Keys are cached for a
// minute so a rotation on one node reaches the others quickly without a query per token.
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { NewSigningKey, SigningKeyStore, StoredSigningKey } from '../../stores/signing-key-store.ts';
import type { KeyEncryption } from './key-encryption.ts';
import { longestTokenSeconds } from './token-lifetimes.ts';

export interface PublicSigningJwk extends JWK {
  kty: 'RSA';
  kid: string;
  use: 'sig';
  alg: 'RS256';
  n: string;
  e: string;
}

export interface SigningKeyRing {
  /** Creates the first key when there is none; a no-op on every later start. */
  ensureKey(): Promise<void>;
  /** Makes a new key current; the previous one stays in the JWKS until its tokens expired. */
  rotate(): Promise<{ kid: string; retiredUntil: Date }>;
  currentSigningKey(): Promise<{ kid: string; privateKey: CryptoKey }>;
  /** Public keys for `/.well-known/jwks.json`, current first. */
  publicJwks(): Promise<PublicSigningJwk[]>;
  /** The public key for a kid, refreshing once from the database when it is not known yet. */
  verificationKey(kid: string): Promise<CryptoKey | null>;
}

interface LoadedKey {
  kid: string;
  jwk: PublicSigningJwk;
  publicKey: CryptoKey;
  stored: StoredSigningKey;
  privateKey?: Promise<CryptoKey>;
}

const cacheMs = 60_000;
const refreshOnUnknownKidMs = 5_000;

export function createSigningKeyRing(options: {
  store: SigningKeyStore;
  encryption: KeyEncryption;
  now?: () => Date;
}): SigningKeyRing {
  const now = options.now ?? (() => new Date());
  let cache: { keys: LoadedKey[]; loadedAt: number } | null = null;
  let loading: Promise<LoadedKey[]> | null = null;

  async function load(): Promise<LoadedKey[]> {
    const stored = await options.store.listUsable(now());
    const keys = await Promise.all(
      stored.map(async (key) => {
        const jwk = publicJwk(key);
        return { kid: key.kid, jwk, publicKey: (await importJWK(jwk, 'RS256')) as CryptoKey, stored: key };
      }),
    );
    cache = { keys, loadedAt: Date.now() };
    return keys;
  }

  function keys(maxAgeMs = cacheMs): Promise<LoadedKey[]> {
    if (cache && Date.now() - cache.loadedAt < maxAgeMs) return Promise.resolve(cache.keys);
    loading ??= load().finally(() => {
      loading = null;
    });
    return loading;
  }

  async function newKey(): Promise<NewSigningKey> {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const kid = `platform-${now().toISOString().slice(0, 10)}-${crypto.randomUUID().slice(0, 8)}`;
    const jwk = { ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'RS256' } as PublicSigningJwk;
    const privateJwk = JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: 'RS256' });
    return { kid, publicJwk: { ...jwk }, privateKeyCiphertext: options.encryption.encrypt(privateJwk, kid) };
  }

  return {
    async ensureKey() {
      const existing = await keys(0);
      if (existing.some((key) => key.stored.retiredAt === null)) return;
      const at = now();
      await options.store.add(await newKey(), { retireCurrent: false, now: at, retiredKeysExpireAt: at });
      await keys(0);
    },

    async rotate() {
      const at = now();
      // Other nodes keep signing with the old key until their cache refreshes (cacheMs).
      const retiredUntil = new Date(at.getTime() + longestTokenSeconds * 1000 + cacheMs);
      const key = await newKey();
      await options.store.add(key, { retireCurrent: true, now: at, retiredKeysExpireAt: retiredUntil });
      await keys(0);
      return { kid: key.kid, retiredUntil };
    },

    async currentSigningKey() {
      let current = (await keys()).find((key) => key.stored.retiredAt === null);
      if (!current) {
        await this.ensureKey();
        current = (await keys(0)).find((key) => key.stored.retiredAt === null);
      }
      if (!current) throw new Error('no current signing key');
      current.privateKey ??= importJWK(
        JSON.parse(options.encryption.decrypt(current.stored.privateKeyCiphertext, current.kid)) as JWK,
        'RS256',
      ) as Promise<CryptoKey>;
      return { kid: current.kid, privateKey: await current.privateKey };
    },

    async publicJwks() {
      return (await keys()).map((key) => key.jwk);
    },

    async verificationKey(kid) {
      let found = (await keys()).find((key) => key.kid === kid);
      if (!found && cache && Date.now() - cache.loadedAt >= refreshOnUnknownKidMs) {
        found = (await keys(0)).find((key) => key.kid === kid);
      }
      return found?.publicKey ?? null;
    },
  };
}

function publicJwk(key: StoredSigningKey): PublicSigningJwk {
  const jwk = key.publicJwk as Partial<PublicSigningJwk>;
  return { kty: 'RSA', kid: key.kid, use: 'sig', alg: 'RS256', n: String(jwk.n), e: String(jwk.e) };
}
