// What the wallet mutations of the business API record beyond migration 0001 (docs/custody.md#wallet-operations):
// - aml_report: the provider's screening id, so a PENDING report can be read again at the
//   provider, and when the screening completed (schema.graphql `AmlReport.completedAt`); at most
//   one running (pending) report per wallet, so two concurrent requests cannot start two.
// - digital_wallet_pending_approval: what an approval guards (`PendingApprovalKind`) and, for a
//   whitelist change, its entry (`PendingApproval.whitelistEntry`). Existing rows guard transfers.
// - digital_wallet_creation_key: `CreateDigitalWalletInput.idempotencyKey`, per organization,
//   with a digest of the input it was first used with and the wallet it made.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE aml_report
    ADD COLUMN provider_screening_id text CHECK (length(provider_screening_id) BETWEEN 1 AND 128),
    ADD COLUMN completed_at timestamptz`.execute(db);
  await sql`CREATE UNIQUE INDEX aml_report_running_idx ON aml_report (wallet_id) WHERE screening_status = 'pending'`.execute(
    db,
  );
  await sql`ALTER TABLE digital_wallet_pending_approval
    ADD COLUMN kind text NOT NULL DEFAULT 'transfer' CHECK (kind IN ('transfer', 'whitelistAdd', 'whitelistRemove')),
    ADD COLUMN whitelist_entry_id integer REFERENCES digital_wallet_whitelist_entry (id) ON DELETE SET NULL`.execute(
    db,
  );
  await sql`CREATE INDEX digital_wallet_pending_approval_entry_idx
    ON digital_wallet_pending_approval (whitelist_entry_id) WHERE whitelist_entry_id IS NOT NULL`.execute(db);
  await sql`CREATE TABLE digital_wallet_creation_key (
    organization_id uuid NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
    idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 100),
    input_digest text NOT NULL CHECK (input_digest ~ '^[0-9a-f]{64}$'),
    wallet_id integer NOT NULL REFERENCES digital_wallet (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (organization_id, idempotency_key)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE digital_wallet_creation_key`.execute(db);
  await sql`DROP INDEX digital_wallet_pending_approval_entry_idx`.execute(db);
  await sql`ALTER TABLE digital_wallet_pending_approval DROP COLUMN whitelist_entry_id, DROP COLUMN kind`.execute(db);
  await sql`DROP INDEX aml_report_running_idx`.execute(db);
  await sql`ALTER TABLE aml_report DROP COLUMN completed_at, DROP COLUMN provider_screening_id`.execute(db);
}
