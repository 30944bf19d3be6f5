-- role admin: mutation { delete_digital_wallet_asset(where: {}) { affected_rows returning { id wallet_id symbol balance unit_price_usd usd_value updated_at available_balance } } }
WITH "t1" AS (DELETE
  FROM "digital_wallet_asset" AS "t0"
  WHERE true RETURNING *)
SELECT json_build_object('affected_rows', count(*), 'returning', coalesce(json_agg(json_build_object('id', "t1"."id", 'wallet_id', "t1"."wallet_id", 'symbol', "t1"."symbol", 'balance', "t1"."balance"::text, 'unit_price_usd', "t1"."unit_price_usd"::text, 'usd_value', "t1"."usd_value"::text, 'updated_at', "t1"."updated_at", 'available_balance', "t1"."available_balance"::text)) FILTER (WHERE true), '[]'::json))::text AS "value", true AS "check_passed"
FROM "t1"
