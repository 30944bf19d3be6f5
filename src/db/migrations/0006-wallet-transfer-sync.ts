// What the custody mutations keep beyond migration 0001 (docs/custody.md#transfers-in-the-database):
// of a transfer, the custodian's fee, comment, idempotency key (`sequence_id`), pending-approval id
// and last change, and the platform user who sent it (`initiated_by`, the acting user of
// docs/identity.md#acting-user); and, per wallet, how far the transfer sync got
// (`digital_wallet_transfer_sync`): the time the next run starts from, the run in progress with the
// custodian's cursor, so a sync that failed half-way continues where it stopped, and a lease so
// two syncs of one wallet never run at once.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE digital_wallet_transaction
    ADD COLUMN fee_base_units numeric(78, 0),
    ADD COLUMN comment text,
    ADD COLUMN sequence_id text,
    ADD COLUMN pending_approval_id text,
    ADD COLUMN initiated_by text REFERENCES app_user (id) ON DELETE SET NULL,
    ADD COLUMN custodian_updated_at timestamptz`.execute(db);
  await sql`CREATE INDEX digital_wallet_transaction_sequence_idx ON digital_wallet_transaction (sequence_id)
    WHERE sequence_id IS NOT NULL`.execute(db);
  await sql`CREATE TABLE digital_wallet_transfer_sync (
    wallet_id integer PRIMARY KEY REFERENCES digital_wallet (id) ON DELETE CASCADE,
    synced_through timestamptz,
    last_synced_at timestamptz,
    run_started_at timestamptz,
    run_date_gte timestamptz,
    run_prev_id text,
    lease_token uuid,
    lease_until timestamptz
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE digital_wallet_transfer_sync`.execute(db);
  await sql`DROP INDEX digital_wallet_transaction_sequence_idx`.execute(db);
  await sql`ALTER TABLE digital_wallet_transaction
    DROP COLUMN fee_base_units,
    DROP COLUMN comment,
    DROP COLUMN sequence_id,
    DROP COLUMN pending_approval_id,
    DROP COLUMN initiated_by,
    DROP COLUMN custodian_updated_at`.execute(db);
}
