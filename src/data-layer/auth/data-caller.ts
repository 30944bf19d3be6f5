// Who a data-layer request acts as (docs/data-layer.md#authentication): one role and the
// session variables its credential carries, still as text, keyed by lower-case variable name
// (x-data-user-id). A value is parsed only when a rule the request uses references it.

export interface DataCaller {
  readonly role: string;
  /** Every declared session variable the credential carries, as sent (X-Data-* header or token claim). */
  readonly sessionText: Readonly<Record<string, string>>;
  /** How the caller authenticated: names where a session variable came from, in messages and logs. */
  readonly via: 'admin-secret' | 'bearer';
}
