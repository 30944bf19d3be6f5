// Migration 0020's freeze of sends in flight (docs/custody.md#aml-freeze): when a wallet's freeze
// opens (digital_wallet_freeze, migration 0013), every send of it not signed yet (`initialized`,
// `pendingApproval`) is voided in the journal, its amount and fee holds released
// (`send:<transfer id>:void`, `send-fee:<transfer id>:void`; docs/ledger.md#custody-transfers),
// and marked with the freeze (`voided_by_freeze_id`). A trigger rather than the service's code, so
// a freeze opened by any path releases them. The send stays at the custodian awaiting its approval,
// which the platform refuses for a frozen wallet (only a rejection passes); a send already signed
// is on the chain and cannot be recalled, so it is left as it is.
import { sql } from 'kysely';

/**
 * The journal pass of the wallet is excluded first (the advisory lock custody-transfer-postings.ts
 * takes per wallet, in its lock space), so no pass holds a send while the freeze voids it.
 */
const voidSends = sql`CREATE FUNCTION digital_wallet_freeze_void_sends() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    send record;
    leg text;
  BEGIN
    PERFORM pg_advisory_xact_lock(-463683566, NEW.wallet_id);
    FOR send IN SELECT id, transfer_id FROM digital_wallet_transaction
        WHERE wallet_id = NEW.wallet_id AND direction = 'send' AND state IN ('initialized', 'pendingApproval')
          AND voided_by_freeze_id IS NULL
        ORDER BY created_at, id FOR UPDATE
    LOOP
      FOREACH leg IN ARRAY ARRAY['send:' || send.transfer_id, 'send-fee:' || send.transfer_id] LOOP
        IF EXISTS (SELECT 1 FROM ledger_transfer p WHERE p.id = leg AND p.kind = 'pending')
            AND NOT EXISTS (SELECT 1 FROM ledger_transfer r WHERE r.pending_id = leg) THEN
          INSERT INTO ledger_transfer (id, kind, pending_id, description, metadata)
          VALUES (leg || ':void', 'void_pending', leg,
            'hold released: wallet ' || NEW.wallet_id || ' frozen by a DENIED AML screening',
            jsonb_build_object('walletId', NEW.wallet_id, 'freezeId', NEW.id, 'amlReportId', NEW.aml_report_id::text));
        END IF;
      END LOOP;
      UPDATE digital_wallet_transaction SET voided_by_freeze_id = NEW.id WHERE id = send.id;
    END LOOP;
    RETURN NULL;
  END
$$`;

export const freezeVoidsUnsignedSends = [
  sql`ALTER TABLE digital_wallet_transaction
    ADD COLUMN voided_by_freeze_id integer REFERENCES digital_wallet_freeze (id) ON DELETE RESTRICT`,
  voidSends,
  sql`CREATE TRIGGER digital_wallet_freeze_voids_sends AFTER INSERT ON digital_wallet_freeze
    FOR EACH ROW WHEN (NEW.unfrozen_at IS NULL) EXECUTE FUNCTION digital_wallet_freeze_void_sends()`,
];
