// What kind of caller a request came from, for the access log (docs/metrics.md#access-log):
// never an id, a key or a token, only which kind of credential proved it.
import type { Principal } from '../access/principal.ts';

/** `anonymous`, `user`, `admin` (a user with the admin role), or `api-key:<kind>`. */
export function principalKind(principal: Principal): string {
  if (principal.kind === 'api-key') return `api-key:${principal.keyKind}`;
  if (principal.kind === 'user') return principal.isAdministrator ? 'admin' : 'user';
  return 'anonymous';
}
