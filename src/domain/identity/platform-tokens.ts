// Every JWT the platform issues (docs/identity.md#platform-tokens): RS256 with a kid from the
// JWKS, `iss`/`aud`/`sub`/`iat`/`exp`/`jti`, and a `token_use` claim so that a token made
// for one purpose (a wallet signer, an SDK, a document link) is never accepted for another.
import { errors, jwtVerify, SignJWT, decodeProtectedHeader, type JWTPayload } from 'jose';
import type { SigningKeyRing } from './signing-key-ring.ts';
import { unstorableClaim } from './storable-claims.ts';

export type TokenUse = 'access' | 'wallet' | 'workflow-sdk' | 'kyc-document';

/**
 * Claims the data-access layer reads (docs/identity.md#data-access-claims); names match its
 * `X-Data-*` headers.
 */
export interface DataAccessClaims {
  'x-data-allowed-roles': string[];
  'x-data-default-role': string;
  'x-data-user-id': string;
  'x-data-organization-id'?: string;
  /** Postgres array literal, as in the `X-Data-Allowed-Funds` header: `{1,3}`. */
  'x-data-allowed-funds'?: string;
}

export const dataAccessClaim = 'data_access';

export interface IssuedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

export interface TokenAudiences {
  /** Access tokens: the REST API and the data layer. */
  access: string[];
  wallet: string;
  workflowSdk: string[];
  kycDocument: string;
}

/** The audience of each token purpose (docs/identity.md): distinct, so purposes never mix. */
export function platformAudiences(publicUrl: string, dataPublicUrl: string): TokenAudiences {
  return {
    access: [publicUrl, dataPublicUrl],
    wallet: `${publicUrl}/wallet`,
    workflowSdk: [`${publicUrl}/workflow-sdk`, dataPublicUrl],
    kycDocument: `${publicUrl}/kyc/documents`,
  };
}

export class TokenRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenRejected';
  }
}

export interface PlatformTokens {
  readonly issuer: string;
  readonly audiences: TokenAudiences;
  issue(use: TokenUse, claims: JWTPayload & { sub: string }, lifetimeSeconds: number): Promise<IssuedToken>;
  /** Verifies signature, issuer, audience, expiry and purpose; throws TokenRejected saying which failed. */
  verify(token: string, use: TokenUse, audience?: string): Promise<JWTPayload & { sub: string; jti: string }>;
}

const typeOf: Record<TokenUse, string> = {
  // RFC 9068 names the access-token type; the other purposes are plain JWTs.
  access: 'at+jwt',
  wallet: 'JWT',
  'workflow-sdk': 'JWT',
  'kyc-document': 'JWT',
};

export function createPlatformTokens(options: {
  issuer: string;
  audiences: TokenAudiences;
  keys: SigningKeyRing;
  now?: () => Date;
}): PlatformTokens {
  const now = options.now ?? (() => new Date());
  const audienceOf = (use: TokenUse): string | string[] =>
    use === 'access'
      ? options.audiences.access
      : use === 'wallet'
        ? options.audiences.wallet
        : use === 'workflow-sdk'
          ? options.audiences.workflowSdk
          : options.audiences.kycDocument;

  return {
    issuer: options.issuer,
    audiences: options.audiences,

    async issue(use, claims, lifetimeSeconds) {
      const { kid, privateKey } = await options.keys.currentSigningKey();
      const issuedAt = Math.floor(now().getTime() / 1000);
      const expiresAt = issuedAt + lifetimeSeconds;
      const jti = crypto.randomUUID();
      const token = await new SignJWT({ ...claims, token_use: use })
        .setProtectedHeader({ alg: 'RS256', kid, typ: typeOf[use] })
        .setIssuer(options.issuer)
        .setAudience(audienceOf(use))
        .setSubject(claims.sub)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .setJti(jti)
        .sign(privateKey);
      return { token, jti, expiresAt: new Date(expiresAt * 1000) };
    },

    async verify(token, use, audience) {
      let kid: string | undefined;
      try {
        kid = decodeProtectedHeader(token).kid;
      } catch {
        throw new TokenRejected('token is malformed (not a JWS compact serialization)');
      }
      if (!kid) throw new TokenRejected('token has no kid header');
      const key = await options.keys.verificationKey(kid);
      if (!key) throw new TokenRejected(`token is signed by an unknown key (kid ${JSON.stringify(kid.slice(0, 64))})`);
      try {
        const { payload, protectedHeader } = await jwtVerify(token, key, {
          issuer: options.issuer,
          audience: audience ?? audienceOf(use),
          algorithms: ['RS256'],
          typ: typeOf[use],
          requiredClaims: ['sub', 'jti', 'iat', 'exp'],
          currentDate: now(),
        });
        if (payload.token_use !== use || protectedHeader.kid !== kid) {
          throw new TokenRejected(`token is not a platform ${use} token`);
        }
        const unstorable = unstorableClaim(payload);
        if (unstorable) throw new TokenRejected(unstorable);
        return payload as JWTPayload & { sub: string; jti: string };
      } catch (error) {
        throw describeJoseError(error);
      }
    },
  };
}

/** Turns jose's errors into messages that say which check failed. */
export function describeJoseError(error: unknown): Error {
  if (error instanceof TokenRejected) return error;
  if (error instanceof errors.JWTExpired) return new TokenRejected('token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return new TokenRejected('token has the wrong issuer');
    if (error.claim === 'aud') return new TokenRejected('token has the wrong audience');
    if (error.claim === 'nbf') return new TokenRejected('token is not valid yet');
    if (error.claim === 'typ') return new TokenRejected('token has the wrong type (typ header)');
    return new TokenRejected(`token claim ${error.claim} is invalid: ${error.reason}`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return new TokenRejected('token signature does not verify');
  if (error instanceof errors.JWKSNoMatchingKey) return new TokenRejected('token is signed by an unknown key');
  if (error instanceof errors.JOSEAlgNotAllowed)
    return new TokenRejected('token uses an algorithm that is not allowed');
  if (
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JOSENotSupported
  ) {
    return new TokenRejected('token is malformed');
  }
  return error instanceof Error ? error : new Error(String(error));
}
