// The development OpenID Connect provider's own app (docs/identity.md#the-built-in-development-provider):
// oidc-provider configured for the platform's one client, with the user-choice login page. Loaded
// on first use by dev-identity-provider.ts, so its thousand-odd modules do not delay start-up.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import type { Context, Middleware } from 'koa';
import Provider, {
  type Account,
  type Client,
  type Configuration,
  type Grant,
  type Interaction,
  type KoaContextWithOIDC,
  errors,
} from 'oidc-provider';
import type { Logger } from 'pino';
import { createDevMemoryAdapter } from './dev-memory-adapter.ts';
import {
  pageSecurityHeaders,
  renderDevLoginPage,
  renderDevLogoutPage,
  renderDevMessagePage,
  userIdField,
} from './dev-provider-pages.ts';
import type { DevIdentityProviderOptions, DevIdentityUser } from './dev-identity-options.ts';

/** Everything the platform's client may ask for; granted without a consent screen (first party). */
const grantedScope = 'openid email profile';
const formLimitBytes = 16 * 1024;

/** The provider's request handler, for requests whose path has the mount path stripped. */
export async function buildDevOidcHandler(
  options: DevIdentityProviderOptions,
  issuer: string,
  mountPath: string,
): Promise<(req: IncomingMessage, res: ServerResponse) => Promise<void>> {
  const provider = new Provider(issuer, await configure(options, mountPath));
  provider.proxy = options.proxy ?? false;
  allowPostLogoutRedirects(provider, options);
  provider.use(loginInteraction(provider, options, mountPath));
  logErrors(provider, options.logger);
  return provider.callback();
}

async function configure(options: DevIdentityProviderOptions, mountPath: string): Promise<Configuration> {
  return {
    adapter: createDevMemoryAdapter(),
    clients: [
      {
        client_id: options.clientId,
        client_name: 'Platform',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: { keys: [await generateSigningKey()] },
    responseTypes: ['code'],
    // No offline_access: the platform keeps its own sessions and needs no refresh token.
    scopes: ['openid'],
    claims: { openid: ['sub'], email: ['email'], profile: ['name', 'given_name', 'family_name'] },
    // The platform reads the user's email and name from the ID token, not from userinfo.
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => {
      const user = await options.findUser(sub);
      return user ? toAccount(user) : undefined;
    },
    loadExistingGrant: (ctx) => loadFirstPartyGrant(ctx, options.clientId),
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    cookies: {
      // Own names and the issuer path keep these apart from the platform's cookies on the same host.
      names: { session: 'dev_oidc_session', interaction: 'dev_oidc_interaction', resume: 'dev_oidc_resume' },
      long: { httpOnly: true, sameSite: 'lax', path: mountPath },
      keys: options.cookieKeys,
    },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) =>
          sendPage(ctx, ctx.status, renderDevLogoutPage(form, ctx.oidc.client?.clientName)),
        postLogoutSuccessSource: async (ctx) =>
          sendPage(
            ctx,
            200,
            renderDevMessagePage('Signed out', ['You are signed out of the development identity provider.']),
          ),
      },
    },
    // Only the error code and description reach the page, never a stack.
    renderError: async (ctx, out) =>
      sendPage(
        ctx,
        ctx.status,
        renderDevMessagePage('Request refused', [out.error, out.error_description ?? ''].filter(Boolean)),
      ),
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris.some((uri) => originOf(uri) === origin),
    // Set explicitly: the library's defaults print a notice when first used.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 12 * 3600,
      Grant: 12 * 3600,
    },
  };
}

/** A fresh RS256 key per process: tokens of this provider only live as long as it does. */
async function generateSigningKey(): Promise<Record<string, unknown>> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

function toAccount(user: DevIdentityUser): Account {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const claims: Record<string, string> = { sub: user.id, email: user.email };
  if (name) claims.name = name;
  if (user.firstName) claims.given_name = user.firstName;
  if (user.lastName) claims.family_name = user.lastName;
  return { accountId: user.id, claims: () => claims };
}

/**
 * oidc-provider's "skip consent" recipe: the platform is a first-party client, so a signed-in
 * user's grant for it is created here instead of through a consent page.
 */
async function loadFirstPartyGrant(ctx: KoaContextWithOIDC, clientId: string): Promise<Grant | undefined> {
  const { client, session, result, provider } = ctx.oidc;
  const accountId = session?.accountId;
  if (!client || !session || !accountId) return undefined;
  const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const existing = grantId ? await provider.Grant.find(grantId) : undefined;
  if (existing && existing.accountId === accountId) return existing;
  if (client.clientId !== clientId) return undefined;
  const grant = new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(grantedScope);
  await grant.save();
  return grant;
}

