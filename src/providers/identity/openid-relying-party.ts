// The platform as a relying party of its OpenID Connect provider, through openid-client
// (docs/identity.md#identity-provider-tokens): the external provider named by OIDC_ISSUER, or the
// built-in development provider. Discovery is lazy and retried, so the service starts while the
// provider is down; the provider's JWKS is cached by jose. It is the IdentityProviderProtocol the
// identity services drive (src/domain/identity/identity-provider-protocol.ts), wired in by
// src/service; which of the provider's tokens the platform accepts is the domain's to say.
import { createRemoteJWKSet, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';

export interface OpenIdRelyingPartySettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
}

interface Discovered {
  config: oidc.Configuration;
  jwks: ReturnType<typeof createRemoteJWKSet>;
}

export function createOpenIdRelyingParty(settings: OpenIdRelyingPartySettings) {
  // http is only ever the development provider or a local test provider.
  const insecure = new URL(settings.issuer).protocol === 'http:';
  const discovered = lazyDiscovery(settings, insecure);
  return {
    issuer: settings.issuer,
    clientId: settings.clientId,

    async authorizationUrl(request: { redirectUri: string; state: string; nonce: string; codeVerifier: string }) {
      const { config } = await discovered();
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: request.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
        state: request.state,
        nonce: request.nonce,
      });
    },

    async redeemCode(
      callbackUrl: URL,
      expected: { state: string; nonce: string; codeVerifier: string },
    ): Promise<JWTPayload & { sub: string }> {
      const { config } = await discovered();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('the ID token has no subject');
      return claims;
    },

    async verificationKeys() {
      const { config, jwks } = await discovered();
      return { issuer: config.serverMetadata().issuer, jwks };
    },

    async endSessionUrl(returnTo: string): Promise<URL | null> {
      const { config } = await discovered();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(config, { post_logout_redirect_uri: returnTo, client_id: settings.clientId });
    },
  };
}

/** Discovers on first use, one discovery for concurrent callers; a failed one is tried again on the next call. */
function lazyDiscovery(settings: OpenIdRelyingPartySettings, insecure: boolean): () => Promise<Discovered> {
  let discovered: Promise<Discovered> | null = null;
  return () =>
    (discovered ??= discover(settings, insecure).catch((error: unknown) => {
      discovered = null;
      throw new Error(
        `identity provider discovery failed for ${settings.issuer}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }));
}

async function discover(settings: OpenIdRelyingPartySettings, insecure: boolean): Promise<Discovered> {
  const config = await oidc.discovery(
    new URL(settings.issuer),
    settings.clientId,
    settings.clientSecret,
    settings.clientSecret ? undefined : oidc.None(),
    insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
  const jwksUri = config.serverMetadata().jwks_uri;
  if (!jwksUri) throw new Error(`identity provider ${settings.issuer} publishes no jwks_uri`);
  return {
    config,
    jwks: createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 5_000, cooldownDuration: 30_000 }),
  };
}
