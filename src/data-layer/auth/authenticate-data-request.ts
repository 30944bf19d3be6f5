// The data layer's authentication (docs/data-layer.md#authentication). In this order:
// 1. X-Data-Admin-Secret (compared in constant time): role `admin`, or the role named by
//    X-Data-Role with session variables from the X-Data-* headers;
// 2. Authorization: Bearer <platform token>: role and session variables from its
//    `data_access` claims; X-Data-Role may only pick one of the token's allowed roles, and
//    X-Data-* session headers are ignored (never trusted without the secret);
// 3. nothing: refused.
// Session variables are only collected here: which ones a request needs depends on the rules
// it uses, known once the operation is planned (session-variables.ts).
import type { IncomingHttpHeaders } from 'node:http';
import { compiledDataLayerRules, type DataLayerRules } from '../../records/data-layer-sql/data-layer-rules.ts';
import { adminRole } from '../../records/data-layer-sql/role-permissions.ts';
import { secretMatcher } from '../../domain/identity/secret-digest.ts';
import { DataLayerError } from '../data-layer-error.ts';
import type { BearerVerifier } from './bearer-verifier.ts';
import type { DataCaller } from './data-caller.ts';
import { collectSessionText } from './session-variables.ts';

/**
 * The caller a request's headers authenticate; refuses with DataLayerError. With the admin secret
 * every check is synchronous, so its caller (or refusal) comes at once, without a promise of its
 * own on every such request; a bearer token's comes once verified. Callers await either.
 */
export type DataAuthenticator = (headers: IncomingHttpHeaders) => DataCaller | Promise<DataCaller>;

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function requireKnownRole(rules: DataLayerRules, role: string): void {
  if (!rules.isKnownRole(role))
    throw new DataLayerError(
      'FORBIDDEN',
      `role '${role.slice(0, 100)}' is not a data-layer role (unknown role or no permission)`,
    );
}

export function createDataAuthenticator(deps: {
  adminSecret: string;
  verifyBearer: BearerVerifier;
  /** The compiled permissions served (roles, session variables); default generated/permissions'. */
  rules?: DataLayerRules;
}): DataAuthenticator {
  const isAdminSecret = secretMatcher(deps.adminSecret);
  const rules = deps.rules ?? compiledDataLayerRules;

  function withSecret(headers: IncomingHttpHeaders, secret: string): DataCaller {
    if (!isAdminSecret(secret)) throw new DataLayerError('UNAUTHENTICATED', 'X-Data-Admin-Secret is wrong');
    const role = header(headers, 'x-data-role')?.trim() || adminRole;
    requireKnownRole(rules, role);
    return {
      role,
      sessionText: collectSessionText((name) => header(headers, name), rules.model),
      via: 'admin-secret',
    };
  }

  async function withBearer(headers: IncomingHttpHeaders, token: string): Promise<DataCaller> {
    const claims = await deps.verifyBearer(token);
    const allowed = claims['x-data-allowed-roles'];
    const fallback = claims['x-data-default-role'];
    if (!Array.isArray(allowed) || !allowed.every((role) => typeof role === 'string') || typeof fallback !== 'string') {
      throw new DataLayerError(
        'FORBIDDEN',
        'bearer token has malformed data_access claims (x-data-allowed-roles, x-data-default-role)',
      );
    }
    const role = header(headers, 'x-data-role')?.trim() || fallback;
    if (role === adminRole || !allowed.includes(role)) {
      throw new DataLayerError(
        'FORBIDDEN',
        `role '${role.slice(0, 100)}' is not among the roles this token allows (${allowed.join(', ')})`,
      );
    }
    requireKnownRole(rules, role);
    const claim = (name: string) => (typeof claims[name] === 'string' ? claims[name] : undefined);
    return { role, sessionText: collectSessionText(claim, rules.model), via: 'bearer' };
  }

  return (headers) => {
    const secret = header(headers, 'x-data-admin-secret');
    if (secret !== undefined) return withSecret(headers, secret);
    const authorization = header(headers, 'authorization');
    if (authorization !== undefined) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
      if (!match) throw new DataLayerError('UNAUTHENTICATED', 'Authorization must be "Bearer <platform access token>"');
      return withBearer(headers, match[1] as string);
    }
    throw new DataLayerError(
      'UNAUTHENTICATED',
      'no credentials: send X-Data-Admin-Secret, or Authorization: Bearer with a platform access token (X-Data-Role and X-Data-* headers alone are not trusted)',
    );
  };
}
