// Builds the identity area for the composition root: stores on the database, the KYC provider,
// the OpenID Connect relying party, the identity services, the first signing key, the
// ADMIN_API_KEY bootstrap key, and the built-in development provider when no OIDC_ISSUER is
// configured. Also what the HTTP app needs of it: the auth and OIDC routes, their rate limits,
// the authenticator, and the periodic sweep of expired sessions (docs/identity.md).
import type { FailedCredentialLimit } from '../request-envelope/failed-credential-limit.ts';
import { hkdfSync } from 'node:crypto';
import type { Logger } from 'pino';
import { createApiKeyStore } from '../stores/api-key-store.ts';
import { createLoginAttemptStore } from '../stores/login-attempt-store.ts';
import { createSessionStore } from '../stores/session-store.ts';
import { createSigningKeyStore } from '../stores/signing-key-store.ts';
import { createUserDirectory, type UserDirectory } from '../stores/user-directory.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/create-database.ts';
import type { DatabaseNotifications } from '../db/database-notifications.ts';
import { createIdentityServices, type IdentityServices } from '../domain/identity/identity-services.ts';
import { createAuthenticator } from '../http/authenticate.ts';
import { authHandlers } from '../http/handlers/auth-handlers.ts';
import { oidcHandlers } from '../http/handlers/oidc-handlers.ts';
import type { HttpAppOptions } from '../http/http-app.ts';
import { createKycProvider } from '../providers/kyc/create-kyc-provider.ts';
import type { KycProvider } from '../providers/kyc/kyc-provider.ts';
import { createDevIdentityProvider, type DevIdentityProvider } from '../providers/identity/dev-identity-provider.ts';
import { createOpenIdRelyingParty } from '../providers/identity/openid-relying-party.ts';
import type { Metrics } from '../observability/metrics.ts';
import { authRateLimits } from './auth-rate-limits.ts';
import type { CostBudget } from '../graphql/operation-cost/cost-budget.ts';
import type { ClientRateLimit } from '../request-envelope/rate-limit.ts';
import type { ShutdownStep } from './shutdown-steps.ts';

/** The client id the platform uses at its built-in development provider. */
export const devClientId = 'platform-dev';
export const devProviderPath = '/dev-oidc';

const sweepEveryMs = 10 * 60_000;

export interface Identity {
  services: IdentityServices;
  devProvider: DevIdentityProvider | null;
  kyc: KycProvider;
  handlers: ReturnType<typeof authHandlers> & ReturnType<typeof oidcHandlers>;
  /** The HTTP app's options that belong to identity: who the caller is, and the limits checked before. */
  http: Pick<HttpAppOptions, 'authenticate' | 'guards' | 'unauthenticatedFields' | 'before'>;
  /** The data layer's rate limit, counted in the same store as the HTTP app's limits. */
  dataLayerRateLimit: ClientRateLimit | null;
  /** POST /graphql's rate limit for the fast lane outside Koa (the same counts as its guard); null when off. */
  graphqlRateLimit: ClientRateLimit | null;
  /** Refused credentials per client address, on both ports and every transport (docs/identity.md#failed-credentials). */
  failedCredentials: FailedCredentialLimit;
  /** Calls `listener` after any key changed anywhere, or after change notifications may have been lost. */
  onApiKeyChanged(listener: () => void): void;
  /** The business API's per-minute budget of cost points (docs/api-limits.md#the-cost-budget); null when off. */
  graphqlCostBudget: CostBudget | null;
  closers: ShutdownStep[];
}

interface IdentityOptions {
  config: Config;
  db: Db;
  notifications: DatabaseNotifications;
  publicUrl: string;
  dataPublicUrl: string;
  secrets: { adminApiKey: string; signingKeySecret: string };
  logger: Logger;
  metrics: Metrics;
}

