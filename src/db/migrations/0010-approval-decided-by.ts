// Four eyes, recorded (docs/custody.md#sending-and-approving; schema.graphql
// PendingApproval.decidedByUserId): digital_wallet_pending_approval kept who asked (created_by)
// but not who decided. decided_by is the platform user whose decision on the approval was the
// latest recorded through the platform (with one approval required: the approver, or the user
// who rejected it); null while no one has decided here.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE digital_wallet_pending_approval ADD COLUMN decided_by text REFERENCES app_user (id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE digital_wallet_pending_approval DROP COLUMN decided_by`.execute(db);
}
