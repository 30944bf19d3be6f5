// Wires the identity area (docs/identity.md) from its stores, the outside systems it drives and its
// settings; the composition root calls this once and hands the pieces to the transports.
import type { CacheObserver } from '../../cache/bounded-cache.ts';
import type { ApiKeyStore } from '../../stores/api-key-store.ts';
import type { LoginAttemptStore } from '../../stores/login-attempt-store.ts';
import type { SessionStore } from '../../stores/session-store.ts';
import type { SigningKeyStore } from '../../stores/signing-key-store.ts';
import type { UserDirectory } from '../../stores/user-directory.ts';
import type { KycProvider } from '../../providers/kyc/kyc-provider.ts';
import { createApiKeyService } from './api-key-service.ts';
import { createBrowserLogin } from './browser-login.ts';
import { createCredentialResolver } from './credential-resolver.ts';
import { createIdentityProviderClient } from './identity-provider-client.ts';
import type { IdentityProviderProtocol } from './identity-provider-protocol.ts';
import { createKeyEncryption } from './key-encryption.ts';
import { createLogoutService } from './logout-service.ts';
import { createPlatformTokens, platformAudiences } from './platform-tokens.ts';
import { createPublicBaseUrls } from './public-base-urls.ts';
import { createReturnToPolicy } from './return-to-policy.ts';
import { createSdkInitTokenService } from './sdk-init-token-service.ts';
import { createSessionService } from './session-service.ts';
import { createSigningKeyRing } from './signing-key-ring.ts';
import { createTokenExchange } from './token-exchange.ts';
import { createWalletTokenService } from './wallet-token-service.ts';

export interface IdentitySettings {
  publicUrl: string;
  dataPublicUrl: string;
  /** The `aud` the identity provider's tokens must carry (OIDC_AUDIENCE); its client id when not set. */
  providerAudience?: string;
  returnToOrigins: readonly string[];
  signingKeySecret: string;
  /** How long a verified API key is served from memory (API_KEY_CACHE_SECONDS); 0: never. */
  verifiedApiKeyTtlMs?: number;
  apiKeyCacheObserver?: CacheObserver;
}

export interface IdentityStores {
  signingKeys: SigningKeyStore;
  sessions: SessionStore;
  loginAttempts: LoginAttemptStore;
  apiKeys: ApiKeyStore;
  users: UserDirectory;
}

/** The outside systems identity drives, wired in by the composition root. */
export interface IdentityProviders {
  /** The OpenID Connect provider people sign in with. */
  oidc: IdentityProviderProtocol;
  kyc: KycProvider;
}

export function createIdentityServices(
  settings: IdentitySettings,
  stores: IdentityStores,
  providers: IdentityProviders,
) {
  const keys = createSigningKeyRing({
    store: stores.signingKeys,
    encryption: createKeyEncryption(settings.signingKeySecret),
  });
  const tokens = createPlatformTokens({
    issuer: settings.publicUrl,
    keys,
    audiences: platformAudiences(settings.publicUrl, settings.dataPublicUrl),
  });
  const provider = createIdentityProviderClient(providers.oidc, settings.providerAudience);
  const sessions = createSessionService({ store: stores.sessions });
  const apiKeys = createApiKeyService({
    store: stores.apiKeys,
    verifiedKeyTtlMs: settings.verifiedApiKeyTtlMs,
    cacheObserver: settings.apiKeyCacheObserver,
  });
  const baseUrls = createPublicBaseUrls(settings.publicUrl);
  const returnTo = createReturnToPolicy(baseUrls, settings.returnToOrigins);
  return {
    keys,
    tokens,
    provider,
    sessions,
    apiKeys,
    returnTo,
    baseUrls,
    users: stores.users,
    credentials: createCredentialResolver({ users: stores.users, sessions, tokens, provider, apiKeys }),
    login: createBrowserLogin({
      provider,
      attempts: stores.loginAttempts,
      sessions,
      users: stores.users,
      returnTo,
      baseUrls,
    }),
    logout: createLogoutService({ provider, sessions, returnTo, baseUrls }),
    exchange: createTokenExchange({ provider, tokens, sessions, users: stores.users }),
    walletTokens: createWalletTokenService({ tokens, users: stores.users }),
    sdkTokens: createSdkInitTokenService({ tokens, users: stores.users, kyc: providers.kyc, apiKeys }),
    /** Removes expired sessions and login attempts; run periodically. */
    async sweep(): Promise<{ sessions: number; loginAttempts: number }> {
      return {
        sessions: await sessions.deleteExpired(),
        loginAttempts: await stores.loginAttempts.deleteExpired(new Date()),
      };
    },
  };
}

export type IdentityServices = ReturnType<typeof createIdentityServices>;
