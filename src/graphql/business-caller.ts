// Who may call a root field of the business API (docs/identity.md#scopes): an API key, never a
// partner key (those serve card and onboarding partners, not the business API), holding the
// scope operation-scopes.ts names for the field. Checked before any resolver runs, so a
// refused caller learns nothing of the records, and NOT_IMPLEMENTED fields are guarded alike.
import { type ApiKeyPrincipal, apiKeyHasScope, type Principal } from '../access/principal.ts';
import type { BusinessScope } from '../domain/identity/api-key-scopes.ts';
import { AppError } from '../errors/app-error.ts';
import { keyRequired } from '../errors/credential-refusal.ts';

export function businessCaller(principal: Principal, field: string, scope: BusinessScope | null): ApiKeyPrincipal {
  if (principal.kind !== 'api-key') throw keyRequired();
  if (principal.keyKind === 'partner')
    throw new AppError('FORBIDDEN', 'partner API keys cannot use the business GraphQL API');
  if (scope !== null && !apiKeyHasScope(principal, scope))
    throw new AppError('FORBIDDEN', `this API key lacks the '${scope}' scope, which ${field} needs`);
  return principal;
}
