-- role digital_wallets_admin: { digital_wallet_transaction { id wallet_id transfer_id tx_hash direction coin amount_base_units usd_value state counterparty_address created_at confirmed_at fee_base_units comment sequence_id pending_approval_id initiated_by custodian_updated_at in_opening_balance } }
SELECT coalesce(json_agg(json_build_object('id', "t0"."id", 'wallet_id', "t0"."wallet_id", 'transfer_id', "t0"."transfer_id", 'tx_hash', "t0"."tx_hash", 'direction', "t0"."direction", 'coin', "t0"."coin", 'amount_base_units', "t0"."amount_base_units"::text, 'usd_value', "t0"."usd_value"::text, 'state', "t0"."state", 'counterparty_address', "t0"."counterparty_address", 'created_at', "t0"."created_at", 'confirmed_at', "t0"."confirmed_at", 'fee_base_units', "t0"."fee_base_units"::text, 'comment', "t0"."comment", 'sequence_id', "t0"."sequence_id", 'pending_approval_id', "t0"."pending_approval_id", 'initiated_by', "t0"."initiated_by", 'custodian_updated_at', "t0"."custodian_updated_at", 'in_opening_balance', "t0"."in_opening_balance")), '[]'::json)::text AS "value", count(*) AS "row_count"
FROM (SELECT "t0"."id", "t0"."wallet_id", "t0"."transfer_id", "t0"."tx_hash", "t0"."direction", "t0"."coin", "t0"."amount_base_units", "t0"."usd_value", "t0"."state", "t0"."counterparty_address", "t0"."created_at", "t0"."confirmed_at", "t0"."fee_base_units", "t0"."comment", "t0"."sequence_id", "t0"."pending_approval_id", "t0"."initiated_by", "t0"."custodian_updated_at", "t0"."in_opening_balance"
  FROM "digital_wallet_transaction" AS "t0"
  WHERE EXISTS (SELECT 1
    FROM "digital_wallet" AS "t0__r1"
    WHERE ("t0__r1"."id" = "t0"."wallet_id" AND "t0__r1"."organization_id" = $1))
  LIMIT 10001) AS "t0"
-- $1: session x-data-organization-id
