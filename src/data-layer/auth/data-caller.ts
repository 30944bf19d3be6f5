// Who a data-layer request acts as (DESIGN.md §6): one role and its typed session values,
// keyed by lower-case variable name (x-data-user-id).
import type { SessionValue } from '../../access/interpolate-session-variables.ts';

export interface DataCaller {
  readonly role: string;
  readonly session: Readonly<Record<string, SessionValue>>;
  /** How the caller authenticated, for logs. */
  readonly via: 'admin-secret' | 'bearer';
}
