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

interface SigningKeyRingOptions {
  store: SigningKeyStore;
  encryption: KeyEncryption;
  now?: () => Date;
}

export function createSigningKeyRing(options: SigningKeyRingOptions): SigningKeyRing {
  return new CachedSigningKeyRing(options);
}

/** The ring over the store, with the minute-long cache of loaded keys. */
class CachedSigningKeyRing implements SigningKeyRing {
  readonly #store: SigningKeyStore;
  readonly #encryption: KeyEncryption;
  readonly #now: () => Date;
  #cache: { keys: LoadedKey[]; loadedAt: number } | null = null;
  #loading: Promise<LoadedKey[]> | null = null;

  constructor(options: SigningKeyRingOptions) {
    this.#store = options.store;
    this.#encryption = options.encryption;
    this.#now = options.now ?? (() => new Date());
  }

  async ensureKey(): Promise<void> {
    const existing = await this.#keys(0);
    if (existing.some((key) => key.stored.retiredAt === null)) return;
    const at = this.#now();
    await this.#store.add(await this.#newKey(), { retireCurrent: false, now: at, retiredKeysExpireAt: at });
    await this.#keys(0);
  }

  async rotate(): Promise<{ kid: string; retiredUntil: Date }> {
    const at = this.#now();
    // Other nodes keep signing with the old key until their cache refreshes (cacheMs).
    const retiredUntil = new Date(at.getTime() + longestTokenSeconds * 1000 + cacheMs);
    const key = await this.#newKey();
    await this.#store.add(key, { retireCurrent: true, now: at, retiredKeysExpireAt: retiredUntil });
    await this.#keys(0);
    return { kid: key.kid, retiredUntil };
  }

  async currentSigningKey(): Promise<{ kid: string; privateKey: CryptoKey }> {
    let current = (await this.#keys()).find((key) => key.stored.retiredAt === null);
    if (!current) {
      await this.ensureKey();
      current = (await this.#keys(0)).find((key) => key.stored.retiredAt === null);
    }
    if (!current) throw new Error('no current signing key');
    current.privateKey ??= importJWK(
      JSON.parse(this.#encryption.decrypt(current.stored.privateKeyCiphertext, current.kid)) as JWK,
      'RS256',
    ) as Promise<CryptoKey>;
    return { kid: current.kid, privateKey: await current.privateKey };
  }

  async publicJwks(): Promise<PublicSigningJwk[]> {
    return (await this.#keys()).map((key) => key.jwk);
  }

  async verificationKey(kid: string): Promise<CryptoKey | null> {
    let found = (await this.#keys()).find((key) => key.kid === kid);
    const cache = this.#cache;
    if (!found && cache && Date.now() - cache.loadedAt >= refreshOnUnknownKidMs) {
      found = (await this.#keys(0)).find((key) => key.kid === kid);
    }
    return found?.publicKey ?? null;
  }

  #keys(maxAgeMs = cacheMs): Promise<LoadedKey[]> {
    const cache = this.#cache;
    if (cache && Date.now() - cache.loadedAt < maxAgeMs) return Promise.resolve(cache.keys);
    this.#loading ??= this.#load().finally(() => {
      this.#loading = null;
    });
    return this.#loading;
  }

  async #load(): Promise<LoadedKey[]> {
    const stored = await this.#store.listUsable(this.#now());
    const keys = await Promise.all(
      stored.map(async (key) => {
        const jwk = publicJwk(key);
        return { kid: key.kid, jwk, publicKey: (await importJWK(jwk, 'RS256')) as CryptoKey, stored: key };
      }),
    );
    this.#cache = { keys, loadedAt: Date.now() };
    return keys;
  }

  async #newKey(): Promise<NewSigningKey> {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const kid = `platform-${this.#now().toISOString().slice(0, 10)}-${crypto.randomUUID().slice(0, 8)}`;
    const jwk = { ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'RS256' } as PublicSigningJwk;
    const privateJwk = JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: 'RS256' });
    return { kid, publicJwk: { ...jwk }, privateKeyCiphertext: this.#encryption.encrypt(privateJwk, kid) };
  }
}

function publicJwk(key: StoredSigningKey): PublicSigningJwk {
  const jwk = key.publicJwk as Partial<PublicSigningJwk>;
  return { kty: 'RSA', kid: key.kid, use: 'sig', alg: 'RS256', n: String(jwk.n), e: String(jwk.e) };
}
