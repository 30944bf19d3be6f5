// The browser login (docs/identity.md#browser-login, openapi.yaml `/auth/login`, `/auth/callback`):
// authorization code with PKCE (S256) against the identity provider; the attempt is kept
// server-side and bound to the browser by a random cookie, so a `state` works once, in one browser.
import type { LoginAttemptStore } from '../../stores/login-attempt-store.ts';
import type { UserDirectory } from '../../stores/user-directory.ts';
import { AppError } from '../../errors/app-error.ts';
import type { IdentityProviderClient } from './identity-provider-client.ts';
import type { CallbackExpectations } from './identity-provider-protocol.ts';
import type { PublicBaseUrls } from './public-base-urls.ts';
import type { ReturnToPolicy } from './return-to-policy.ts';
import { digestsEqual, randomSecret, sha256Base64Url } from './secret-digest.ts';
import type { CreatedSession, SessionService } from './session-service.ts';
import { tokenLifetimes } from './token-lifetimes.ts';

export interface LoginStart {
  authorizationUrl: URL;
  /** Value of the HttpOnly login-binding cookie. */
  binding: string;
  expiresAt: Date;
}

/** The request to `/auth/callback`: its query string (without `?`) and its Host header. */
export interface LoginCallback {
  query: string;
  host: string | undefined;
}

export interface LoginFinish {
  session: CreatedSession;
  returnTo: string;
}

export interface BrowserLoginDeps {
  provider: IdentityProviderClient;
  attempts: LoginAttemptStore;
  sessions: SessionService;
  users: UserDirectory;
  returnTo: ReturnToPolicy;
  /** The login stays on the base URL the browser used, where its cookies are (public-base-urls.ts). */
  baseUrls: PublicBaseUrls;
  now?: () => Date;
}

/** The deps with the clock settled. */
type LoginDesk = Required<BrowserLoginDeps>;

/** The browser in a callback, as the session records it. */
interface LoginClient {
  userAgent?: string;
  ip?: string;
}

export function createBrowserLogin(deps: BrowserLoginDeps) {
  const desk: LoginDesk = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    /** `host` is the Host header of the request to /auth/login. */
    start: (returnTo: string | undefined, host: string | undefined): Promise<LoginStart> =>
      startLogin(desk, returnTo, host),
    finish: (callback: LoginCallback, binding: string | undefined, client: LoginClient): Promise<LoginFinish> =>
      finishLogin(desk, callback, binding, client),
  };
}

async function startLogin(
  desk: LoginDesk,
  returnTo: string | undefined,
  host: string | undefined,
): Promise<LoginStart> {
  const base = desk.baseUrls.forHost(host);
  const target = desk.returnTo.resolve(returnTo, base);
  const state = randomSecret(32);
  const nonce = randomSecret(32);
  const codeVerifier = randomSecret(48);
  const binding = randomSecret(32);
  const expiresAt = new Date(desk.now().getTime() + tokenLifetimes.loginAttemptSeconds * 1000);
  const authorizationUrl = await providerCall('the identity provider is unreachable', () =>
    desk.provider.authorizationUrl({ redirectUri: callbackUrlOf(base), state, nonce, codeVerifier }),
  );
  await desk.attempts.save({
    stateHash: sha256Base64Url(state),
    bindingHash: sha256Base64Url(binding),
    nonce,
    codeVerifier,
    returnTo: target,
    expiresAt,
  });
  return { authorizationUrl, binding, expiresAt };
}

async function finishLogin(
  desk: LoginDesk,
  callback: LoginCallback,
  binding: string | undefined,
  client: LoginClient,
): Promise<LoginFinish> {
  // The same base URL as at the start: the binding cookie only reaches the host it was set on.
  const callbackUrl = new URL(`${callbackUrlOf(desk.baseUrls.forHost(callback.host))}?${callback.query}`);
  const state = callbackUrl.searchParams.get('state') ?? '';
  const attempt = await takeAttempt(desk, state, binding);
  const subject = await redeemedSubject(desk.provider, callbackUrl, {
    state,
    nonce: attempt.nonce,
    codeVerifier: attempt.codeVerifier,
  });
  const user = await desk.users.find(subject);
  if (!user)
    throw new AppError('BAD_REQUEST', `user ${JSON.stringify(subject.slice(0, 255))} is not known to the platform`);
  const session = await desk.sessions.create(user.id, tokenLifetimes.browserSessionSeconds, {
    userAgent: client.userAgent,
    ip: client.ip,
  });
  return { session, returnTo: attempt.returnTo };
}

/** The attempt `state` names, used up; BAD_REQUEST unless it is live and bound to this browser. */
async function takeAttempt(desk: LoginDesk, state: string, binding: string | undefined) {
  const attempt = await desk.attempts.take(sha256Base64Url(state));
  if (!attempt || attempt.expiresAt <= desk.now())
    throw new AppError('BAD_REQUEST', 'login state is unknown, expired or already used; start again at /auth/login');
  if (!binding || !digestsEqual(sha256Base64Url(binding), attempt.bindingHash)) {
    throw new AppError(
      'BAD_REQUEST',
      'this login was started in another browser (login cookie missing or different); start again at /auth/login',
    );
  }
  return attempt;
}

/** The subject the provider names for the code; BAD_REQUEST when it cannot be redeemed. */
async function redeemedSubject(
  provider: IdentityProviderClient,
  callbackUrl: URL,
  checks: CallbackExpectations,
): Promise<string> {
  try {
    return (await provider.redeemCode(callbackUrl, checks)).subject;
  } catch (error) {
    throw new AppError(
      'BAD_REQUEST',
      `the authorization code could not be redeemed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

function callbackUrlOf(base: string): string {
  return `${base}/auth/callback`;
}

async function providerCall<T>(message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', message, { cause: error, retryAfterSeconds: 30 });
  }
}

export type BrowserLogin = ReturnType<typeof createBrowserLogin>;
