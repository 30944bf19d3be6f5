// What a client is configured with: where the service is, the credentials per security scheme of
// openapi.yaml (`components.securitySchemes`), how to refresh an access token, and retries.
import type { RetryOptions } from './retry-policy.ts';

type MaybePromise<T> = T | Promise<T>;

/** A credential: the value, or a function that gives the current one (read before every attempt). */
export type Credential = string | (() => MaybePromise<string | undefined>);

/** Credentials by security scheme name of openapi.yaml (`apiKey`, `bearerAuth`, `sessionCookie`, `signedUrlToken`, …). */
export type Credentials = Partial<Record<string, Credential>>;

/** How a security scheme travels (openapi.yaml `components.securitySchemes`). */
export type SecuritySchemeSpec = { in: 'header' | 'query' | 'cookie'; name: string } | { in: 'bearer' };

export interface ClientOptions {
  /** The service's base URL, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** Credentials by scheme; each operation sends the first of its `security` alternatives the client holds. */
  auth?: Credentials;
  /**
   * Gives a new access token after a 401 to a request sent with `bearerAuth` (e.g. a new token
   * exchange). Called once for any number of concurrent 401s; each request is then sent again once.
   */
  refreshAccessToken?: () => Promise<string>;
  /** Retries of requests that are safe to repeat; `false` for none. */
  retry?: RetryOptions | false;
  /** Headers sent with every request (e.g. `X-Acting-User`). */
  headers?: Record<string, string>;
  /** `fetch`'s `credentials` (browsers: `include` sends the session cookie across origins). */
  credentials?: RequestInit['credentials'];
  /** A `fetch` implementation; default the global one. */
  fetch?: typeof fetch;
}
