-- role admin: mutation { insert_digital_wallet_asset(objects: [{ id: $id, wallet_id: $wallet_id, symbol: $symbol, balance: $balance, unit_price_usd: $unit_price_usd, usd_value: $usd_value, updated_at: $updated_at, available_balance: $available_balance }]) { affected_rows returning { id wallet_id symbol balance unit_price_usd usd_value updated_at available_balance } } }
WITH "t0" AS (INSERT INTO "digital_wallet_asset" ("id", "wallet_id", "symbol", "balance", "unit_price_usd", "usd_value", "updated_at", "available_balance") VALUES ($1::int4, $2::int4, $3::text, $4::numeric, $5::numeric, $6::numeric, $7::timestamptz, $8::numeric) RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t0"."id", 'wallet_id', "t0"."wallet_id", 'symbol', "t0"."symbol", 'balance', "t0"."balance"::text, 'unit_price_usd', "t0"."unit_price_usd"::text, 'usd_value', "t0"."usd_value"::text, 'updated_at', "t0"."updated_at", 'available_balance', "t0"."available_balance"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t0"
-- $1: digital_wallet_asset.id $id
-- $2: digital_wallet_asset.wallet_id $wallet_id
-- $3: digital_wallet_asset.symbol $symbol
-- $4: digital_wallet_asset.balance $balance
-- $5: digital_wallet_asset.unit_price_usd $unit_price_usd
-- $6: digital_wallet_asset.usd_value $usd_value
-- $7: digital_wallet_asset.updated_at $updated_at
-- $8: digital_wallet_asset.available_balance $available_balance
