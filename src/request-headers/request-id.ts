// Every request on either port gets an id, echoed as X-Request-Id and carried by its log lines
// (docs/metrics.md#access-log). A caller's own id is kept when it is safe to log: 8 to 128
// characters of letters, digits and `._:-`; anything else is replaced by a random UUID.
import { randomUUID } from 'node:crypto';

const acceptable = /^[A-Za-z0-9._:-]{8,128}$/;

/** The id of a request that sent `incoming` as its X-Request-Id (undefined or empty when none). */
export function requestIdFrom(incoming: string | undefined): string {
  return incoming !== undefined && acceptable.test(incoming) ? incoming : randomUUID();
}
