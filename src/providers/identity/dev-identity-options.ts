// What the built-in development OpenID Connect provider is built from
// (docs/identity.md#the-built-in-development-provider): the platform's one client, the users it
// offers, its cookie keys. Its own file, so the provider (dev-identity-provider.ts) and the app it
// loads on first use (dev-oidc-app.ts) both read it without importing each other.
import type { Logger } from 'pino';

export interface DevIdentityUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface DevIdentityProviderOptions {
  /** Absolute URL, e.g. `${PUBLIC_URL}/dev-oidc`; its path is where the provider is mounted. */
  issuer: string;
  /** The platform's client: public, PKCE (token_endpoint_auth_method "none"). */
  clientId: string;
  redirectUris: string[];
  /** Whether a post_logout_redirect_uri may be used (the platform's origin allow-list). */
  isAllowedPostLogoutRedirect(uri: string): boolean;
  findUser(id: string): Promise<DevIdentityUser | null>;
  /** The users offered on the login page. */
  listUsers(): Promise<DevIdentityUser[]>;
  /** Signing keys of the provider's own cookies (the first signs, all verify). */
  cookieKeys: string[];
  logger: Logger;
  /** Trust X-Forwarded-* headers; set it as on the platform's own Koa app. */
  proxy?: boolean;
}
