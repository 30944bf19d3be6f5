// Claims of a verified token are used in queries (`sub`, `sid`, `data_access` values): a token
// whose claims PostgreSQL text cannot hold is an invalid credential, refused before any query
// (docs/identity.md#credentials, src/domain/text/storable-text.ts).
import type { JWTPayload } from 'jose';
import { findUnstorableText } from '../text/storable-text.ts';

/** Why the claims cannot be used (`token claim sub contains a NUL character`), or null. */
export function unstorableClaim(payload: JWTPayload): string | null {
  const [found] = findUnstorableText(payload);
  return found ? `token claim ${found.path.join('.')} ${found.problem}` : null;
}
