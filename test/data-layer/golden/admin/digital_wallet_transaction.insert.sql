-- role admin: mutation { insert_digital_wallet_transaction(objects: [{ id: $id, wallet_id: $wallet_id, transfer_id: $transfer_id, tx_hash: $tx_hash, direction: $direction, coin: $coin, amount_base_units: $amount_base_units, usd_value: $usd_value, state: $state, counterparty_address: $counterparty_address, created_at: $created_at, confirmed_at: $confirmed_at, fee_base_units: $fee_base_units, comment: $comment, sequence_id: $sequence_id, pending_approval_id: $pending_approval_id, initiated_by: $initiated_by, custodian_updated_at: $custodian_updated_at, in_opening_balance: $in_opening_balance, fee_coin: $fee_coin, journaled_state: $journaled_state, voided_by_freeze_id: $voided_by_freeze_id }]) { affected_rows returning { id wallet_id transfer_id tx_hash direction coin amount_base_units usd_value state counterparty_address created_at confirmed_at fee_base_units comment sequence_id pending_approval_id initiated_by custodian_updated_at in_opening_balance fee_coin journaled_state voided_by_freeze_id } } }
WITH "t0" AS (INSERT INTO "digital_wallet_transaction" ("id", "wallet_id", "transfer_id", "tx_hash", "direction", "coin", "amount_base_units", "usd_value", "state", "counterparty_address", "created_at", "confirmed_at", "fee_base_units", "comment", "sequence_id", "pending_approval_id", "initiated_by", "custodian_updated_at", "in_opening_balance", "fee_coin", "journaled_state", "voided_by_freeze_id") VALUES ($1::int4, $2::int4, $3::text, $4::text, $5::text, $6::text, $7::numeric, $8::numeric, $9::text, $10::text, $11::timestamptz, $12::timestamptz, $13::numeric, $14::text, $15::text, $16::text, $17::text, $18::timestamptz, $19::bool, $20::text, $21::text, $22::int4) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'wallet_id', "t0"."wallet_id", 'transfer_id', "t0"."transfer_id", 'tx_hash', "t0"."tx_hash", 'direction', "t0"."direction", 'coin', "t0"."coin", 'amount_base_units', "t0"."amount_base_units"::text, 'usd_value', "t0"."usd_value"::text, 'state', "t0"."state", 'counterparty_address', "t0"."counterparty_address", 'created_at', "t0"."created_at", 'confirmed_at', "t0"."confirmed_at", 'fee_base_units', "t0"."fee_base_units"::text, 'comment', "t0"."comment", 'sequence_id', "t0"."sequence_id", 'pending_approval_id', "t0"."pending_approval_id", 'initiated_by', "t0"."initiated_by", 'custodian_updated_at', "t0"."custodian_updated_at", 'in_opening_balance', "t0"."in_opening_balance", 'fee_coin', "t0"."fee_coin", 'journaled_state', "t0"."journaled_state", 'voided_by_freeze_id', "t0"."voided_by_freeze_id")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: digital_wallet_transaction.id $id
-- $2: digital_wallet_transaction.wallet_id $wallet_id
-- $3: digital_wallet_transaction.transfer_id $transfer_id
-- $4: digital_wallet_transaction.tx_hash $tx_hash
-- $5: digital_wallet_transaction.direction $direction
-- $6: digital_wallet_transaction.coin $coin
-- $7: digital_wallet_transaction.amount_base_units $amount_base_units
-- $8: digital_wallet_transaction.usd_value $usd_value
-- $9: digital_wallet_transaction.state $state
-- $10: digital_wallet_transaction.counterparty_address $counterparty_address
-- $11: digital_wallet_transaction.created_at $created_at
-- $12: digital_wallet_transaction.confirmed_at $confirmed_at
-- $13: digital_wallet_transaction.fee_base_units $fee_base_units
-- $14: digital_wallet_transaction.comment $comment
-- $15: digital_wallet_transaction.sequence_id $sequence_id
-- $16: digital_wallet_transaction.pending_approval_id $pending_approval_id
-- $17: digital_wallet_transaction.initiated_by $initiated_by
-- $18: digital_wallet_transaction.custodian_updated_at $custodian_updated_at
-- $19: digital_wallet_transaction.in_opening_balance $in_opening_balance
-- $20: digital_wallet_transaction.fee_coin $fee_coin
-- $21: digital_wallet_transaction.journaled_state $journaled_state
-- $22: digital_wallet_transaction.voided_by_freeze_id $voided_by_freeze_id
