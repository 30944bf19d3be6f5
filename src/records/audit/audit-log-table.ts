// The one writer of audit_log (docs/ledger.md#who-did-what): who did a thing to which record,
// through which key and request, with the facts of it. An entry is written in the transaction of
// the change it records, so a change is never kept without its entry nor an entry without its change.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../generated/database/database.ts';

/** Who acted: the acting person, the API key they acted through, the request it came in. */
export interface AuditActor {
  /** app_user.id of the acting person; null for the platform itself (a job, the simulator). */
  userId: string | null;
  /** api_key.id the request carried; null without one (a session, a job). */
  apiKeyId: string | null;
  requestId: string | null;
}

export interface AuditEntry {
  actor: AuditActor;
  /** `<resource>.<verb>`, e.g. `fund_subscription.cancel`, `digital_wallet.freeze`. */
  action: string;
  resourceType: string;
  resourceId: string | null;
  /** The facts of the action (amounts as decimal strings, never floats); never a secret. */
  details: Record<string, unknown>;
}

/** The platform acting on its own (a job, a provider's notice): no person, key or request. */
export const platformActor: AuditActor = { userId: null, apiKeyId: null, requestId: null };

/** Writes one entry with `db`: a transaction's handle keeps it with the change it records. */
export async function writeAuditEntry(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actor.userId,
      actor_api_key_id: entry.actor.apiKeyId,
      action: entry.action,
      resource_type: entry.resourceType,
      resource_id: entry.resourceId,
      request_id: entry.actor.requestId,
      details: JSON.stringify(entry.details),
    })
    .execute();
}
