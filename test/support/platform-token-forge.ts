// Mints *platform* tokens (docs/identity.md#platform-tokens) for tests that need ones the
// service would never hand out: tokens signed with the service's real key but issued in the
// past (so already expired), and tokens of the right shape signed by a key the platform's JWKS
// does not list. The real key comes from the test database, decrypted with the
// SIGNING_KEY_SECRET the service was given.
import { SignJWT, type JWTPayload } from 'jose';
import { createSigningKeyStore } from '../../src/stores/signing-key-store.ts';
import { createDatabase } from '../../src/db/create-database.ts';
import { createKeyEncryption } from '../../src/domain/identity/key-encryption.ts';
import {
  createPlatformTokens,
  platformAudiences,
  type PlatformTokens,
  type TokenAudiences,
  type TokenUse,
} from '../../src/domain/identity/platform-tokens.ts';
import { createSigningKeyRing } from '../../src/domain/identity/signing-key-ring.ts';
import { generateSigningKey, type SigningKey } from './fake-identity-provider.ts';

/** Pass as SIGNING_KEY_SECRET to startTestService, and to the forge. */
export const testSigningKeySecret = 'test-signing-key-secret-0123456789abcdef';

export interface PlatformTokenForge {
  /** Tokens issued by the service's real key as of `at` (`expiresAt` follows from the lifetime). */
  issueAt(at: Date, use: TokenUse, claims: JWTPayload & { sub: string }, lifetimeSeconds: number): Promise<string>;
  /** An access token for `sub` and session `sid`, signed by the real key, expired an hour ago. */
  expiredAccessToken(sub: string, sid: string): Promise<string>;
  /**
   * An access token of the right shape (issuer, audiences, typ, claims) signed by a fresh key
   * that the platform's JWKS does not list; its `kid` is the fresh key's unless `kid` is given.
   */
  unknownKeyAccessToken(
    sub: string,
    sid: string,
    options?: { kid?: string; lifetimeSeconds?: number },
  ): Promise<string>;
  readonly audiences: TokenAudiences;
  close(): Promise<void>;
}

export async function createPlatformTokenForge(options: {
  databaseUrl: string;
  signingKeySecret: string;
  /** The service's public URL (`service.url`): the issuer. */
  issuer: string;
  /** The data layer's public URL (`service.dataUrl`). */
  dataUrl: string;
}): Promise<PlatformTokenForge> {
  const { db } = createDatabase({ url: options.databaseUrl, poolSize: 2, applicationName: 'platform-token-forge' });
  const keys = createSigningKeyRing({
    store: createSigningKeyStore(db),
    encryption: createKeyEncryption(options.signingKeySecret),
  });
  const audiences = platformAudiences(options.issuer, options.dataUrl);
  const tokensAt = (at: Date): PlatformTokens =>
    createPlatformTokens({ issuer: options.issuer, audiences, keys, now: () => at });
  let foreignKey: SigningKey | undefined;

  const issueAt: PlatformTokenForge['issueAt'] = async (at, use, claims, lifetimeSeconds) =>
    (await tokensAt(at).issue(use, claims, lifetimeSeconds)).token;

  return {
    audiences,
    issueAt,
    expiredAccessToken: (sub, sid) => issueAt(new Date(Date.now() - 60 * 60_000), 'access', { sub, sid }, 15 * 60),
    async unknownKeyAccessToken(sub, sid, tokenOptions = {}) {
      foreignKey ??= await generateSigningKey(`platform-unknown-${crypto.randomUUID().slice(0, 8)}`);
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ sid, token_use: 'access' })
        .setProtectedHeader({ alg: 'RS256', kid: tokenOptions.kid ?? foreignKey.kid, typ: 'at+jwt' })
        .setIssuer(options.issuer)
        .setAudience(audiences.access)
        .setSubject(sub)
        .setIssuedAt(now)
        .setExpirationTime(now + (tokenOptions.lifetimeSeconds ?? 15 * 60))
        .setJti(crypto.randomUUID())
        .sign(foreignKey.privateKey);
    },
    close: () => db.destroy(),
  };
}
