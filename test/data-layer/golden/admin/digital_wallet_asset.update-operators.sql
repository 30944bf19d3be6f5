-- role admin: mutation { update_digital_wallet_asset(where: {}, _inc: { id: $id, wallet_id: $wallet_id, balance: $balance, unit_price_usd: $unit_price_usd, usd_value: $usd_value, available_balance: $available_balance }) { affected_rows returning { id wallet_id symbol balance unit_price_usd usd_value updated_at available_balance } } }
WITH "t1" AS (UPDATE "digital_wallet_asset" AS "t0" SET "id" = "t0"."id" + $1::int4, "wallet_id" = "t0"."wallet_id" + $2::int4, "balance" = "t0"."balance" + $3::numeric, "unit_price_usd" = "t0"."unit_price_usd" + $4::numeric, "usd_value" = "t0"."usd_value" + $5::numeric, "available_balance" = "t0"."available_balance" + $6::numeric
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'wallet_id', "t1"."wallet_id", 'symbol', "t1"."symbol", 'balance', "t1"."balance"::text, 'unit_price_usd', "t1"."unit_price_usd"::text, 'usd_value', "t1"."usd_value"::text, 'updated_at', "t1"."updated_at", 'available_balance', "t1"."available_balance"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
-- $1: digital_wallet_asset.id $id
-- $2: digital_wallet_asset.wallet_id $wallet_id
-- $3: digital_wallet_asset.balance $balance
-- $4: digital_wallet_asset.unit_price_usd $unit_price_usd
-- $5: digital_wallet_asset.usd_value $usd_value
-- $6: digital_wallet_asset.available_balance $available_balance
