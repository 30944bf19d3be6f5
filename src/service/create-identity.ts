// Builds the identity area for the composition root (issue 3): stores on the database, the
// KYC provider, the identity services, the first signing key, the ADMIN_API_KEY bootstrap
// key, and the built-in development provider when no OIDC_ISSUER is configured.
import { hkdfSync } from 'node:crypto';
import type { Logger } from 'pino';
import { createApiKeyStore } from '../stores/api-key-store.ts';
import { createLoginAttemptStore } from '../stores/login-attempt-store.ts';
import { createSessionStore } from '../stores/session-store.ts';
import { createSigningKeyStore } from '../stores/signing-key-store.ts';
import { createUserDirectory, type UserDirectory } from '../stores/user-directory.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/create-database.ts';
import { createIdentityServices, type IdentityServices } from '../domain/identity/identity-services.ts';
import { createKycProvider } from '../providers/kyc/create-kyc-provider.ts';
import type { KycProvider } from '../providers/kyc/kyc-provider.ts';
import { createDevIdentityProvider, type DevIdentityProvider } from '../providers/identity/dev-identity-provider.ts';

/** The client id the platform uses at its built-in development provider. */
export const devClientId = 'platform-dev';
export const devProviderPath = '/dev-oidc';

export interface Identity {
  services: IdentityServices;
  devProvider: DevIdentityProvider | null;
  kyc: KycProvider;
}

export async function createIdentity(options: {
  config: Config;
  db: Db;
  publicUrl: string;
  dataPublicUrl: string;
  secrets: { adminApiKey: string; signingKeySecret: string };
  logger: Logger;
}): Promise<Identity> {
  const { config, db, publicUrl, logger } = options;
  const users = createUserDirectory(db);
  const external = config.oidc.issuer;
  // One KYC provider for the SDK init tokens and the KYC document files.
  const kyc = createKycProvider({ url: config.providers.kycUrl, appToken: config.providers.kycAppToken, secretKey: config.providers.kycSecretKey, logger });
  const services = createIdentityServices(
    {
      publicUrl,
      dataPublicUrl: options.dataPublicUrl,
      provider: external
        ? { issuer: external, clientId: config.oidc.clientId as string, clientSecret: config.oidc.clientSecret, audience: config.oidc.audience }
        : { issuer: `${publicUrl}${devProviderPath}`, clientId: devClientId },
      returnToOrigins: config.returnToOrigins,
      signingKeySecret: options.secrets.signingKeySecret,
    },
    {
      signingKeys: createSigningKeyStore(db),
      sessions: createSessionStore(db),
      loginAttempts: createLoginAttemptStore(db),
      apiKeys: createApiKeyStore(db),
      users,
    },
    kyc,
  );
  await services.keys.ensureKey();
  await services.apiKeys.ensureBootstrapKey(options.secrets.adminApiKey);
  const devProvider = external ? null : await startDevProvider(publicUrl, users, services, options.secrets.signingKeySecret, logger);
  return { services, devProvider, kyc };
}

function startDevProvider(publicUrl: string, users: UserDirectory, services: IdentityServices, secret: string, logger: Logger) {
  return createDevIdentityProvider({
    issuer: `${publicUrl}${devProviderPath}`,
    clientId: devClientId,
    // Every base URL a login may start on (docs/identity.md "Browser login"), loopback aliases included.
    redirectUris: services.baseUrls.all.map((base) => `${base}/auth/callback`),
    isAllowedPostLogoutRedirect: (uri) => services.returnTo.isAllowed(uri),
    findUser: async (id) => {
      const user = await users.find(id);
      return user && { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName };
    },
    listUsers: () => users.list(),
    // Derived, so every restart (and every node) verifies the provider's cookies alike.
    cookieKeys: [Buffer.from(hkdfSync('sha256', secret, 'wealth-platform', 'dev-oidc-cookies/v1', 32)).toString('base64url')],
    logger: logger.child({ component: 'dev-oidc' }),
  });
}
