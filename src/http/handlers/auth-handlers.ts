// The authentication routes of openapi.yaml (docs/identity.md). Thin: read the input, call the
// identity services, map the result and the cookies.
import type { Handlers } from '../../../generated/openapi/handlers.ts';
import type { Principal, UserPrincipal } from '../../access/principal.ts';
import type { IdentityServices } from '../../domain/identity/identity-services.ts';
import { tokenLifetimes } from '../../domain/identity/token-lifetimes.ts';
import { AppError } from '../../errors/app-error.ts';
import { sessionCookieName } from '../authenticate.ts';
import type { RequestContext } from '../request-context.ts';
import type { CookieInstruction } from '../send-result.ts';

type AuthHandlers = Pick<
  Handlers,
  | 'exchangeToken'
  | 'getSession'
  | 'deleteSession'
  | 'logout'
  | 'login'
  | 'loginCallback'
  | 'createWalletJwt'
  | 'createWorkflowSdkInitToken'
  | 'createKycSdkInitToken'
>;

export const loginCookieName = 'platform_login';
const noStore = { 'Cache-Control': 'no-store' };

export function authHandlers(identity: IdentityServices, publicUrl: string): AuthHandlers {
  const secure = publicUrl.startsWith('https:');
  const clearSession: CookieInstruction = { name: sessionCookieName, value: null, secure };
  return {
    ...sessionHandlers(identity, clearSession),
    ...browserLoginHandlers(identity, secure, clearSession),
    ...issuedTokenHandlers(identity),
  };
}

/** A platform session: got by token exchange, read, and ended. */
function sessionHandlers(
  identity: IdentityServices,
  clearSession: CookieInstruction,
): Pick<AuthHandlers, 'exchangeToken' | 'getSession' | 'deleteSession'> {
  return {
    exchangeToken: async (input, context) => {
      const token = input.body?.token ?? bearerOf(context);
      const result = await identity.exchange.exchange(token, clientOf(context));
      return {
        status: 200,
        contentType: 'application/json',
        body: { success: true, token: result.token },
        headers: noStore,
      };
    },

    getSession: async (_input, context) => {
      const user = sessionUser(context.principal);
      return {
        status: 200,
        contentType: 'application/json',
        headers: noStore,
        body: {
          success: true,
          timestamp: new Date().toISOString(),
          sessionID: user.sessionId,
          userID: user.userId,
          active: true,
          allowedFunds: [...user.fundIds],
          allowedOrganizations: [...user.organizationIds],
        },
      };
    },

    deleteSession: async (_input, context) => {
      const user = sessionUser(context.principal, false);
      await identity.sessions.destroy(user.sessionId);
      return {
        status: 200,
        contentType: 'application/json',
        body: { success: true, message: 'Session destroyed' },
        cookies: [clearSession],
      };
    },
  };
}

/** The browser's way in and out: redirects to the identity provider and back, with their cookies. */
function browserLoginHandlers(
  identity: IdentityServices,
  secure: boolean,
  clearSession: CookieInstruction,
): Pick<AuthHandlers, 'login' | 'loginCallback' | 'logout'> {
  return {
    login: async (input, context) => {
      const started = await identity.login.start(input.query.returnTo, hostOf(context));
      return {
        status: 302,
        headers: { Location: started.authorizationUrl.href, ...noStore },
        cookies: [
          {
            name: loginCookieName,
            value: started.binding,
            path: '/auth/callback',
            maxAgeSeconds: tokenLifetimes.loginAttemptSeconds,
            secure,
          },
        ],
      };
    },

    loginCallback: async (_input, context) => {
      const callback = { query: context.raw.querystring, host: hostOf(context) };
      const finished = await identity.login.finish(callback, context.raw.cookie(loginCookieName), clientOf(context));
      return {
        status: 302,
        headers: { Location: finished.returnTo, ...noStore },
        cookies: [
          {
            name: sessionCookieName,
            value: finished.session.cookieSecret,
            maxAgeSeconds: tokenLifetimes.browserSessionSeconds,
            secure,
          },
          { name: loginCookieName, value: null, path: '/auth/callback', secure },
        ],
      };
    },

    logout: async (input, context) => {
      const { redirectUrl } = await identity.logout.logout(context.principal, input.query.returnTo, hostOf(context));
      const wantsJson =
        input.headers['x-client-type'] === 'api' ||
        input.query['x-client-type'] === 'api' ||
        acceptsJson(context.raw.headers.accept);
      if (wantsJson)
        return {
          status: 200,
          contentType: 'application/json',
          body: { redirectUrl },
          headers: noStore,
          cookies: [clearSession],
        };
      return { status: 302, headers: { Location: redirectUrl, ...noStore }, cookies: [clearSession] };
    },
  };
}

