-- role admin: mutation { update_digital_wallet_asset(where: {}, _set: { id: $id, wallet_id: $wallet_id, symbol: $symbol, balance: $balance, unit_price_usd: $unit_price_usd, usd_value: $usd_value, updated_at: $updated_at, available_balance: $available_balance }) { affected_rows returning { id wallet_id symbol balance unit_price_usd usd_value updated_at available_balance } } }
WITH "t1" AS (UPDATE "digital_wallet_asset" AS "t0" SET "id" = $1::int4, "wallet_id" = $2::int4, "symbol" = $3::text, "balance" = $4::numeric, "unit_price_usd" = $5::numeric, "usd_value" = $6::numeric, "updated_at" = $7::timestamptz, "available_balance" = $8::numeric
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'wallet_id', "t1"."wallet_id", 'symbol', "t1"."symbol", 'balance', "t1"."balance"::text, 'unit_price_usd', "t1"."unit_price_usd"::text, 'usd_value', "t1"."usd_value"::text, 'updated_at', "t1"."updated_at", 'available_balance', "t1"."available_balance"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: digital_wallet_asset.id $id
-- $2: digital_wallet_asset.wallet_id $wallet_id
-- $3: digital_wallet_asset.symbol $symbol
-- $4: digital_wallet_asset.balance $balance
-- $5: digital_wallet_asset.unit_price_usd $unit_price_usd
-- $6: digital_wallet_asset.usd_value $usd_value
-- $7: digital_wallet_asset.updated_at $updated_at
-- $8: digital_wallet_asset.available_balance $available_balance
