// Compliance controls that bind (docs/custody.md#aml-freeze) and whitelist history
// (docs/custody.md#whitelist-policy-and-approvals):
// - digital_wallet_freeze: a wallet frozen by a DENIED AML screening, with the report that froze
//   it, open until the business API's unfreezeDigitalWallet closes it with who and why. At most one
//   open freeze per wallet. The data layer does not track the table (permissions.yaml), so no role
//   of it, admin included, can close a freeze.
// - digital_wallet_aml_freeze: while a freeze is open the wallet cannot become ACTIVE, whoever
//   updates it (the data layer's digital_wallets_admin may update `status`): only the unfreeze,
//   which closes the freeze first in the same transaction, makes it ACTIVE again.
// - digital_wallet_whitelist_entry: a removed entry is kept (`removed`, with when and who) rather
//   than deleted; one entry per address that is not removed, so a removed address can be added again.
import { type Kysely, sql } from 'kysely';

const freezeTable = sql`CREATE TABLE digital_wallet_freeze (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  wallet_id integer NOT NULL REFERENCES digital_wallet (id) ON DELETE RESTRICT,
  aml_report_id uuid NOT NULL REFERENCES aml_report (id) ON DELETE RESTRICT,
  frozen_at timestamptz NOT NULL DEFAULT now(),
  unfrozen_at timestamptz,
  unfrozen_by text REFERENCES app_user (id) ON DELETE SET NULL,
  unfreeze_reason text CHECK (length(unfreeze_reason) BETWEEN 1 AND 500),
  CONSTRAINT digital_wallet_freeze_closed CHECK ((unfrozen_at IS NULL) = (unfreeze_reason IS NULL))
)`;

/** The data layer answers a check violation with its constraint and this hint (database-errors.ts). */
const refuseUnfreeze = sql`CREATE FUNCTION digital_wallet_refuse_aml_unfreeze() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF EXISTS (SELECT 1 FROM digital_wallet_freeze f WHERE f.wallet_id = NEW.id AND f.unfrozen_at IS NULL) THEN
      RAISE EXCEPTION 'wallet % is frozen by a DENIED AML screening', NEW.id
        USING ERRCODE = 'check_violation', TABLE = 'digital_wallet', CONSTRAINT = 'digital_wallet_aml_freeze',
          HINT = 'a wallet frozen by a DENIED AML screening becomes ACTIVE only through the business API mutation unfreezeDigitalWallet';
    END IF;
    RETURN NEW;
  END
$$`;

const unfreezeGuard = sql`CREATE TRIGGER digital_wallet_aml_freeze BEFORE UPDATE OF status ON digital_wallet
  FOR EACH ROW WHEN (NEW.status = 'active' AND OLD.status <> 'active')
  EXECUTE FUNCTION digital_wallet_refuse_aml_unfreeze()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await freezeTable.execute(db);
  await sql`CREATE UNIQUE INDEX digital_wallet_freeze_open_idx ON digital_wallet_freeze (wallet_id) WHERE unfrozen_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX digital_wallet_freeze_report_idx ON digital_wallet_freeze (aml_report_id)`.execute(db);
  await refuseUnfreeze.execute(db);
  await unfreezeGuard.execute(db);
  await sql`ALTER TABLE digital_wallet_whitelist_entry
    DROP CONSTRAINT digital_wallet_whitelist_entry_status_check,
    DROP CONSTRAINT digital_wallet_whitelist_entry_wallet_id_address_key,
    ADD CONSTRAINT digital_wallet_whitelist_entry_status_check
      CHECK (status IN ('pending', 'approved', 'rejected', 'removed')),
    ADD COLUMN removed_at timestamptz,
    ADD COLUMN removed_by text REFERENCES app_user (id) ON DELETE SET NULL,
    ADD CONSTRAINT digital_wallet_whitelist_entry_removal CHECK ((status = 'removed') = (removed_at IS NOT NULL))`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX digital_wallet_whitelist_entry_current_idx
    ON digital_wallet_whitelist_entry (wallet_id, address) WHERE status <> 'removed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM digital_wallet_whitelist_entry WHERE status = 'removed'`.execute(db);
  await sql`DROP INDEX digital_wallet_whitelist_entry_current_idx`.execute(db);
  await sql`ALTER TABLE digital_wallet_whitelist_entry
    DROP CONSTRAINT digital_wallet_whitelist_entry_removal,
    DROP COLUMN removed_by,
    DROP COLUMN removed_at,
    DROP CONSTRAINT digital_wallet_whitelist_entry_status_check,
    ADD CONSTRAINT digital_wallet_whitelist_entry_status_check CHECK (status IN ('pending', 'approved', 'rejected')),
    ADD CONSTRAINT digital_wallet_whitelist_entry_wallet_id_address_key UNIQUE (wallet_id, address)`.execute(db);
  await sql`DROP TRIGGER digital_wallet_aml_freeze ON digital_wallet`.execute(db);
  await sql`DROP FUNCTION digital_wallet_refuse_aml_unfreeze()`.execute(db);
  await sql`DROP TABLE digital_wallet_freeze`.execute(db);
}
