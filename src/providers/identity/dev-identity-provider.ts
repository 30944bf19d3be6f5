// The built-in development OpenID Connect provider
// (docs/identity.md#the-built-in-development-provider): when no OIDC_ISSUER is configured, a real
// OIDC implementation (oidc-provider) is mounted under a path of the platform's own app, so browser
// login works out of the box with the demo users. It asks no password: anyone who can reach it
// signs in as anyone listed. Development only. The provider itself (dev-oidc-app.ts) is loaded on
// its first request or by warm() once the service is ready (docs/service.md#start-up).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import type { DevIdentityProviderOptions } from './dev-identity-options.ts';

export interface DevIdentityProvider {
  readonly issuer: string;
  /** Koa middleware: serves every request whose path is under the issuer's path, calls next() otherwise. */
  middleware: Middleware;
  /** Loads and builds the provider now, ahead of its first request; failures are logged. */
  warm(): Promise<void>;
}

export function createDevIdentityProvider(options: DevIdentityProviderOptions): DevIdentityProvider {
  const { issuer, mountPath } = parseIssuer(options.issuer);
  if (options.cookieKeys.length === 0)
    throw new Error('the development identity provider needs at least one cookie signing key (cookieKeys is empty)');
  if (options.redirectUris.length === 0)
    throw new Error(
      'the development identity provider needs at least one redirect URI for its client (redirectUris is empty)',
    );
  let handler: Promise<OidcHandler> | undefined;
  const load = (): Promise<OidcHandler> =>
    (handler ??= import('./dev-oidc-app.ts').then(({ buildDevOidcHandler }) =>
      buildDevOidcHandler(options, issuer, mountPath),
    ));
  options.logger.info({ issuer }, 'identity: built-in development OpenID Connect provider (no OIDC_ISSUER configured)');
  return {
    issuer,
    middleware: mountAt(mountPath, load),
    warm: () =>
      load().then(
        () => undefined,
        (error: unknown) => options.logger.error({ err: error }, 'development identity provider failed to load'),
      ),
  };
}

type OidcHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function parseIssuer(value: string): { issuer: string; mountPath: string } {
  const url = new URL(value);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    throw new Error(
      `the development identity provider's issuer must be a plain http(s) URL without query, fragment or credentials, got ${url.origin}${url.pathname}`,
    );
  }
  const mountPath = url.pathname.replace(/\/+$/, '');
  if (!mountPath) {
    throw new Error(
      `the development identity provider's issuer ${url.origin} needs a path (e.g. /dev-oidc): it is mounted under that path of the platform's app`,
    );
  }
  return { issuer: `${url.origin}${mountPath}`, mountPath };
}

/**
 * Serves the provider's own Koa app under `mountPath`, on the platform's port. The request goes
 * to `provider.callback()` as an express mount would pass it (path stripped, `req.baseUrl` set,
 * which oidc-provider reads to build its URLs): the provider then runs in its own Koa context,
 * with its own cookie keys, proxy setting and error handling, and writes the response itself.
 * koa-mount would instead run the provider's middleware in the platform's context and its keys.
 */
function mountAt(mountPath: string, load: () => Promise<OidcHandler>): Middleware {
  return async (ctx, next) => {
    const url = ctx.req.url ?? '/';
    const rest = stripMountPath(mountPath, url);
    if (rest === undefined) return next();
    ctx.state.route = `${mountPath}/*`;
    const handle = await load();
    ctx.respond = false;
    const req = ctx.req as IncomingMessage & { baseUrl?: string };
    req.url = rest;
    req.baseUrl = mountPath;
    try {
      await handle(req, ctx.res);
    } finally {
      req.url = url;
      delete req.baseUrl;
    }
  };
}

function stripMountPath(mountPath: string, url: string): string | undefined {
  if (url === mountPath) return '/';
  if (url.startsWith(`${mountPath}/`)) return url.slice(mountPath.length);
  if (url.startsWith(`${mountPath}?`)) return `/${url.slice(mountPath.length)}`;
  return undefined;
}
