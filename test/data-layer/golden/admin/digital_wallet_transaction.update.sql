-- role admin: mutation { update_digital_wallet_transaction(where: {}, _set: { id: $id, wallet_id: $wallet_id, transfer_id: $transfer_id, tx_hash: $tx_hash, direction: $direction, coin: $coin, amount_base_units: $amount_base_units, usd_value: $usd_value, state: $state, counterparty_address: $counterparty_address, created_at: $created_at, confirmed_at: $confirmed_at, fee_base_units: $fee_base_units, comment: $comment, sequence_id: $sequence_id, pending_approval_id: $pending_approval_id, initiated_by: $initiated_by, custodian_updated_at: $custodian_updated_at, in_opening_balance: $in_opening_balance, fee_coin: $fee_coin, journaled_state: $journaled_state, voided_by_freeze_id: $voided_by_freeze_id }) { affected_rows returning { id wallet_id transfer_id tx_hash direction coin amount_base_units usd_value state counterparty_address created_at confirmed_at fee_base_units comment sequence_id pending_approval_id initiated_by custodian_updated_at in_opening_balance fee_coin journaled_state voided_by_freeze_id } } }
WITH "t1" AS (UPDATE "digital_wallet_transaction" AS "t0" SET "id" = $1::int4, "wallet_id" = $2::int4, "transfer_id" = $3::text, "tx_hash" = $4::text, "direction" = $5::text, "coin" = $6::text, "amount_base_units" = $7::numeric, "usd_value" = $8::numeric, "state" = $9::text, "counterparty_address" = $10::text, "created_at" = $11::timestamptz, "confirmed_at" = $12::timestamptz, "fee_base_units" = $13::numeric, "comment" = $14::text, "sequence_id" = $15::text, "pending_approval_id" = $16::text, "initiated_by" = $17::text, "custodian_updated_at" = $18::timestamptz, "in_opening_balance" = $19::bool, "fee_coin" = $20::text, "journaled_state" = $21::text, "voided_by_freeze_id" = $22::int4
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'wallet_id', "t1"."wallet_id", 'transfer_id', "t1"."transfer_id", 'tx_hash', "t1"."tx_hash", 'direction', "t1"."direction", 'coin', "t1"."coin", 'amount_base_units', "t1"."amount_base_units"::text, 'usd_value', "t1"."usd_value"::text, 'state', "t1"."state", 'counterparty_address', "t1"."counterparty_address", 'created_at', "t1"."created_at", 'confirmed_at', "t1"."confirmed_at", 'fee_base_units', "t1"."fee_base_units"::text, 'comment', "t1"."comment", 'sequence_id', "t1"."sequence_id", 'pending_approval_id', "t1"."pending_approval_id", 'initiated_by', "t1"."initiated_by", 'custodian_updated_at', "t1"."custodian_updated_at", 'in_opening_balance', "t1"."in_opening_balance", 'fee_coin', "t1"."fee_coin", 'journaled_state', "t1"."journaled_state", 'voided_by_freeze_id', "t1"."voided_by_freeze_id")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
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