/** Short-lived tokens for the wallet and the SDKs, issued to a caller already authenticated. */
function issuedTokenHandlers(
  identity: IdentityServices,
): Pick<AuthHandlers, 'createWalletJwt' | 'createWorkflowSdkInitToken' | 'createKycSdkInitToken'> {
  return {
    createWalletJwt: async (input, context) =>
      issuedTokenAnswer(await identity.walletTokens.issue(context.principal, input.body)),

    createWorkflowSdkInitToken: async (input, context) => {
      if (context.principal.kind !== 'api-key')
        throw new AppError('UNAUTHENTICATED', 'an X-API-Key header is required');
      return issuedTokenAnswer(await identity.sdkTokens.workflowToken(context.principal, input.body));
    },

    createKycSdkInitToken: async (input, context) => {
      const body = input.body;
      if ('apiToken' in body) {
        const issued = await identity.sdkTokens.kycServerToken(body);
        return { status: 200, contentType: 'application/json', body: { token: issued.token }, headers: noStore };
      }
      const key = await apiKeyOf(context, identity);
      return issuedTokenAnswer(await identity.sdkTokens.kycUserToken(key, body));
    },
  };
}

function issuedTokenAnswer(issued: { token: string; expiresAt: Date }) {
  return {
    status: 200,
    contentType: 'application/json',
    body: { token: issued.token, expiresAt: issued.expiresAt.toISOString() },
    headers: noStore,
  } as const;
}

/** The user and session behind the credential; 401 (`active: false`) when there is none. */
function sessionUser(principal: Principal, inactiveBody = true): UserPrincipal & { sessionId: string } {
  if (principal.kind === 'user' && principal.sessionId) return principal as UserPrincipal & { sessionId: string };
  const message =
    principal.kind === 'user'
      ? 'this bearer token is not tied to a platform session; exchange it at /auth/token-exchange'
      : 'No active session';
  throw new AppError('UNAUTHENTICATED', message, inactiveBody ? { bodyFields: { active: false } } : {});
}

/**
 * The KYC route accepts anonymous callers for its server-to-server form, so authentication
 * let a bad key through as anonymous; form (a) re-checks it to say exactly what was wrong.
 */
async function apiKeyOf(context: RequestContext, identity: IdentityServices) {
  if (context.principal.kind === 'api-key') return context.principal;
  const presented = context.raw.headers['x-api-key'];
  if (typeof presented === 'string' && presented !== '') return identity.apiKeys.authenticate(presented);
  throw new AppError(
    'UNAUTHENTICATED',
    'form (a) {userId, levelName?} needs an X-API-Key header; server-to-server callers send apiToken in the body',
  );
}

function bearerOf(context: RequestContext): string | undefined {
  const header = context.raw.headers.authorization;
  if (typeof header !== 'string' || header === '') return undefined;
  const match = /^Bearer +(\S+)$/i.exec(header);
  if (!match) throw new AppError('BAD_REQUEST', 'Authorization header must be "Bearer <token>"');
  return match[1];
}

/** The Host header; the identity services accept it only when it names PUBLIC_URL or a loopback alias of it. */
function hostOf(context: RequestContext): string | undefined {
  const host = context.raw.headers.host;
  return typeof host === 'string' ? host : undefined;
}

function clientOf(context: RequestContext): { userAgent?: string; ip?: string } {
  const agent = context.raw.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent : undefined, ip: context.raw.ip || undefined };
}

function acceptsJson(accept: string | string[] | undefined): boolean {
  const value = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  return /(^|,)\s*application\/json\s*(;|,|$)/i.test(value);
}
