// Resolves the caller for an operation from the security requirement that openapi.yaml
// declares for it (docs/identity.md#credentials). Credentials are looked at in a fixed order
// (bearer, API key, session cookie), only for the schemes the operation accepts.
// - An operation without an anonymous alternative: the first credential present decides,
//   and a bad one is refused (401, or 403 for a revoked key).
// - An operation with an anonymous alternative (`{}`): a bad credential counts as none, so a
//   stale browser tab can still log out.
import type { Context } from 'koa';
import type { OperationId } from '../../generated/openapi/operations.ts';
import { AppError } from '../errors/app-error.ts';
import { isCredentialRefusal } from '../errors/credential-refusal.ts';
import { type FailedCredentialLimit, checkCredential } from '../request-envelope/failed-credential-limit.ts';
import { anonymous, type Principal } from '../access/principal.ts';
import type { CredentialResolver } from '../domain/identity/credential-resolver.ts';

export const sessionCookieName = 'platform_session';

export interface AuthenticationOptions {
  resolver: CredentialResolver;
  /** Operations whose bearer token is their input rather than a credential (token exchange). */
  bearerIsInput?: ReadonlySet<OperationId>;
  /** Refused credentials per client address (docs/identity.md#failed-credentials); none: not counted. */
  failedCredentials?: FailedCredentialLimit;
}

export type Authenticator = (
  ctx: Context,
  operationId: OperationId,
  security: readonly (readonly string[])[],
) => Promise<Principal>;

export function createAuthenticator(options: AuthenticationOptions): Authenticator {
  // An operation's security is one object of the operation table: read once, not per request.
  const readSecurity = new WeakMap<
    readonly (readonly string[])[],
    { anonymousAllowed: boolean; schemes: Set<string> }
  >();
  return async (ctx, operationId, security) => {
    if (security.length === 0) return anonymous;
    let read = readSecurity.get(security);
    if (!read) {
      read = {
        anonymousAllowed: security.some((alternative) => alternative.length === 0),
        schemes: new Set(security.flat()),
      };
      readSecurity.set(security, read);
    }
    const { anonymousAllowed, schemes } = read;
    const attempt = presentedCredential(ctx, schemes, options.bearerIsInput?.has(operationId) ?? false);
    if (!attempt) {
      if (anonymousAllowed || onlySignedUrl(schemes, ctx) || onlyPayloadDigest(schemes, ctx)) return anonymous;
      throw new AppError('UNAUTHENTICATED', `authentication required: send ${describeSchemes(schemes)}`);
    }
    try {
      const { failedCredentials } = options;
      // A stale session cookie is a browser's, not a guess: only keys and bearer tokens are counted.
      if (!failedCredentials || anonymousAllowed || !attempt.counted) return await attempt.run(options.resolver);
      return await checkCredential(failedCredentials, ctx.ip, () => attempt.run(options.resolver));
    } catch (error) {
      if (anonymousAllowed && isCredentialRefusal(error)) return anonymous;
      throw error;
    }
  };
}

interface Attempt {
  run(resolver: CredentialResolver): Promise<Principal>;
  /** Counted by the failed-credential limit when refused. */
  counted: boolean;
}

function presentedCredential(ctx: Context, schemes: Set<string>, bearerIsInput: boolean): Attempt | null {
  const authorization = ctx.get('authorization');
  if (authorization && schemes.has('bearerAuth') && !bearerIsInput) {
    const match = /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i.exec(authorization);
    if (!match)
      return {
        run: () => Promise.reject(new AppError('UNAUTHENTICATED', 'Authorization header must be "Bearer <token>"')),
        counted: true,
      };
    const token = match[1]!;
    return { run: (resolver) => resolver.fromBearer(token), counted: true };
  }
  const apiKey = ctx.get('x-api-key');
  if (apiKey && schemes.has('apiKey')) return { run: (resolver) => resolver.fromApiKey(apiKey), counted: true };
  const cookie = schemes.has('sessionCookie') ? ctx.cookies.get(sessionCookieName) : undefined;
  if (cookie) return { run: (resolver) => resolver.fromSessionCookie(cookie), counted: false };
  return null;
}

/** Signed-URL operations check their `?token=` in the handler, which knows the resource. */
function onlySignedUrl(schemes: Set<string>, ctx: Context): boolean {
  if (!(schemes.size === 1 && schemes.has('signedUrlToken'))) return false;
  if (typeof ctx.query.token !== 'string' || ctx.query.token === '') {
    throw new AppError('UNAUTHENTICATED', 'this link needs its signed token (?token=)');
  }
  return true;
}

/**
 * Provider webhooks carry an HMAC of their body (openapi.yaml `payloadDigest`), which the
 * operation verifies once it has the raw bytes; without the header there is nothing to verify.
 */
function onlyPayloadDigest(schemes: Set<string>, ctx: Context): boolean {
  if (!(schemes.size === 1 && schemes.has('payloadDigest'))) return false;
  if (ctx.get('x-payload-digest') === '')
    throw new AppError('UNAUTHENTICATED', 'webhook refused: no X-Payload-Digest header');
  return true;
}

const schemeNames: Record<string, string> = {
  apiKey: 'an X-API-Key header',
  bearerAuth: 'an Authorization: Bearer token',
  sessionCookie: 'a session cookie',
  signedUrlToken: 'a signed token query parameter',
  payloadDigest: 'an X-Payload-Digest header',
};

function describeSchemes(schemes: Set<string>): string {
  return [...schemes].map((scheme) => schemeNames[scheme] ?? scheme).join(' or ');
}
