// The key of a cached wallet result (src/cache/result-key.ts) for the caller's organization scope
// (docs/identity.md#organization-scope): a result read within one scope is never answered to
// another; every caller that reaches all organizations shares the key part `all`.
import type { OrganizationScope } from '../../access/organization-scope.ts';
import { type ResultKey, resultKey } from '../../cache/result-key.ts';

export function scopedResultKey(
  operation: string,
  args: Readonly<Record<string, unknown>>,
  scope: OrganizationScope,
): ResultKey {
  return resultKey(operation, args, scope.organizationId ?? 'all');
}