export async function createIdentity(options: IdentityOptions): Promise<Identity> {
  const { config, db, publicUrl, logger } = options;
  const users = createUserDirectory(db);
  // One KYC provider for the SDK init tokens and the KYC document files.
  const kyc = createKycProvider({
    url: config.providers.kycUrl,
    appToken: config.providers.kycAppToken,
    secretKey: config.providers.kycSecretKey,
    logger,
  });
  const services = identityServicesOn(options, users, kyc);
  const onApiKeyChanged = await relayKeyChanges(options.notifications, services);
  await services.keys.ensureKey();
  await services.apiKeys.ensureBootstrapKey(options.secrets.adminApiKey);
  const devProvider = config.oidc.issuer
    ? null
    : startDevProvider(publicUrl, users, services, options.secrets.signingKeySecret, logger);
  const limits = await authRateLimits(config, logger, options.metrics.rateLimited);
  const stopSweeping = sweepExpiredSessions(services, logger);
  return {
    services,
    devProvider,
    kyc,
    handlers: { ...authHandlers(services, publicUrl), ...oidcHandlers(publicUrl, services.keys) },
    http: identityHttp(services, limits, devProvider),
    onApiKeyChanged,
    dataLayerRateLimit: limits.dataLayer,
    failedCredentials: limits.failedCredentials,
    graphqlRateLimit: limits.graphql,
    graphqlCostBudget: limits.graphqlCost,
    closers: [stopSweeping, limits.close],
  };
}

/** The identity services on the database's stores, signing in at OIDC_ISSUER or the built-in provider. */
function identityServicesOn(options: IdentityOptions, users: UserDirectory, kyc: KycProvider): IdentityServices {
  const { config, db, publicUrl } = options;
  const external = config.oidc.issuer;
  const oidc = createOpenIdRelyingParty(
    external
      ? { issuer: external, clientId: config.oidc.clientId as string, clientSecret: config.oidc.clientSecret }
      : { issuer: `${publicUrl}${devProviderPath}`, clientId: devClientId },
  );
  return createIdentityServices(
    {
      publicUrl,
      dataPublicUrl: options.dataPublicUrl,
      providerAudience: external ? config.oidc.audience : undefined,
      returnToOrigins: config.returnToOrigins,
      signingKeySecret: options.secrets.signingKeySecret,
      verifiedApiKeyTtlMs: config.apiKeyCacheSeconds * 1000,
      apiKeyCacheObserver: options.metrics.cache('api_keys'),
    },
    {
      signingKeys: createSigningKeyStore(db),
      sessions: createSessionStore(db),
      loginAttempts: createLoginAttemptStore(db),
      apiKeys: createApiKeyStore(db),
      users,
    },
    { oidc, kyc },
  );
}

/**
 * Any change of a key, made anywhere, empties every node's verified keys (docs/identity.md#api-key-verification).
 * Listeners (the business API's open sockets) are told after the memory is emptied, so what they check is current.
 */
async function relayKeyChanges(
  notifications: DatabaseNotifications,
  services: IdentityServices,
): Promise<Identity['onApiKeyChanged']> {
  const keyChangeListeners: (() => void)[] = [];
  await notifications.listen('api_key_changed', () => {
    services.apiKeys.forgetVerifiedKeys();
    for (const listener of keyChangeListeners) listener();
  });
  return (listener) => void keyChangeListeners.push(listener);
}

function identityHttp(
  services: IdentityServices,
  limits: Awaited<ReturnType<typeof authRateLimits>>,
  devProvider: DevIdentityProvider | null,
): Identity['http'] {
  return {
    authenticate: createAuthenticator({
      resolver: services.credentials,
      bearerIsInput: new Set(['exchangeToken']),
      failedCredentials: limits.failedCredentials,
    }),
    guards: limits.guards,
    unauthenticatedFields: { getSession: { active: false } },
    before: devProvider ? [devProvider.middleware] : [],
  };
}

/** Expired sessions and login attempts are removed every 10 minutes (docs/identity.md). */
function sweepExpiredSessions(services: IdentityServices, logger: Logger): ShutdownStep {
  const sweeper = setInterval(
    () => void services.sweep().catch((error: unknown) => logger.warn({ err: error }, 'session sweep failed')),
    sweepEveryMs,
  );
  sweeper.unref();
  return async () => clearInterval(sweeper);
}

function startDevProvider(
  publicUrl: string,
  users: UserDirectory,
  services: IdentityServices,
  secret: string,
  logger: Logger,
) {
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
    cookieKeys: [
      Buffer.from(hkdfSync('sha256', secret, 'wealth-platform', 'dev-oidc-cookies/v1', 32)).toString('base64url'),
    ],
    logger: logger.child({ component: 'dev-oidc' }),
  });
}
