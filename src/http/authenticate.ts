// Resolves the caller for an operation from the security requirement that openapi.yaml
// declares for it (DESIGN.md §5). Alternatives are tried in order; the first one whose
// credential is present decides. Issue 3 adds sessions, bearer tokens and stored API keys.
import type { Context } from 'koa';
import { AppError } from '../errors/app-error.ts';
import { anonymous, type Principal } from '../access/principal.ts';
import { constantTimeEqual } from './constant-time-equal.ts';

export interface AuthenticationOptions {
  adminApiKey: string;
}

export type Authenticator = (ctx: Context, security: readonly (readonly string[])[]) => Promise<Principal>;

export function createAuthenticator(options: AuthenticationOptions): Authenticator {
  return async (ctx, security) => {
    if (security.length === 0 || security.some((alternative) => alternative.length === 0)) {
      return anonymous;
    }
    const schemes = new Set(security.flat());
    if (schemes.has('apiKey')) {
      const presented = ctx.get('x-api-key');
      if (presented) {
        if (constantTimeEqual(presented, options.adminApiKey)) return { kind: 'admin-api-key', keyId: 'bootstrap' };
        throw new AppError('UNAUTHENTICATED', 'invalid API key');
      }
    }
    throw new AppError('UNAUTHENTICATED', `authentication required: send ${describeSchemes(schemes)}`);
  };
}

const schemeNames: Record<string, string> = {
  apiKey: 'an X-API-Key header',
  bearerAuth: 'an Authorization: Bearer token',
  sessionCookie: 'a session cookie',
  signedUrlToken: 'a signed token query parameter',
};

function describeSchemes(schemes: Set<string>): string {
  return [...schemes].map((scheme) => schemeNames[scheme] ?? scheme).join(' or ');
}
