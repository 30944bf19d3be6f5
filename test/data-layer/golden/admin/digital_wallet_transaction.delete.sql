-- role admin: mutation { delete_digital_wallet_transaction(where: {}) { affected_rows returning { id wallet_id transfer_id tx_hash direction coin amount_base_units usd_value state counterparty_address created_at confirmed_at } } }
WITH "t1" AS (DELETE
  FROM "digital_wallet_transaction" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'wallet_id', "t1"."wallet_id", 'transfer_id', "t1"."transfer_id", 'tx_hash', "t1"."tx_hash", 'direction', "t1"."direction", 'coin', "t1"."coin", 'amount_base_units', "t1"."amount_base_units"::text, 'usd_value', "t1"."usd_value"::text, 'state', "t1"."state", 'counterparty_address', "t1"."counterparty_address", 'created_at', "t1"."created_at", 'confirmed_at', "t1"."confirmed_at")) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