/**
 * Post-logout redirects are decided by the platform's origin allow-list (any path on an allowed
 * origin), not by an exact registered list: replacing Client#postLogoutRedirectUriAllowed is the
 * hook oidc-provider's redirect_uri_wildcards recipe documents for this.
 */
function allowPostLogoutRedirects(provider: Provider, options: DevIdentityProviderOptions): void {
  provider.Client.prototype.postLogoutRedirectUriAllowed = function postLogoutRedirectUriAllowed(
    this: Client,
    uri: string,
  ): boolean {
    return (
      this.clientId === options.clientId && originOf(uri) !== undefined && options.isAllowedPostLogoutRedirect(uri)
    );
  };
}

/** GET shows the user choice, POST signs the chosen user in; runs before oidc-provider's routes. */
function loginInteraction(provider: Provider, options: DevIdentityProviderOptions, mountPath: string): Middleware {
  return async (ctx, next) => {
    const uid = /^\/interaction\/([\w-]+)$/.exec(ctx.path)?.[1];
    if (uid === undefined) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'POST') {
      ctx.set('allow', 'GET, POST');
      sendPage(ctx, 405, renderDevMessagePage('Method not allowed', [`${ctx.method} is not allowed here.`]));
      return;
    }
    const interaction = await findInteraction(provider, ctx, uid);
    if (!interaction) {
      sendPage(
        ctx,
        400,
        renderDevMessagePage('Sign-in request not found', [
          'This sign-in request has expired or was started in another browser. Go back to the application and sign in again.',
        ]),
      );
      return;
    }
    if (interaction.prompt.name !== 'login') {
      // Consent is granted by loadFirstPartyGrant; any other prompt ends the request with an error.
      const error = {
        error: 'access_denied',
        error_description: `the development provider cannot handle the "${interaction.prompt.name}" prompt`,
      };
      redirect(ctx, await provider.interactionResult(ctx.req, ctx.res, error, { mergeWithLastSubmission: false }));
      return;
    }
    const action = `${mountPath}/interaction/${interaction.uid}`;
    if (ctx.method === 'GET') {
      sendPage(ctx, 200, renderDevLoginPage({ action, users: await options.listUsers() }));
      return;
    }
    const userId = await readUserId(ctx);
    const user = userId ? await options.findUser(userId) : null;
    if (!user) {
      const error = userId
        ? `There is no user with id "${userId}". Choose one of the users below.`
        : 'Choose a user to sign in as.';
      sendPage(ctx, 400, renderDevLoginPage({ action, users: await options.listUsers(), error, selected: userId }));
      return;
    }
    const login = { login: { accountId: user.id } };
    redirect(ctx, await provider.interactionResult(ctx.req, ctx.res, login, { mergeWithLastSubmission: false }));
  };
}

async function findInteraction(provider: Provider, ctx: Context, uid: string): Promise<Interaction | undefined> {
  try {
    const interaction = await provider.interactionDetails(ctx.req, ctx.res);
    return interaction.uid === uid ? interaction : undefined;
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return undefined;
    throw error;
  }
}

async function readUserId(ctx: Context): Promise<string | undefined> {
  if (!ctx.is('application/x-www-form-urlencoded')) return undefined;
  if ((ctx.request.length ?? 0) > formLimitBytes)
    ctx.throw(413, `the sign-in form is larger than ${formLimitBytes} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > formLimitBytes) ctx.throw(413, `the sign-in form is larger than ${formLimitBytes} bytes`);
    chunks.push(chunk);
  }
  const value = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get(userIdField)?.trim();
  return value || undefined;
}

function sendPage(ctx: Context, status: number, html: string): void {
  ctx.status = status;
  ctx.set(pageSecurityHeaders);
  ctx.type = 'html';
  ctx.body = html;
}

function redirect(ctx: Context, location: string): void {
  ctx.status = 303;
  ctx.redirect(location);
}

function logErrors(provider: Provider, logger: Logger): void {
  provider.on('server_error', (ctx: KoaContextWithOIDC, error: Error) => {
    logger.error({ err: error, route: ctx.oidc.route }, 'development identity provider failed');
  });
  // With a listener, Koa no longer prints errors thrown outside oidc-provider's routes to stderr.
  provider.on('error', (error: Error & { status?: number }) => {
    if ((error.status ?? 500) >= 500) logger.error({ err: error }, 'development identity provider failed');
  });
}

function originOf(uri: string): string | undefined {
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
